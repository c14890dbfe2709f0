"""Deciding what the stored keys do not: cheapest proof first, a bounded planner last.

Each question (is this atom reachable? can this action ever apply? is this a
landmark? is h* of this state exactly d?) is tried in order:

1. a direct observation (the atom holds now, the action applies now);
2. the delete relaxation (``relaxed.py``), which proves unreachability and
   landmarks;
3. an explicit breadth-first search (``search.py``) of at most
   ``search_states`` states, exact when it ends;
4. a planner call on a compiled task (``compile.py``): ``fast-downward``
   for plan existence (its "unsolvable" is a proof only when it reports
   UNSOLVABLE_PROVEN; symk reports unsolvable as not proven) and
   ``symk-opt`` for optimal plan lengths. Every call is bounded in memory (a
   count: the same verdict under any load, never a time) and cached
   (``PlannerCache``, on disk under ``cache_dir``).

A bound that is hit gives ``holds=None``: the answer is undecided ("the bound of
20,000 states" or "of 2048 MB was reached"), which the judge scores 0 and reports.
``OracleStats`` counts what was needed, for the benchmarks.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from scorer.pddl import GroundAction, PlannerCache, PlannerResult, PlannerVerdict, Task, plan_with_planner

from .compile import compiled_task
from .relaxed import proves_landmark, proves_unreachable
from .search import KeptSearch, SearchOutcome, StateTest, bounded_search

CACHE_ENV = "PLANARIUM_CACHE_DIR"
# Searches kept per process (``KeptSearch``, up to ``search_states`` states each): the starts
# a judge asks about in turn, one problem's initial state per question.
SEARCHES_KEPT = 16
PROOF_MESSAGE = "proven unsolvable"


def default_cache_dir() -> Path:
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured) / "planner"
    return Path.home() / ".cache" / "planarium" / "planner"


@dataclass(frozen=True)
class OracleSettings:
    search_states: int = 20_000
    memory_mb: int = 2048
    cache_dir: Path | None = field(default_factory=default_cache_dir)
    proof_engine: str = "fast-downward"
    optimal_engine: str = "symk-opt"


@dataclass
class OracleStats:
    relaxed: int = 0  # decided by the delete relaxation
    searches: int = 0  # decided by the explicit search
    planner_calls: int = 0  # planner runs (cache misses)
    planner_cached: int = 0  # answered from the planner cache
    planner_seconds: float = 0.0  # wall time spent in planner calls (cached ones included)
    undecided: int = 0


@dataclass(frozen=True)
class Decision:
    holds: bool | None  # None: undecided (a bound was hit)
    evidence: str


class Oracle:
    def __init__(self, settings: OracleSettings | None = None) -> None:
        self.settings = settings or OracleSettings()
        self.stats = OracleStats()
        self._cache = PlannerCache(self.settings.cache_dir)
        self._searches: OrderedDict[tuple[int, int], KeptSearch] = OrderedDict()
        self._searches_lock = threading.Lock()  # the rollout server judges from many threads

    def seed(self, verdicts: Mapping[str, PlannerResult]) -> None:
        """Planner verdicts known beforehand (``PlannerCache.seed``)."""
        self._cache.seed(verdicts)

    # -- the four questions ---------------------------------------------------

    def atom_reachable(self, domain_pddl: str, task: Task, state: int, atom: int) -> Decision:
        bit = 1 << atom
        if state & bit:
            return Decision(True, "it holds in the current state")
        if proves_unreachable(task, state, bit):
            return self._relaxed(False, "not reachable even in the delete relaxation")
        found = self._search(task, state, lambda s: bool(s & bit))
        if found is not None:
            return found
        return self._solvable(domain_pddl, task, state, task.atoms[atom])

    def action_reachable(self, domain_pddl: str, task: Task, state: int, action: GroundAction) -> Decision:
        if action.is_applicable(state):
            return Decision(True, "it is applicable in the current state")
        if proves_unreachable(task, state, action.pre_pos):
            return self._relaxed(False, "a precondition is not reachable even in the delete relaxation")
        found = self._search(task, state, action.is_applicable)
        if found is not None:
            return found
        return self._solvable(domain_pddl, task, state, action.precondition_text())

    def is_landmark(self, domain_pddl: str, task: Task, state: int, atom: int) -> Decision:
        """Whether every plan from ``state`` makes ``atom`` true (it is false now)."""
        if proves_landmark(task, state, atom):
            return self._relaxed(True, "the goal is unreachable in the delete relaxation without its achievers")
        bit = 1 << atom
        found = self._search(task, state, task.is_goal, avoid=lambda s: bool(s & bit))
        if found is not None:
            return Decision(not found.holds, "explicit search for a plan that never makes it true")
        avoided = self._solvable(domain_pddl, task, state, task.goal_text(), never_achieve=atom)
        return Decision(None if avoided.holds is None else not avoided.holds, avoided.evidence)

    def goal_distance_is(self, domain_pddl: str, task: Task, state: int, distance: int) -> Decision:
        """Whether h*(state) == ``distance``, given that h*(state) >= ``distance``
        (true after an action when ``distance`` is h* before it minus 1)."""
        if distance < 0:
            return Decision(False, "no state is closer than 0 steps to the goal")
        outcome = bounded_search(task, state, task.is_goal, self.settings.search_states, max_depth=distance)
        if outcome.found is not None:
            self.stats.searches += 1
            holds = bool(outcome.found) and outcome.depth == distance
            return Decision(holds, f"explicit search to depth {distance}")
        return self._optimal_length_is(domain_pddl, task, state, distance)

    # -- steps -----------------------------------------------------------------

    def _relaxed(self, holds: bool, evidence: str) -> Decision:
        self.stats.relaxed += 1
        return Decision(holds, evidence)

    def _search(self, task: Task, state: int, is_target: StateTest, avoid: StateTest | None = None) -> Decision | None:
        if avoid is None:
            outcome = self._kept_search(task, state, is_target)
        else:
            outcome = bounded_search(task, state, is_target, self.settings.search_states, avoid=avoid)
        if outcome.found is None:
            return None
        self.stats.searches += 1
        return Decision(outcome.found, f"explicit search over {outcome.states} states")

    def _kept_search(self, task: Task, state: int, is_target: StateTest) -> SearchOutcome:
        """bounded_search's answer, from the states kept of the searches from ``state`` before."""
        with self._searches_lock:
            key = (id(task), state)  # the entry holds its task, so the id stays that task's
            kept = self._searches.get(key)
            if kept is None:
                kept = self._searches[key] = KeptSearch(task, state, self.settings.search_states)
                if len(self._searches) > SEARCHES_KEPT:
                    self._searches.popitem(last=False)
            self._searches.move_to_end(key)
            return kept.search(is_target)

    def _solvable(
        self, domain_pddl: str, task: Task, state: int, goal_pddl: str, never_achieve: int | None = None
    ) -> Decision:
        engine = self.settings.proof_engine
        result = self._plan(domain_pddl, task, state, goal_pddl, never_achieve, engine)
        if result.verdict is PlannerVerdict.SOLVED:
            return Decision(True, f"{engine} found a plan of length {result.cost}")
        if result.verdict is PlannerVerdict.UNSOLVABLE and result.message == PROOF_MESSAGE:
            return Decision(False, f"{engine} proved the compiled task unsolvable")
        return self._undecided(engine, result)

    def _optimal_length_is(self, domain_pddl: str, task: Task, state: int, distance: int) -> Decision:
        engine = self.settings.optimal_engine
        result = self._plan(domain_pddl, task, state, task.goal_text(), None, engine)
        if result.verdict is PlannerVerdict.SOLVED and result.cost is not None:
            if result.cost == distance:
                return Decision(True, f"{engine} found a plan of length {distance} from the next state")
            if result.optimal:
                return Decision(False, f"{engine}: the optimal plan from the next state has length {result.cost}")
        if result.verdict is PlannerVerdict.UNSOLVABLE:
            return Decision(False, f"{engine}: the goal is unreachable from the next state")
        return self._undecided(engine, result)

    def _plan(
        self, domain_pddl: str, task: Task, state: int, goal_pddl: str, never_achieve: int | None, engine: str
    ) -> PlannerResult:
        compiled = compiled_task(domain_pddl, task, state, goal_pddl, never_achieve)
        settings = self.settings
        started = time.perf_counter()
        result = plan_with_planner(compiled.domain, compiled.problem, engine, settings.memory_mb, self._cache)
        self.stats.planner_seconds += time.perf_counter() - started
        if result.cached:
            self.stats.planner_cached += 1
        else:
            self.stats.planner_calls += 1
        return result

    def _undecided(self, engine: str, result: PlannerResult) -> Decision:
        self.stats.undecided += 1
        detail = f": {result.message[:160]}" if result.message else ""
        return Decision(None, f"{engine} {result.verdict.value} within {self.settings.memory_mb} MB{detail}")


_current = Oracle()


def get_oracle() -> Oracle:
    return _current


@contextmanager
def oracle_settings(**changes: object) -> Iterator[Oracle]:
    """Use an oracle with these settings (e.g. ``search_states=0``) inside the block."""
    global _current
    previous = _current
    _current = Oracle(replace(previous.settings, **changes))  # type: ignore[arg-type]
    try:
        yield _current
    finally:
        _current = previous
