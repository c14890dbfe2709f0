"""Config ``household-ground``: yes/no questions about objects the agent sees in a home.

As ViPlan's household grounder asks them (ViPlan, section 4.1 and its iGibson client):
only about objects in view, with raw object names (``bowl_1``). Questions come from each
state along the optimal plan of the shared generated problems: every grounding over the
objects in view of the six predicates ViPlan asks (source ``view``; no object paired
with itself), among them the precondition atoms of the next action and the effect atoms
of the last one (source ``plan``). The pool is balanced per (difficulty, predicate):
every question of the rarer answer is kept and as many of the commoner one are drawn
with a seeded RNG; a predicate that never takes one answer keeps a small one-sided
sample, and the card's table shows it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial

from tqdm import tqdm

from data_build import yes_no
from data_build.rows import chat_prompt, dumps, image_cell, row_features
from data_build.spec import BuildSettings, ConfigSpec, Rows
from scorer.families.household.generate import DIFFICULTIES
from scorer.families.household.images import state_png
from scorer.families.household.problem import HouseholdProblem, domain_pddl
from scorer.families.household.problems import household_problems
from scorer.families.household.sight import Sight, split_atom
from scorer.families.household.trajectory import PlanState, plan_states
from scorer.families.household.verbalize import ENVIRONMENT, GROUNDED_PREDICATES, question
from scorer.pddl import Task, problem_for_state
from scorer.registry.family import card_template
from scorer.tasks.ground import ground_messages

CONFIG = "household-ground"


@dataclass(frozen=True)
class Question:
    problem: HouseholdProblem
    at: PlanState
    source: str  # "plan" (precondition / effect atom) or "view" (any grounding in view)
    atom: str
    answer: bool

    @property
    def predicate(self) -> str:
        return split_atom(self.atom)[0]

    def sort_key(self) -> tuple:
        return (DIFFICULTIES.index(self.problem.difficulty), self.problem.name, self.at.index, self.atom)


def questions_of_problem(problem: HouseholdProblem) -> list[Question]:
    task = problem.task()
    pool = []
    for at in plan_states(problem):
        asked = _plan_atoms(task, at)
        for atom in _atoms_in_view(task, at.seen):
            source = "plan" if atom in asked else "view"
            pool.append(Question(problem, at, source, atom, task.holds(at.state, atom)))
    return pool


def _atoms_in_view(task: Task, seen: Sight) -> list[str]:
    visible = seen.visible
    chosen = []
    for atom in task.atoms:
        predicate, args = split_atom(atom)
        if predicate in GROUNDED_PREDICATES and set(args) <= visible and len(set(args)) == len(args):
            chosen.append(atom)
    return chosen


def _plan_atoms(task: Task, at: PlanState) -> set[str]:
    asked: set[str] = set()
    if at.next_action is not None:
        following = task.action(at.next_action)
        assert following is not None, f"the optimal plan names an action outside the task: {at.next_action}"
        positive, negative = following.precondition_atoms()
        asked |= set(positive) | set(negative)
    return asked


def balance(pool: list[Question], rng: random.Random) -> list[Question]:
    kept = yes_no.balance(pool, lambda q: (q.problem.difficulty, q.predicate), lambda q: q.answer, rng)
    return sorted(kept, key=Question.sort_key)


def make_row(q: Question, split: str, index: int) -> dict:
    text = question(q.atom)
    task = q.problem.task()
    return {
        "id": f"{CONFIG}/{split}/{index:04d}",
        "domain": "household",
        "task": "ground",
        "difficulty": q.problem.difficulty,
        "images": [image_cell(state_png(q.at.seen))],
        # ViPlan-HH's Ground prompts: the home's description opens the user message (appendix I).
        **chat_prompt("prompt", ground_messages(text, user_context=ENVIRONMENT)),
        **chat_prompt("cot", ground_messages(text, cot=True, user_context=ENVIRONMENT)),
        "domain_pddl": domain_pddl(),
        "problem_pddl": problem_for_state(task, domain_pddl(), q.at.state, f"{q.problem.name}-s{q.at.index}"),
        "answer_key": dumps({"answer": q.answer}),
        "meta": dumps(
            {
                "atom": q.atom,
                "predicate": q.predicate,
                "question": text,
                "problem": q.problem.name,
                "activity": q.problem.activity,
                "seed": q.problem.seed,
                "state_index": q.at.index,
                "source": q.source,
                "visible": sorted(q.at.seen.visible),
                "optimal_length": q.problem.optimal_length,
            }
        ),
    }


def build(settings: BuildSettings) -> Rows:
    rows: Rows = {}
    for split, problems in household_problems(settings).items():
        pool = [
            q
            for p in tqdm(problems, desc=f"{CONFIG} {split}", disable=not settings.show_progress)
            for q in questions_of_problem(p)
        ]
        chosen = balance(pool, random.Random(f"{settings.seed}/{CONFIG}/{split}"))
        rows[split] = [make_row(q, split, i) for i, q in enumerate(chosen)]
    return rows


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="household",
    task="ground",
    summary="Yes/no questions about the objects in view in a home drawn from its PDDL state (ViPlan-HH Ground).",
    features_of=partial(row_features, ("cot",)),
    build=build,
    papers=("ViPlan",),
    card_facts=yes_no.predicate_balance_table,
)
