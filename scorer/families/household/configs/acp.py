"""Config ``household-acp``: ACPBench Hard's eight questions about household states
shown as images.

The shared generated household problems (``problems.py``); the current state is the
first-person view, and since a home is only partly in view, the prompt also lists, in
words, every fact the picture cannot show (objects and containers out of view), so each
question can be answered. The goal is in ViPlan's words; propositions and actions in
words after ViPlan's action descriptions. Per kind and difficulty: 10 questions in test
and 2 in dev (full); ``--size mini``: 1 per kind in test, and 1 of every second kind (app,
reach, val, land) in dev, from simple problems.
Few-shot examples are the text-only configs' (grid and logistics).
"""

from __future__ import annotations

from collections.abc import Callable

from data_build.acp_rows import AcpProblem, shared_fewshot, spread_kinds
from data_build.acp_visual import ProblemsBySplit, VisualAcpDomain, visual_spec
from data_build.spec import BuildSettings
from scorer.families.household.generate import DIFFICULTIES
from scorer.families.household.images import state_png
from scorer.families.household.problem import HouseholdProblem, domain_pddl
from scorer.families.household.problems import household_problems
from scorer.families.household.scene import Scene
from scorer.families.household.sight import sight, split_atom
from scorer.families.household.verbalize import ENVIRONMENT, goal_sentence
from scorer.pddl import Task
from scorer.registry.family import card_template
from scorer.tasks.acp.prompts import DomainWords

HOUSEHOLD_DESCRIPTION = (
    f"{ENVIRONMENT} The agent can navigate to an object (which makes it, and the contents of an open "
    "container it navigates to, reachable, and every other object out of reach), open and close reachable "
    "containers when its hand is free, grasp a reachable movable object when its hand is free, and place the "
    "object it holds on, next to, or inside (if open) a reachable object. Objects are named by their labels."
)
HOUSEHOLD_ATOMS = {
    "reachable": "the {0} is in reach of the agent",
    "holding": "the agent is holding the {0}",
    "open": "the {0} is open",
    "ontop": "the {0} is on top of the {1}",
    "inside": "the {0} is inside the {1}",
    "nextto": "the {0} is next to the {1}",
    "sliced": "the {0} is sliced",
}
HOUSEHOLD_ACTIONS = {
    "grasp": "grasp the {0}",
    "place-on": "place the {0} on top of the {1}",
    "place-next-to": "place the {0} next to the {1}",
    "place-inside": "place the {0} inside the {1}",
    "open-container": "open the {0}",
    "close-container": "close the {0}",
    "navigate-to": "navigate to the {0}",
    "slice": "slice the {0} with the {1}",
}


def _object(name: str) -> str:
    return f"object {name}" if name.startswith("?") else name


def _text(templates: dict[str, str]) -> Callable[[str], str]:
    def text(call: str) -> str:
        head, *args = call.strip("()").split()
        return templates[head].format(*(_object(a) for a in args))

    return text


def household_words(scene: Scene) -> DomainWords:
    def state_image(task: Task, state: int) -> bytes:
        return state_png(sight(scene, task.true_atoms(state)))

    def goal_words(task: Task) -> str:
        positive, negative = task.goal_atoms()
        return ", ".join(goal_sentence(a) for a in [*positive, *(f"(not {a})" for a in negative)])

    def out_of_view(task: Task, state: int) -> str:
        atoms = task.true_atoms(state)
        visible = sight(scene, atoms).visible
        hidden = [a for a in atoms if not set(split_atom(a)[1]) <= visible]
        closed = [c for c, t in task.objects.items() if t == "container" and c not in visible]
        closed = [c for c in closed if f"(open {c})" not in atoms]
        facts = [_text(HOUSEHOLD_ATOMS)(a) for a in hidden] + [f"the {c} is closed" for c in closed]
        return f"The image shows only what is in front of the agent; out of view, {', '.join(facts)}." if facts else ""

    return DomainWords(
        HOUSEHOLD_DESCRIPTION,
        _text(HOUSEHOLD_ATOMS),
        _text(HOUSEHOLD_ACTIONS),
        state_image,
        goal_words,
        out_of_view,
    )


def _acp_problem(problem: HouseholdProblem) -> AcpProblem:
    return AcpProblem(
        problem.name,
        "household",
        household_words(problem.scene),
        domain_pddl(),
        problem.pddl(),
        problem.difficulty,
        problem.seed,
        try_exact=problem.difficulty != "hard",  # hard reachable spaces can pass the exact cap
    )


def acp_problems(settings: BuildSettings) -> ProblemsBySplit:
    grouped: ProblemsBySplit = {}
    for split, problems in household_problems(settings).items():
        for problem in problems:
            grouped.setdefault(split, {}).setdefault(problem.difficulty, []).append(_acp_problem(problem))
    return grouped


HOUSEHOLD = VisualAcpDomain(
    name="household",
    summary="The eight ACP questions about household states shown as first-person images (facts out of view in words).",
    problems=acp_problems,
    per_kind={
        "full": {"test": {d: 10 for d in DIFFICULTIES}, "dev": {d: 2 for d in DIFFICULTIES}},
        "mini": {"test": {"simple": 1}, "dev": {"simple": spread_kinds(4)}},  # dev: half the kinds, smaller than test
    },
    fewshot=shared_fewshot,
    card=card_template(__file__, "household-acp"),
    papers=("ACPBench Hard", "ViPlan"),
)

SPEC = visual_spec(HOUSEHOLD)
