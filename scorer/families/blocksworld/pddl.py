"""The ViPlan-BW PDDL domain text and the problem writer."""

from __future__ import annotations

from collections.abc import Sequence
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


# ViPlan's problem files list the goal's on atoms, then clear, then inColumn; its planner's
# goal sentence of a block follows that order (get_goal_str), so ours is written so too.
_GOAL_ORDER = {"on": 0, "clear": 1, "incolumn": 2}


def problem_pddl(name: str, init: Layout, goal: Layout, blocks: Sequence[str] = ()) -> str:
    """A problem whose :init is ``init`` and whose goal is the full layout ``goal``.

    Goals list on, clear and incolumn for every block, in that order, as ViPlan's goals
    do. ``blocks`` is the order the blocks are declared in (by default, column by column
    from the bottom; an imported problem keeps its file's order, which ViPlan's goal
    sentences follow).
    """
    objects = [("block", list(blocks) or blocks_of(init)), ("column", column_names(len(init)))]
    init_atoms = layout_atoms(init) + column_order_atoms(len(init))
    goal_atoms = sorted(layout_atoms(goal), key=lambda atom: _GOAL_ORDER[atom[1:].split()[0]])
    return problem_text(name, "blocksworld", objects, init_atoms, goal_atoms)
