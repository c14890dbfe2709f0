"""External planners through plan_with_planner: verdicts, bounds and caching."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from scorer.pddl import (
    PlannerCache,
    PlannerSafetyNetError,
    PlannerVerdict,
    bfs,
    parse_task,
    plan_with_planner,
    validate_plan,
)
from tests.support.load import cpu_hogs

ProblemMaker = Callable[[int, int, int], str]


def _impossible(problem: str) -> str:
    return re.sub(r"\(:goal \(and .*\)\)\)", "(:goal (and (on b1 b1))))", problem)


@pytest.mark.planner
@pytest.mark.parametrize(("blocks", "columns", "seed"), [(3, 4, 1), (3, 4, 2), (5, 5, 3)])
def test_bfs_matches_symk_optimum(
    blocksworld_domain: str, make_blocksworld_problem: ProblemMaker, blocks: int, columns: int, seed: int
) -> None:
    problem = make_blocksworld_problem(blocks, columns, seed)
    task = parse_task(blocksworld_domain, problem)
    result = plan_with_planner(blocksworld_domain, problem, engine="symk-opt")
    assert result.verdict is PlannerVerdict.SOLVED and result.optimal, result.message
    assert result.cost == bfs(task).length
    assert validate_plan(task, result.plan or []).valid


@pytest.mark.planner
def test_satisficing_plan_is_valid_and_cached(
    blocksworld_domain: str, hard_problem: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    caller_directory = tmp_path / "caller"
    caller_directory.mkdir()
    monkeypatch.chdir(caller_directory)
    cache = PlannerCache(tmp_path / "cache")
    first = plan_with_planner(blocksworld_domain, hard_problem, cache=cache)
    assert first.verdict is PlannerVerdict.SOLVED and not first.optimal and not first.cached
    task = parse_task(blocksworld_domain, hard_problem)
    assert validate_plan(task, first.plan or []).valid and first.cost == len(first.plan or [])
    started = time.monotonic()
    again = plan_with_planner(blocksworld_domain, hard_problem, cache=cache)
    assert again.cached and again.plan == first.plan and time.monotonic() - started < 0.5
    from_disk = plan_with_planner(blocksworld_domain, hard_problem, cache=PlannerCache(tmp_path / "cache"))
    assert from_disk.cached and from_disk.plan == first.plan
    assert (cache.hits, cache.misses) == (1, 1)
    assert not any(caller_directory.iterdir())  # no output.sas left in the caller's directory


@pytest.mark.planner
@pytest.mark.parametrize("engine", ["fast-downward", "symk-opt"])
def test_unsolvable(blocksworld_domain: str, make_blocksworld_problem: ProblemMaker, engine: str) -> None:
    problem = _impossible(make_blocksworld_problem(3, 4, 0))
    result = plan_with_planner(blocksworld_domain, problem, engine=engine)
    assert result.verdict is PlannerVerdict.UNSOLVABLE and result.plan is None, result.message


@pytest.mark.planner
def test_the_safety_net_raises_and_is_never_a_verdict(blocksworld_domain: str, hard_problem: str) -> None:
    cache = PlannerCache()
    started = time.monotonic()
    with pytest.raises(PlannerSafetyNetError, match="1 s safety net before its 2048 MB bound"):
        plan_with_planner(blocksworld_domain, hard_problem, engine="symk-opt", cache=cache, safety_s=1)
    assert time.monotonic() - started < 10
    assert (cache.hits, cache.misses) == (0, 1) and not cache._memory  # nothing stored for a time


FERRY_DOMAIN = """(define (domain ferry) (:requirements :strips :typing)
  (:types car location) (:predicates (at ?c - car ?l - location) (at-ferry ?l - location) (empty-ferry) (on ?c - car))
  (:action board :parameters (?c - car ?l - location) :precondition (and (at ?c ?l) (at-ferry ?l) (empty-ferry))
    :effect (and (on ?c) (not (at ?c ?l)) (not (empty-ferry))))
  (:action debark :parameters (?c - car ?l - location) :precondition (and (on ?c) (at-ferry ?l))
    :effect (and (at ?c ?l) (empty-ferry) (not (on ?c))))
  (:action sail :parameters (?from - location ?to - location) :precondition (at-ferry ?from)
    :effect (and (at-ferry ?to) (not (at-ferry ?from)))))"""
TEN_CARS = """(define (problem ten-cars) (:domain ferry)
  (:objects c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 - car l0 l1 l2 - location)
  (:init (at c0 l1) (at c1 l1) (at c2 l0) (at c3 l2) (at c4 l0) (at c5 l1) (at c6 l0) (at c7 l1) (at c8 l1)
    (at c9 l0) (at-ferry l0) (empty-ferry))
  (:goal (and (at c0 l2) (at c1 l1) (at c2 l1) (at c3 l2) (at c4 l0) (at c5 l2) (at c6 l2) (at c7 l0) (at c8 l2)
    (at c9 l0))))"""


@pytest.mark.planner
def test_symk_picks_the_same_optimal_plan_every_run_and_beside_a_cpu_hog() -> None:
    # With up-symk's own settings this problem's 21-step plan was one of two, run to run (2 of
    # 5 runs differed): symk chose its search's directions by timing its steps.
    first = plan_with_planner(FERRY_DOMAIN, TEN_CARS, engine="symk-opt")
    again = plan_with_planner(FERRY_DOMAIN, TEN_CARS, engine="symk-opt")
    with cpu_hogs():
        loaded = plan_with_planner(FERRY_DOMAIN, TEN_CARS, engine="symk-opt")
    assert first.verdict is PlannerVerdict.SOLVED and first.cost == 21 and first.optimal
    assert first.plan == again.plan == loaded.plan


@pytest.mark.planner
def test_the_memory_bound_gives_the_same_verdict_beside_a_cpu_hog() -> None:
    # Under 450 MB symk-opt always ends as MEMOUT, with 1,024 MB it always solves this
    # problem, however busy the machine (a time bound did not: 1 s idle solved what 1 s
    # beside a hog did not).
    problem = _ferry(cars=20, locations=3)
    idle = plan_with_planner(FERRY_DOMAIN, problem, engine="symk-opt", memory_mb=450)
    with cpu_hogs():
        loaded = plan_with_planner(FERRY_DOMAIN, problem, engine="symk-opt", memory_mb=450)
        solved = plan_with_planner(FERRY_DOMAIN, problem, engine="symk-opt", memory_mb=1024)
    assert idle.verdict is loaded.verdict is PlannerVerdict.MEMOUT
    assert solved.verdict is PlannerVerdict.SOLVED and solved.cost == 35


def _ferry(cars: int, locations: int) -> str:
    """A ferry problem whose cars start and end at seeded random places."""
    rng = random.Random(1)
    names, places = [f"c{i}" for i in range(cars)], [f"l{i}" for i in range(locations)]
    init = " ".join(f"(at {car} {rng.choice(places)})" for car in names)
    goal = " ".join(f"(at {car} {rng.choice(places)})" for car in names)
    objects = f"{' '.join(names)} - car {' '.join(places)} - location"
    facts = f"(:init {init} (at-ferry l0) (empty-ferry)) (:goal (and {goal}))"
    return f"(define (problem p) (:domain ferry) (:objects {objects}) {facts})"


@pytest.mark.planner
def test_optimal_fast_downward_refuses_conditional_effects(blocksworld_domain: str, hard_problem: str) -> None:
    result = plan_with_planner(blocksworld_domain, hard_problem, engine="fast-downward-opt")
    assert result.verdict is PlannerVerdict.UNSUPPORTED and "CONDITIONAL_EFFECTS" in result.message


@pytest.mark.planner
def test_tiny_memory_limit_fails_cleanly(blocksworld_domain: str, hard_problem: str) -> None:
    started = time.monotonic()
    result = plan_with_planner(blocksworld_domain, hard_problem, memory_mb=64, safety_s=20)
    assert result.verdict in (PlannerVerdict.MEMOUT, PlannerVerdict.ERROR) and result.message
    assert time.monotonic() - started < 15


COST_DOMAIN = """(define (domain c) (:requirements :strips :typing :action-costs)
  (:types t) (:predicates (p ?x - t) (q ?x - t))
  (:functions (total-cost) - number (w ?x - t) - number)
  (:action a :parameters (?x - t) :precondition (p ?x) :effect (and (q ?x) (increase (total-cost) (w ?x)))))
