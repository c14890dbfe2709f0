"""acp-hard's jobs: one per (domain, split), the biggest first, dev avoiding what test could draw.

No planner is called here: problem generation alone (the mini and full builds themselves are
built and compared elsewhere)."""

from __future__ import annotations

import itertools
import json

import pytest

from data_build.spec import SPLITS
from scorer.families.classical import CLASSICAL_DOMAINS
from scorer.families.classical import config_acp_hard as acp_hard
from scorer.tasks.acp import KINDS


@pytest.mark.parametrize("size", ["mini", "full"])
def test_dev_draws_no_problem_test_could_draw(size: str) -> None:
    for name in sorted(CLASSICAL_DOMAINS):
        domain = CLASSICAL_DOMAINS[name]
        test_texts = acp_hard._candidate_texts(domain, "test", size, 0)
        dev = list(acp_hard._problems(domain, "dev", size, 0, test_texts))
        texts = [problem.problem_pddl for problem in dev]
        assert not set(texts) & test_texts, name
        assert len(texts) == len(set(texts)), name  # nor one of its own twice


def test_a_skipped_problem_keeps_its_slot_seed() -> None:
    """Skipping a problem does not shift the seeds of the ones after it (each slot has its own)."""
    domain = CLASSICAL_DOMAINS["visitall"]  # mini dev's slot 7 is test's slot 4 at seed 0
    first, *_ = acp_hard._problems(domain, "dev", "mini", 0, set())
    avoided = {first.problem_pddl}
    after = list(acp_hard._problems(domain, "dev", "mini", 0, avoided))
    assert after[0].seed.endswith("/dev/1")
    assert all(problem.problem_pddl != first.problem_pddl for problem in after)


def test_jobs_biggest_first() -> None:
    jobs = [
        (name, position, split, "full", 0)
        for (position, name), split in itertools.product(enumerate(sorted(CLASSICAL_DOMAINS)), SPLITS)
    ]
    queued = sorted(jobs, key=acp_hard._expected_cost, reverse=True)
    splits = [job[2] for job in queued]
    assert splits == sorted(splits, key=lambda split: split != "test")  # every test job before any dev one
    assert [job[0] for job in queued if job[2] == "test"] == sorted(CLASSICAL_DOMAINS)


def test_a_problem_above_its_domains_planner_size_is_never_handed_to_a_planner(monkeypatch) -> None:
    """floortile's large problems ran lama-first to the build's memory bound (seeds 0 and 1):
    they are asked from bounded search alone, and make no planner call."""
    from scorer.families.classical.problems import classical_problem
    from scorer.tasks.acp import questions

    floortile = CLASSICAL_DOMAINS["floortile"]
    assert floortile.planner_max_size == 1
    assert all(domain.planner_max_size == 2 for name, domain in CLASSICAL_DOMAINS.items() if name != "floortile")
    large = classical_problem(floortile, 2, "1/acp-hard/floortile/test/4")
    medium = classical_problem(floortile, 1, "1/acp-hard/floortile/test/2")
    assert (large.planner, medium.planner) == (False, True)

    def no_planner(*args, **kwargs):
        raise AssertionError("a planner was called")

    monkeypatch.setattr(questions, "plan_with_planner", no_planner)
    quotas = {kind: 1 for kind in KINDS}
    assert acp_hard.ask([large], quotas, acp_hard.build_budget()) == []  # no plan, no state to ask about


def test_a_fresh_seeds_job_is_the_same_cold_on_any_executor_and_ends_no_call_at_a_bound(tmp_path, monkeypatch) -> None:
    """A full-size job of a fresh seed (1) whose medium problem passes the exact cap, so its
    optimal plan comes from symk-opt and its states' h* from that plan: built from an empty
    planner cache in this process, then from another empty cache on a pool of two workers,
    the rows are the same; every call it made was decided, none at the memory bound."""
    from data_build.shipped_plans import SEED_ENV
    from scorer.executors import make_executor
    from scorer.pddl import PlannerCache, PlannerVerdict
    from scorer.tasks.acp.oracle import CACHE_ENV

    name = "visitall"
    job = (name, sorted(CLASSICAL_DOMAINS).index(name), "test", "full", 1)
    monkeypatch.setenv(SEED_ENV, "0")
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "here"))
    here = acp_hard._split_rows(job)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "pool"))
    executor = make_executor("local:2")  # its workers inherit the environment
    try:
        (pooled,) = executor.map(acp_hard._split_rows, [job])
    finally:
        executor.close()
    assert pooled == here
    made = PlannerCache(tmp_path / "here" / "planner").stored()
    assert made.keys() == PlannerCache(tmp_path / "pool" / "planner").stored().keys()
    assert {result.engine for result in made.values()} == {"fast-downward", "symk-opt"}
    assert {result.verdict for result in made.values()} <= {PlannerVerdict.SOLVED, PlannerVerdict.UNSOLVABLE}
    assert any(
        json.loads(row["meta"])["source"] == "optimal-0" and json.loads(row["meta"])["key"] == "evidence"
        for row in here
    )
