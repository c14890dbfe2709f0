"""The planner verdicts shipped for ACPBench Hard's published data are what the planner
says: two of them are planned again for real; a file of verdicts keeps what decisions read
(not the plan a planner picked, nor its seconds) and is byte-identical for the same verdicts."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import scorer.tasks.acp.oracle as oracle_module
from scorer.families.classical.acpbench_import import _domain_name, import_problem, problem_jobs, read_source
from scorer.families.classical.acpbench_verdicts import VERDICTS, shipped
from scorer.families.classical.problems import fewshot_examples
from scorer.pddl import ENGINES, PlannerCache, PlannerResult, PlannerVerdict, read_verdicts, write_verdicts

SHARED_COPY = Path(__file__).resolve().parents[4] / "shared" / "external" / "acpbench-hard"


class _Enough(Exception):
    """Raised once enough shipped verdicts were planned again."""


def test_the_shipped_verdicts_are_decided_verdicts_of_known_engines() -> None:
    verdicts = shipped()
    assert VERDICTS.exists() and len(verdicts) >= 90
    assert all(len(key) == 64 and int(key, 16) >= 0 for key in verdicts)
    assert {result.engine for result in verdicts.values()} <= set(ENGINES)
    assert {result.verdict for result in verdicts.values()} <= {PlannerVerdict.SOLVED, PlannerVerdict.UNSOLVABLE}


@pytest.mark.skipif(not SHARED_COPY.exists(), reason=f"ACPBench Hard's published data is not at {SHARED_COPY}")
def test_shipped_verdicts_are_what_the_planner_says(monkeypatch: pytest.MonkeyPatch) -> None:
    real = oracle_module.plan_with_planner
    compared: list[str] = []

    def planned_again(domain: str, problem: str, engine: str, memory_mb: int, cache: object = None) -> PlannerResult:
        key = PlannerCache.key(engine, domain, problem, memory_mb)
        result = real(domain, problem, engine, memory_mb, None)  # no cache: the planner itself
        if key in shipped():
            known = shipped()[key]
            assert (result.verdict, result.cost, result.optimal, result.message) == (
                known.verdict,
                known.cost,
                known.optimal,
                known.message,
            ), f"{engine}: the shipped verdict differs from a fresh call"
            compared.append(engine)
            if len(compared) == 2:
                raise _Enough
        return result

    monkeypatch.setattr(oracle_module, "plan_with_planner", planned_again)
    jobs = problem_jobs(read_source(SHARED_COPY), fewshot_examples(0))
    gripper = [job for job in jobs if _domain_name(job.records[0][0].record["PDDL_domain"]) == "gripper"]
    with pytest.raises(_Enough):
        for job in sorted(gripper, key=lambda job: len(job.records)):
            import_problem(job)


def test_a_verdict_file_keeps_verdicts_not_plans_nor_seconds(tmp_path: Path) -> None:
    verdicts = dict(list(read_verdicts(VERDICTS).items())[:5])
    assert all(result.plan is None and result.seconds == 0 for result in verdicts.values())
    first, second = tmp_path / "a.json.gz", tmp_path / "b.json.gz"
    write_verdicts(first, verdicts)
    other_run = {key: replace(result, plan=["(a)"], seconds=9.5) for key, result in reversed(verdicts.items())}
    write_verdicts(second, other_run)
    assert first.read_bytes() == second.read_bytes()
    assert read_verdicts(first) == verdicts
