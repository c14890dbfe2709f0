"""The ViPlan-BW PDDL domain text and the problem writer."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from scorer.domains.blocksworld.state import (
    Layout,
    blocks_of,
    column_names,
    column_order_atoms,
    layout_atoms,
)


@cache
def domain_pddl() -> str:
    return files("scorer.domains.blocksworld").joinpath("domain.pddl").read_text()


def problem_pddl(name: str, init: Layout, goal: Layout) -> str:
    """A problem whose :init is ``init`` and whose goal is the full layout ``goal``.

    Goals list on, clear and incolumn for every block, as ViPlan's goals do.
    """
    blocks = " ".join(blocks_of(init))
    columns = " ".join(column_names(len(init)))
    init_atoms = layout_atoms(init) + column_order_atoms(len(init))
    goal_atoms = layout_atoms(goal)
    return "\n".join(
        [
            f"(define (problem {name})",
            "  (:domain blocksworld)",
            f"  (:objects {blocks} - block {columns} - column)",
            "  (:init",
            *[f"    {atom}" for atom in init_atoms],
            "  )",
            "  (:goal (and",
            *[f"    {atom}" for atom in goal_atoms],
            "  ))",
            ")",
            "",
        ]
    )
