"""Question generation (ACPBench Hard, section 4): states sampled on several plans.

Plans of one problem, from its initial state:

- small spaces (complete under the exact cap): two optimal plans with
  different random tie-breaks, and a random-walk prefix completed optimally
  (a plan with a detour);
- large spaces: an optimal plan (bounded breadth-first search, else
  ``symk-opt`` where the problem may be asked of it: not on problems whose
  family knows that ``symk-opt`` runs to its memory bound on them for minutes),
  a satisficing ``fast-downward`` plan, and a random-walk
  prefix completed by ``fast-downward`` (every planner call bounded, cached).

Every state along a plan (not its goal end) is a candidate, with the rest of
that plan as a plan from it; a state on an optimal plan knows its h* (the rest's
length), so no question about it needs a planner call. For each kind, candidates are visited in a
seeded order and skipped when the key cannot be decided (``keys.py`` returns
None: e.g. reach where neither an unreachable proposition nor a proof that
there is none is known). val and just start at the candidate state: val
replaces one action of the rest of the plan by an inapplicable one (its index
is the key); just uses the rest of the plan if an action or a consecutive
pair can be removed, else inserts a redundant pair (an action and one that
undoes it) or a redundant single action.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.pddl import GroundAction, PlannerVerdict, Task, bfs, plan_with_planner, random_walk, validate_plan

from . import keys
from .analysis import (
    SEARCH_STATES,
    EvidenceFacts,
    ExactFacts,
    PlannerBudget,
    ProblemGraph,
    state_facts,
)
from .compile import compiled_task
from .question_kinds import acp_kind

MAX_SEQUENCE = 40  # val / just sequences are cut to at most this many actions
MAX_COSTLY_FAILURES = 2  # nexta states whose h* the build could not get, before giving up on a problem
WALK_FRACTION = (0.3, 0.7)


@dataclass(frozen=True)
class Candidate:
    state: int
    plan: tuple[str, ...]  # a plan from the state
    source: str  # which plan it lies on
    step: int  # its position on that plan
    optimal: bool = False  # ``plan`` is optimal: h* of the state is its length


@dataclass(frozen=True)
class Question:
    kind: str
    state: int
    key: dict[str, Any]  # without the vocabulary
    source: str
    step: int
    exact: bool
    opt: int | None
    action: str | None = None  # prog: the action asked about
    sequence: tuple[str, ...] = ()  # val / just


@dataclass
class ProblemQuestions:
    """Candidates of one problem and the facts computed for them (shared by kinds)."""

    task: Task
    domain_pddl: str
    rng: random.Random
    budget: PlannerBudget = field(default_factory=PlannerBudget)
    try_exact: bool = True  # False: the caller knows the space is too big to enumerate
    planner: bool = True  # False: no planner call at all, plans from bounded search only
    optimal_planner: bool = True  # False: no symk-opt call (its optimal plan runs to the memory bound)
    candidates: list[Candidate] = field(default_factory=list)
    graph: ProblemGraph | None = None
    _facts: dict[int, ExactFacts | EvidenceFacts] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Every state's space is part of the initial state's: exact for all, or for none.
        self.graph = ProblemGraph.build(self.task) if self.try_exact else None
        plans = sample_plans(
            self.task,
            self.domain_pddl,
            self.rng,
            self.budget if self.planner else None,
            self.graph,
            self.optimal_planner,
        )
        self.candidates = _candidates(self.task, plans)

    def questions(self, kind: str, count: int, taken: set[tuple[str, int]]) -> list[Question]:
        """Up to ``count`` questions of ``kind`` at states not yet used for it."""
        found: list[Question] = []
        order = list(self.candidates)
        random.Random(f"{self.rng.random()}/{kind}").shuffle(order)
        costly_failures = 0
        for candidate in order:
            if len(found) >= count or costly_failures >= MAX_COSTLY_FAILURES:
                break
            if (kind, candidate.state) in taken:
                continue
            question = self._question(kind, candidate)
            if question is not None:
                taken.add((kind, candidate.state))
                found.append(question)
            elif acp_kind(kind).needs_h_star and not self.facts(candidate).exact:
                costly_failures += 1  # h* needed more than a bounded search: do not keep paying
        return found

    def facts(self, candidate: Candidate) -> ExactFacts | EvidenceFacts:
        if candidate.state not in self._facts:
            optimal = candidate.plan if candidate.optimal else None
            self._facts[candidate.state] = state_facts(
                self.task, candidate.state, [candidate.plan], self.graph, optimal
            )
        return self._facts[candidate.state]

    def _question(self, kind: str, candidate: Candidate) -> Question | None:
        task, state = self.task, candidate.state
        action: str | None = None
        sequence: tuple[str, ...] = ()
        facts: ExactFacts | EvidenceFacts | None = None
        declared = acp_kind(kind)
        if declared.fact_key is not None:
            facts = self.facts(candidate)
            key = declared.fact_key(facts)
        elif kind == "app":
            key = keys.app_key(task, state)
        elif kind == "prog":
            options = task.applicable(state)
            if not options:
                return None
            action = random.Random(f"{state}/prog").choice(options).name
            key = keys.prog_key(task, state, action)
        elif kind == "val":
            sequence = invalid_sequence(task, state, candidate.plan, random.Random(f"{state}/val"))
            key = keys.val_key(task, state, sequence) if sequence else None
        elif kind == "just":
            sequence = redundant_plan(task, state, candidate.plan, random.Random(f"{state}/just"))
            key = keys.just_key(task, state, sequence) if sequence else None
        else:
            raise ValueError(f"no way to ask an ACP question of kind {kind!r}")
        if key is None:
            return None
        exact = True if facts is None else facts.exact
        # h* is kept for the questions about plans whose keys come from the state's facts.
        opt = facts.opt if facts is not None and declared.about_goal else None
        return Question(kind, state, key, candidate.source, candidate.step, exact, opt, action, sequence)


# -- plans and candidate states --------------------------------------------------------


@dataclass(frozen=True)
class SampledPlan:
    source: str  # its name in the rows' meta
    plan: list[str]  # from the initial state
    optimal_from: int | None = None  # the step from which the rest of the plan is optimal


def _candidates(task: Task, plans: list[SampledPlan]) -> list[Candidate]:
    seen: set[int] = set()
    found: list[Candidate] = []
    for sampled in plans:
        state, plan, optimal_from = task.init, sampled.plan, sampled.optimal_from
        for step, name in enumerate(plan):
            if state not in seen:
                seen.add(state)
                optimal = optimal_from is not None and step >= optimal_from
                found.append(Candidate(state, tuple(plan[step:]), sampled.source, step, optimal))
            state = task.successor(state, name)
    return found


def sample_plans(
    task: Task,
    domain_pddl: str,
    rng: random.Random,
    budget: PlannerBudget | None,
    graph: ProblemGraph | None,
    optimal_planner: bool = True,
) -> list[SampledPlan]:
    """Plans from the initial state: on the explicit ``graph`` if there is one, else by search
    (``symk-opt`` asked for the optimal one only when ``optimal_planner``; no planner at all
    when ``budget`` is None)."""
    if graph is not None:
        return _plans_on_graph(task, graph, rng)
    return _plans_by_search(task, domain_pddl, rng, budget, optimal_planner)


def _plans_on_graph(task: Task, graph: ProblemGraph, rng: random.Random) -> list[SampledPlan]:
    start = graph.distance(task.init)
    if not start:
        return []
    plans = [SampledPlan(f"optimal-{i}", _random_optimal(task, graph, task.init, rng), 0) for i in range(2)]
    walk = _walk_prefix(task, task.init, start, rng)
    end = _apply_all(task, task.init, walk)
    if graph.distance(end) is not None:
        plans.append(SampledPlan("walk-then-optimal", walk + _random_optimal(task, graph, end, rng), len(walk)))
    return [sampled for sampled in plans if sampled.plan]


def _random_optimal(task: Task, graph: ProblemGraph, state: int, rng: random.Random) -> list[str]:
    """An optimal plan choosing uniformly among the improving actions at each step."""
    plan: list[str] = []
    distance = graph.distance(state)
    while distance:
        applicable = task.applicable(state)
        after = graph.distances([a.apply(state) for a in applicable])
        action = rng.choice([a for a, d in zip(applicable, after, strict=True) if d == distance - 1])
        plan.append(action.name)
        state, distance = action.apply(state), distance - 1
    return plan


def _walk_prefix(task: Task, state: int, length_hint: int, rng: random.Random) -> list[str]:
    low, high = WALK_FRACTION
    steps = max(1, rng.randint(int(low * length_hint), max(1, int(high * length_hint))))
    return random_walk(task, steps, rng, start=state)


def _apply_all(task: Task, state: int, plan: Sequence[str]) -> int:
    for name in plan:
        state = task.successor(state, name)
    return state


def _plans_by_search(
    task: Task, domain_pddl: str, rng: random.Random, budget: PlannerBudget | None, optimal_planner: bool
) -> list[SampledPlan]:
    plans: list[SampledPlan] = []
    optimal = bfs(task, max_states=SEARCH_STATES).plan
    if optimal is None and optimal_planner:
        optimal = _planned(task, domain_pddl, task.init, "symk-opt", budget)
    if optimal:
        plans.append(SampledPlan("optimal-0", optimal, 0))
    satisficing = _planned(task, domain_pddl, task.init, "fast-downward", budget)
    if satisficing:
        plans.append(SampledPlan("satisficing", satisficing))
    walk = _walk_prefix(task, task.init, len(optimal or satisficing or [1] * 10), rng)
    rest = _planned(task, domain_pddl, _apply_all(task, task.init, walk), "fast-downward", budget)
    if rest is not None:
        plans.append(SampledPlan("walk-then-satisficing", walk + rest))
    return [sampled for sampled in plans if sampled.plan]


def _planned(task: Task, domain_pddl: str, state: int, engine: str, budget: PlannerBudget | None) -> list[str] | None:
    if budget is None:
        return None  # the problem is not handed to a planner
    compiled = compiled_task(domain_pddl, task, state, task.goal_text())
    result = plan_with_planner(
        compiled.domain, compiled.problem, engine, budget.memory_mb, budget.cache, budget.safety_s
    )
    if result.verdict is not PlannerVerdict.SOLVED or result.plan is None:
        return None
    plan = [name.replace("(planarium-", "(", 1) for name in result.plan]
    return plan if validate_plan(task, plan, start=state).valid else None


# -- val and just sequences --------------------------------------------------------------


def invalid_sequence(task: Task, state: int, plan: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """The plan (cut to MAX_SEQUENCE) with one action replaced by one that is
    inapplicable at that point; () if the plan is too short."""
    plan = list(plan[:MAX_SEQUENCE])
    if len(plan) < 2:
        return ()
    index = rng.randrange(len(plan))
    here = _apply_all(task, state, plan[:index])
    later = [name for name in plan[index + 1 :] if not task.is_applicable(here, name)]
    others = later or [a.name for a in _inapplicable_actions(task, here, rng)]
    if not others:
        return ()
    plan[index] = rng.choice(others)
    return tuple(plan)


def _inapplicable_actions(task: Task, state: int, rng: random.Random, tries: int = 200) -> Iterator[GroundAction]:
    """At most one action, drawn at random, that is not applicable in ``state``."""
    for _ in range(tries):
        action = rng.choice(task.actions)
        if not action.is_applicable(state):
            yield action
            return


def redundant_plan(task: Task, state: int, plan: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """A plan from ``state`` with a removable action or consecutive pair; () if none is found."""
    plan = list(plan[: MAX_SEQUENCE - 2])
    if not validate_plan(task, plan, start=state).valid or not plan:
        return ()
    if keys.removable_parts(task, state, plan):
        return tuple(plan)
    positions = list(range(len(plan) + 1))
    rng.shuffle(positions)
    for position in positions:
        inserted = _redundancy_at(task, state, plan, position, rng)
        if inserted:
            return tuple(inserted)
    return ()


def _redundancy_at(task: Task, state: int, plan: list[str], position: int, rng: random.Random) -> list[str]:
    here = _apply_all(task, state, plan[:position])
    options = list(task.applicable(here))
    rng.shuffle(options)
    for action in options:
        after = action.apply(here)
        for undo in task.applicable(after):
            if undo.apply(after) == here:
                return [*plan[:position], action.name, undo.name, *plan[position:]]
    for action in options:
        single = [*plan[:position], action.name, *plan[position:]]
        if validate_plan(task, single, start=state).valid:
            return single
    return []
