"""The planner results shipped for the published builds (``data_build.shipped_plans``): each is
what the planner says, plan included; a build seeded with them plans nothing and writes the
rows a build that plans every call writes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import scorer.pddl._planner as planner_module
import scorer.tasks.acp.questions as questions_module
from data_build.build import build
from data_build.shipped_plans import SEED_ENV, SHIPPED, shipped_results
from data_build.spec import BuildSettings
from scorer.pddl import ENGINES, PlannerCache, PlannerResult, PlannerVerdict, read_verdicts, write_verdicts
from scorer.tasks.acp.oracle import CACHE_ENV

# A published full build that asks both planners and builds in about a minute when their results are known.
PLANNED_CONFIG = "household-acp"
FULL = BuildSettings(size="full", seed=0, show_progress=False)


def test_the_shipped_results_are_decided_and_carry_their_plans() -> None:
    results = shipped_results()
    assert SHIPPED.is_file() and len(results) >= 10
    assert all(len(key) == 64 and int(key, 16) >= 0 for key in results)
    assert {result.engine for result in results.values()} <= set(ENGINES)
    decided = {PlannerVerdict.SOLVED, PlannerVerdict.UNSOLVABLE, PlannerVerdict.MEMOUT}
    assert {result.verdict for result in results.values()} <= decided
    solved = [result for result in results.values() if result.verdict is PlannerVerdict.SOLVED]
    assert solved and all(result.plan and len(result.plan) == result.cost for result in solved)


def test_a_result_file_keeps_plans_when_asked_and_never_seconds(tmp_path: Path) -> None:
    results = dict(list(read_verdicts(SHIPPED).items())[:5])
    first, second = tmp_path / "a.json.gz", tmp_path / "b.json.gz"
    write_verdicts(first, results, keep_plans=True)
    write_verdicts(second, {key: replace(result, seconds=7.5) for key, result in reversed(results.items())}, True)
    assert first.read_bytes() == second.read_bytes()
    assert read_verdicts(first) == results


def test_no_results_are_seeded_when_the_environment_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SEED_ENV, "0")
    shipped_results.cache_clear()
    try:
        assert shipped_results() == {}
    finally:
        monkeypatch.delenv(SEED_ENV)
        shipped_results.cache_clear()
    assert shipped_results()


def test_a_seeded_build_plans_nothing_and_its_results_are_what_the_planner_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Built with an empty planner cache, the config asks only shipped results; the first
    result of each engine it asks is planned again for real and must be the shipped one,
    plan included (so a build that plans every call writes the same rows)."""
    real_run, planned = planner_module._run_isolated, []
    replanned: dict[str, PlannerResult] = {}

    def counted(request: planner_module._Request) -> PlannerResult:
        planned.append(request.engine)
        return real_run(request)

    def checked(
        domain: str, problem: str, engine: str, memory_mb: int, cache: PlannerCache | None, safety_s: float | None
    ) -> PlannerResult:
        key = PlannerCache.key(engine, domain, problem, memory_mb)
        if engine not in replanned and key in shipped_results():
            replanned[engine] = planner_module.plan_with_planner(domain, problem, engine, memory_mb, None, safety_s)
            fresh = replace(replanned[engine], seconds=0.0)
            assert fresh == shipped_results()[key], f"{engine}: not the shipped result"
        return planner_module.plan_with_planner(domain, problem, engine, memory_mb, cache, safety_s)

    monkeypatch.setattr(planner_module, "_run_isolated", counted)
    monkeypatch.setattr(questions_module, "plan_with_planner", checked)  # the build's only planner calls
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    build(tmp_path / "built", PLANNED_CONFIG, FULL)
    assert set(replanned) == {"fast-downward", "symk-opt"}, "the config asked no planner: the test proves nothing"
    assert len(planned) == len(replanned), "calls missed the shipped results: run python -m data_build.shipped_plans"
    assert not list((tmp_path / "cache").rglob("*.json"))
