"""The ViPlan-BW PDDL domain text and the problem writer."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from scorer.families.blocksworld.state import (
    Layout,
    blocks_of,
    column_names,
    column_order_atoms,
    layout_atoms,
)
from scorer.pddl import problem_text


@cache
def domain_pddl() -> str:
    return files("scorer.families.blocksworld").joinpath("domain.pddl").read_text()


def problem_pddl(name: str, init: Layout, goal: Layout) -> str:
    """A problem whose :init is ``init`` and whose goal is the full layout ``goal``.

    Goals list on, clear and incolumn for every block, as ViPlan's goals do.
    """
    objects = [("block", blocks_of(init)), ("column", column_names(len(init)))]
    init_atoms = layout_atoms(init) + column_order_atoms(len(init))
    return problem_text(name, "blocksworld", objects, init_atoms, layout_atoms(goal))
