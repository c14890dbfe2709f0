"""Configs ``<domain>-acp``: the eight ACP questions about states shown as images.

One generic adapter (``VisualAcpDomain``) turns a visual domain into an ACP
config: its problems per split and difficulty, and the words and images of
its states (``DomainWords`` with ``state_image``). Everything else (states
on plans, keys, validators, prompts) is the code of ``acp-hard``, so the
answers are judged exactly as there. Adding a visual domain = adding one
adapter to ``VISUAL_ACP_DOMAINS``; its config appears in ``SPECS``.

``blocksworld-acp``: the shared ViPlan blocksworld problems
(``data_build.blocksworld``); the current state is a 3D-looking render
(``state_png``), the goal is in ViPlan's words, the propositions and the
``moveblock`` action in words. Per kind and ViPlan difficulty: 10 questions in
test and 2 in dev (full); ``--size mini``: 1 per kind in test and dev, from simple problems.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from data_build.acp_rows import ACP_FEATURES, AcpProblem, Asked, ask, build_budget, fewshot_examples, make_rows
from data_build.acp_hard import count_table
from data_build.blocksworld import blocksworld_problems
from data_build.spec import SPLITS, BuildSettings, ConfigSpec, Rows
from scorer.domains.blocksworld import DIFFICULTIES, ENVIRONMENT, BlocksProblem, domain_pddl, goal_text, layout_from_atoms
from scorer.domains.blocksworld.images import state_png
from scorer.domains.blocksworld.verbalize import BLOCK_WORDS, block_name, column_name
from scorer.pddl import Task
from scorer.tasks.acp import KINDS
from scorer.tasks.acp.prompts import DomainWords

# split -> difficulty -> problems
ProblemsBySplit = dict[str, dict[str, list[AcpProblem]]]


@dataclass(frozen=True)
class VisualAcpDomain:
    name: str  # the config is "<name>-acp"
    summary: str
    problems: Callable[[BuildSettings], ProblemsBySplit]
    # size -> split -> difficulty -> questions per kind (difficulties not listed are not asked)
    per_kind: dict[str, dict[str, dict[str, int]]]

    @property
    def config(self) -> str:
        return f"{self.name}-acp"


def visual_spec(adapter: VisualAcpDomain) -> ConfigSpec:
    def build(settings: BuildSettings) -> Rows:
        shots = fewshot_examples(settings.seed)
        budget = build_budget()
        problems = adapter.problems(settings)
        rows: Rows = {}
        for split in SPLITS:
            asked: list[Asked] = []
            for difficulty, quota in adapter.per_kind[settings.size][split].items():
                group = problems[split][difficulty]
                asked += ask(group, {kind: quota for kind in KINDS}, budget, planned=len(group))
            rows[split] = make_rows(adapter.config, split, asked, shots)
        return rows

    return ConfigSpec(
        name=adapter.config,
        domain=adapter.name,
        task="acp",
        summary=adapter.summary,
        features=ACP_FEATURES,
        build=build,
        card_facts=lambda rows: {"count_table": count_table(rows)},
    )


# -- blocksworld ----------------------------------------------------------------------

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

    return DomainWords(BLOCKS_DESCRIPTION, _blocks_text(BLOCKS_ATOMS), _blocks_text(BLOCKS_ACTIONS),
                       state_image, goal_words, static_words)


def _acp_problem(problem: BlocksProblem) -> AcpProblem:
    return AcpProblem(problem.name, "blocksworld", blocks_words(len(problem.init)), domain_pddl(), problem.pddl(),
                      problem.difficulty, problem.seed)


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
        "mini": {"test": {"simple": 1}, "dev": {"simple": 1}},
    },
)

VISUAL_ACP_DOMAINS: dict[str, VisualAcpDomain] = {d.name: d for d in (BLOCKSWORLD,)}
SPECS: tuple[ConfigSpec, ...] = tuple(visual_spec(d) for d in VISUAL_ACP_DOMAINS.values())
