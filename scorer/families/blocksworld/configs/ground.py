"""Config ``blocksworld-ground``: yes/no grounding questions about one blocksworld state.

Questions come from two kinds of state, as ViPlan's grounder asks them:
- the initial state, every grounding of every predicate (ViPlan's enumeration);
- each state along the optimal plan, the precondition atoms of the next action and
  the effect atoms of the last one.
The pool is then balanced per (split, difficulty, predicate): every question of the
rarer answer is kept and the same number of the commoner answer is drawn with a
seeded RNG. Where a predicate never takes one answer, its rows stay one-sided and the
card says so.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial

from data_build import yes_no
from data_build.rows import chat_prompt, dumps, image_cell, row_features
from data_build.spec import SIZES, BuildSettings, ConfigSpec, Rows, apportion
from scorer.families.blocksworld import BlocksProblem, domain_pddl, layout_from_atoms, problem_pddl
from scorer.families.blocksworld.problems import FRESH_CHECK, blocksworld_problems, problem_counts
from scorer.families.blocksworld.prompts import grounder_messages
from scorer.families.blocksworld.state import Layout
from scorer.families.blocksworld.verbalize import question, split_atom
from scorer.families.blocksworld.views import observation
from scorer.pddl import Task
from scorer.registry.family import card_template

CONFIG = "blocksworld-ground"
DIFFICULTY_ORDER = {"simple": 0, "medium": 1, "hard": 2}
# Balanced questions a problem gives at least (the full size averages about 70): size N draws
# N / this many problems first, and twice as many while the pool falls short.
ASSUMED_ROWS_PER_PROBLEM = 32


@dataclass(frozen=True)
class Question:
    problem: BlocksProblem
    state_index: int  # actions of the optimal plan applied before the question
    source: str  # "init" (full enumeration) or "plan" (pre/effect atoms)
    layout: Layout
    atom: str
    answer: bool

    @property
    def predicate(self) -> str:
        return split_atom(self.atom)[0]

    def sort_key(self) -> tuple:
        return (DIFFICULTY_ORDER[self.problem.difficulty], self.problem.name, self.state_index, self.atom)


def questions_of_problem(problem: BlocksProblem) -> list[Question]:
    task = problem.task()
    state = task.init
    found = {atom: _question(task, problem, 0, "init", state, atom) for atom in task.atoms}
    pool = list(found.values())
    for index, action_name in enumerate(problem.optimal_plan, start=1):
        action = task.action(action_name)
        assert action is not None, f"the optimal plan names an action outside the task: {action_name}"
        added, deleted = action.effect_atoms(task, state)
        state = task.successor(state, action)
        asked = set(added) | set(deleted)
        if index < len(problem.optimal_plan):
            following = task.action(problem.optimal_plan[index])
            assert following is not None, (
                f"the optimal plan names an action outside the task: {problem.optimal_plan[index]}"
            )
            positive, negative = following.precondition_atoms()
            asked |= set(positive) | set(negative)
        pool += [_question(task, problem, index, "plan", state, atom) for atom in sorted(asked)]
    return pool


def _question(task: Task, problem: BlocksProblem, index: int, source: str, state: int, atom: str) -> Question:
    layout = layout_from_atoms(task.true_atoms(state), len(problem.init))
    return Question(problem, index, source, layout, atom, task.holds(state, atom))


def balance(pool: list[Question], rng: random.Random) -> list[Question]:
    """Keep every question of the rarer answer and as many of the commoner one, per
    (difficulty, predicate); a one-sided predicate keeps a small sample (the card shows it)."""
    kept = yes_no.balance(pool, lambda q: (q.problem.difficulty, q.predicate), lambda q: q.answer, rng)
    return sorted(kept, key=Question.sort_key)


def make_row(q: Question, split: str, index: int, view: str = "3d", config: str = CONFIG) -> dict:
    """The row of question ``q`` with its state shown in ``view`` (the text view puts the
    state's description where the image marker was, as the episodes' text view does)."""
    text = question(q.atom)
    plain, cot = (observation(view, grounder_messages(text, cot=c), q.layout) for c in (False, True))
    meta = {
        "atom": q.atom,
        "predicate": q.predicate,
        "question": text,
        "problem": q.problem.name,
        "seed": q.problem.seed,
        "state_index": q.state_index,
        "source": q.source,
        "optimal_length": q.problem.optimal_length,
    }
    return {
        "id": f"{config}/{split}/{index:04d}",
        "domain": "blocksworld",
        "task": "ground",
        "difficulty": q.problem.difficulty,
        "images": [image_cell(png) for png in plain.images_png()],
        **chat_prompt("prompt", plain.roles()),
        **chat_prompt("cot", cot.roles()),
        "domain_pddl": domain_pddl(),
        "problem_pddl": problem_pddl(f"{q.problem.name}-s{q.state_index}", q.layout, q.problem.goal),
        "answer_key": dumps({"answer": q.answer}),
        "meta": dumps(meta if config == CONFIG else {**meta, "view": view}),
    }


def build(settings: BuildSettings) -> Rows:
    return _build_rows(settings, chosen_questions(settings))


def chosen_questions(settings: BuildSettings) -> dict[str, list[Question]]:
    """The questions of each split, balanced per difficulty and predicate."""
    if settings.size not in SIZES:
        return _sized_pools(settings)
    problems = blocksworld_problems(settings)
    return {split: _pool(settings, split, ps) for split, ps in problems.items()}


def _pool(settings: BuildSettings, split: str, problems: list[BlocksProblem]) -> list[Question]:
    """Every question of ``problems``, balanced per difficulty and predicate."""
    per_problem = settings.executor.map(questions_of_problem, problems, f"{CONFIG} {split}", settings.show_progress)
    pool = [q for questions in per_problem for q in questions]
    return balance(pool, random.Random(f"{settings.seed}/{CONFIG}/{split}"))


def _sized_pools(settings: BuildSettings) -> dict[str, list[Question]]:
    """Size N: problems in equal numbers per difficulty (as the full size draws them), more
    until the balanced pool holds N questions, then N drawn so each difficulty keeps its
    share of the pool."""
    rows_per_problem = ASSUMED_ROWS_PER_PROBLEM
    while True:
        problems = blocksworld_problems(settings, problem_counts(settings, rows_per_problem))
        pools = {split: _pool(settings, split, ps) for split, ps in problems.items()}
        if all(len(pools[split]) >= settings.rows(split) for split in pools):
            return {split: _sample(settings, split, pool) for split, pool in pools.items()}
        rows_per_problem = max(1, rows_per_problem // 2)


def _sample(settings: BuildSettings, split: str, pool: list[Question]) -> list[Question]:
    by_difficulty: dict[str, list[Question]] = {}
    for q in pool:
        by_difficulty.setdefault(q.problem.difficulty, []).append(q)
    groups = sorted(by_difficulty.items(), key=lambda item: DIFFICULTY_ORDER[item[0]])
    quotas = apportion(settings.rows(split), [len(questions) for _, questions in groups])
    rng = random.Random(f"{settings.seed}/{CONFIG}/{split}/size")
    chosen = [q for (_, questions), quota in zip(groups, quotas) for q in rng.sample(questions, quota)]
    return sorted(chosen, key=Question.sort_key)


def _build_rows(settings: BuildSettings, chosen: dict[str, list[Question]]) -> Rows:
    rows: Rows = {}
    for split, questions in chosen.items():
        jobs = [(q, split, i) for i, q in enumerate(questions)]
        rows[split] = settings.executor.map(_row_of, jobs, f"{CONFIG} {split} rows", settings.show_progress)
    return rows


def _row_of(job: tuple[Question, str, int]) -> dict:
    return make_row(*job)


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="blocksworld",
    task="ground",
    summary="Yes/no grounding questions about one blocksworld image (ViPlan-BW Ground).",
    features_of=partial(row_features, ("cot",)),
    build=build,
    papers=("ViPlan",),
    card_facts=yes_no.predicate_balance_table,
    fresh_check=FRESH_CHECK,
    any_size=True,
    spreads=True,  # its problems' questions and its rows are the executor's jobs
)