"""
COST_PROBLEM = """(define (problem c1) (:domain c) (:objects o1 o2 - t)
  (:init (p o1) (= (total-cost) 0) (= (w o1) 3) (= (w o2) 4)) (:goal (q o1)) (:metric minimize (total-cost)))
"""


@pytest.mark.planner
def test_cost_sums_action_costs() -> None:
    result = plan_with_planner(COST_DOMAIN, COST_PROBLEM, engine="symk-opt")
    assert result.verdict is PlannerVerdict.SOLVED and result.plan == ["(a o1)"] and result.cost == 3


def test_unknown_engine_is_rejected(blocksworld_domain: str, hard_problem: str) -> None:
    with pytest.raises(ValueError, match="unknown engine"):
        plan_with_planner(blocksworld_domain, hard_problem, engine="lpg")


CALLER = """import sys
from pathlib import Path

if __name__ != "__main__":  # imported again as a child's main module
    Path({marker!r}).write_text("re-imported")

if __name__ == "__main__":
    from scorer.pddl import plan_with_planner

    result = plan_with_planner({domain!r}, {problem!r}, "fast-downward", 2048, None)
    print(result.verdict.value)
"""


def test_a_planner_child_does_not_import_the_callers_main_module(tmp_path: Path) -> None:
    # Re-importing the caller's main costs every planner call the imports of `score`.
    marker = tmp_path / "marker"
    script = tmp_path / "caller.py"
    script.write_text(CALLER.format(marker=str(marker), domain=COST_DOMAIN, problem=COST_PROBLEM))
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.stdout.strip() == PlannerVerdict.SOLVED.value, done.stderr
    assert not marker.exists()
