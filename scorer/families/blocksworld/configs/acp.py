"""Config ``blocksworld-acp``: ACPBench Hard's eight questions about ViPlan blocksworld
states shown as images.

The shared ViPlan blocksworld problems (``problems.py``); the current state is a
3D-looking render (``state_png``), the goal is in ViPlan's words, the propositions
and the ``moveblock`` action in words. Per kind and ViPlan difficulty: 10 questions in
test and 2 in dev (full); ``--size mini``: 1 per kind in test, and 1 of every second kind
(app, reach, val, land) in dev, from simple problems. Few-shot examples are the text-only
configs' (grid and logistics).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from data_build.acp_rows import AcpProblem, shared_fewshot, spread_kinds
from data_build.acp_visual import ProblemsBySplit, VisualAcpDomain, visual_spec
from data_build.spec import BuildSettings
from scorer.families.blocksworld import (
    DIFFICULTIES,
    ENVIRONMENT,
    BlocksProblem,
    domain_pddl,
    goal_text,
    layout_from_atoms,
)
from scorer.families.blocksworld.images import state_png
from scorer.families.blocksworld.problems import FRESH_CHECK, blocksworld_problems
from scorer.families.blocksworld.verbalize import BLOCK_WORDS, block_name, column_name
from scorer.pddl import Task
from scorer.registry.family import card_template
from scorer.tasks.acp.prompts import DomainWords

BLOCKS_DESCRIPTION = (
    f"{ENVIRONMENT} Blocks are named by the first letter of their colour (r red, g green, b blue, y yellow, "
    "o orange, p purple) and columns by their labels (c1, c2, ... from left to right). One action, moveblock, "
    "moves a block that is the topmost of its column onto the top of another column; the block it leaves "
    "becomes the topmost of its column."
)

BLOCKS_ATOMS = {
    "on": "the {0} is on top of the {1}",
    "incolumn": "the {0} is in the {1}",
    "clear": "the {0} is the topmost block of its column",
    "rightof": "the {0} is to the right of the {1}",
    "leftof": "the {0} is to the left of the {1}",
}
BLOCKS_ACTIONS = {"moveblock": "move the {0} to the top of the {1}"}


def _blocks_object(name: str) -> str:
    if name.startswith("?"):  # a parameter, in the list of schemas: ?b1 a block, ?c1 a column
        return f"{'block' if name.startswith('?b') else 'column'} {name}"
    return block_name(name) if name in BLOCK_WORDS else column_name(name)


def _blocks_text(templates: dict[str, str]) -> Callable[[str], str]:
    def text(call: str) -> str:
        head, *args = call.strip("()").split()
        return templates[head].format(*(_blocks_object(a) for a in args))

    return text


def blocks_words(n_columns: int) -> DomainWords:
    def state_image(task: Task, state: int) -> bytes:
        return state_png(layout_from_atoms(task.true_atoms(state), n_columns))

    def goal_words(task: Task) -> str:
        return goal_text(layout_from_atoms(task.goal_atoms()[0], n_columns)).rstrip(".")

    def static_words(task: Task, state: int) -> str:
        # ViPlan's static facts are the left/right order of the columns: one sentence says it.
        names = [f"c{i}" for i in range(1, n_columns + 1)]
        return f"The columns, from left to right, are {', '.join(names[:-1])} and {names[-1]}."

    return DomainWords(
        BLOCKS_DESCRIPTION,
        _blocks_text(BLOCKS_ATOMS),
        _blocks_text(BLOCKS_ACTIONS),
        state_image,
        goal_words,
        static_words,
    )


def _acp_problem(problem: BlocksProblem) -> AcpProblem:
    return AcpProblem(
        problem.name,
        "blocksworld",
        blocks_words(len(problem.init)),
        domain_pddl(),
        problem.pddl(),
        problem.difficulty,
        problem.seed,
    )


def blocks_problems(settings: BuildSettings) -> ProblemsBySplit:
    grouped: ProblemsBySplit = {}
    for split, problems in blocksworld_problems(settings).items():
        for problem in problems:
            grouped.setdefault(split, {}).setdefault(problem.difficulty, []).append(_acp_problem(problem))
    return grouped


BLOCKSWORLD = VisualAcpDomain(
    name="blocksworld",
    summary="The eight ACP questions about ViPlan blocksworld states shown as images (goals in words).",
    problems=blocks_problems,
    per_kind={
        "full": {"test": {d: 10 for d in DIFFICULTIES}, "dev": {d: 2 for d in DIFFICULTIES}},
        "mini": {"test": {"simple": 1}, "dev": {"simple": spread_kinds(4)}},  # dev: half the kinds, smaller than test
    },
    fewshot=shared_fewshot,
    card=card_template(__file__, "blocksworld-acp"),
    papers=("ACPBench Hard", "ViPlan"),
    fresh_check=FRESH_CHECK,
)

SPEC = replace(visual_spec(BLOCKSWORLD), prepare=blocksworld_problems)  # its problems are the other configs'
