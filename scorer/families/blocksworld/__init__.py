"""ViPlan-BW: coloured blocks in labelled columns (ViPlan, section 4.1, appendix H.1).

## Description
Blocks of six colours (r g b y o p) stand in stacks in 4 or 5 labelled columns
(``c1`` ... ``c5``). There is no table object and no height limit.

## Action space
``(moveblock ?b ?c)``: move the clear block ``?b`` to the top of column ``?c``
(it must not already be in ``?c``).

## Difficulties
simple 3 blocks / 4 columns, optimal length 3-5; medium 5 / 5, 5-10; hard 6 / 4, 8-15.
The goal is a full configuration: on, clear and incolumn for every block.
"""

from scorer.families.blocksworld.generate import DIFFICULTIES, BlocksProblem, Difficulty, generate_problem
from scorer.families.blocksworld.pddl import domain_pddl, problem_pddl
from scorer.families.blocksworld.state import Layout, layout_atoms, layout_from_atoms
from scorer.families.blocksworld.verbalize import ENVIRONMENT, goal_text, question

__all__ = [
    "DIFFICULTIES",
    "ENVIRONMENT",
    "BlocksProblem",
    "Difficulty",
    "Layout",
    "domain_pddl",
    "generate_problem",
    "goal_text",
    "layout_atoms",
    "layout_from_atoms",
    "problem_pddl",
    "question",
]
