"""Every declared domain: our plan validator and unified-planning's give the same verdict,
and the same first failing step, on a corpus of valid and invalid plans (see conftest.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from conformance_cases import declared_domains
from unified_planning.exceptions import UPException
from unified_planning.io import PDDLReader
from unified_planning.model import Problem
from unified_planning.plans import ActionInstance, SequentialPlan

from data_build.spec import SPLITS
from scorer.io.dataset import KeyRow, load_keys
from scorer.pddl import FailureReason, Task, bfs, parse_task, random_walk, validate_plan
from scorer.pddl._reading import read_problem

PROBLEMS_PER_DOMAIN = 1  # the smallest by PDDL length: unified-planning takes ~0.1 s per plan even there
WALKS = 3  # random walks of legal actions per problem, each alone and completed into a plan
WALK_LENGTH = 6
UNKNOWN = "conformance-unknown"  # an action or object name no domain uses


@dataclass(frozen=True)
class Verdict:
    """A validator's answer in words both validators can give: valid, or why not and where."""

    failure: str | None  # None (valid) | "unknown" | "inapplicable" | "goals"
    step: int | None  # the first failing step (0-based), when the failure has one


@dataclass(frozen=True)
class Case:
    label: str
    plan: list[str]
    expected: Verdict | None  # known by construction; None: only the two validators are compared


@pytest.fixture(scope="session")
def smallest_problems(mini_data: Path) -> dict[str, list[KeyRow]]:
    """domain -> its distinct problems in the mini build (every config, both splits), smallest first."""
    by_domain: dict[str, dict[tuple[str, str], KeyRow]] = {}
    for split in SPLITS:
        for row in load_keys(mini_data, split).rows.values():
            by_domain.setdefault(row.domain, {}).setdefault((row.domain_pddl, row.problem_pddl), row)
    return {
        domain: sorted(rows.values(), key=lambda r: (len(r.domain_pddl) + len(r.problem_pddl), r.id))
        for domain, rows in by_domain.items()
    }


def test_every_domain_in_the_build_is_declared_by_a_family(smallest_problems: dict[str, list[KeyRow]]) -> None:
    assert sorted(set(smallest_problems) - set(declared_domains())) == []


_OURS = {
    FailureReason.UNKNOWN_ACTION: "unknown",
    FailureReason.INAPPLICABLE_ACTION: "inapplicable",
    FailureReason.UNSATISFIED_GOALS: "goals",
}


def _our_verdict(task: Task, plan: list[str]) -> Verdict:
    result = validate_plan(task, plan)
    return Verdict(None if result.valid else _OURS[result.reason], result.failed_step)  # type: ignore[index]


def _their_verdict(problem: Problem, plan: list[str]) -> Verdict:
    # unified-planning's engines imported here, not at the top: every xdist worker collects this module
    from unified_planning.engines.results import FailedValidationReason, ValidationResultStatus
    from unified_planning.shortcuts import PlanValidator

    steps = []
    for index, name in enumerate(plan):
        head, *args = name.strip("()").split()
        try:  # an action or object the problem does not have: unified-planning cannot even hold the step
            steps.append(ActionInstance(problem.action(head), [problem.object(arg) for arg in args]))
        except UPException:
            return Verdict("unknown", index)
    with PlanValidator(name="sequential_plan_validator") as validator:
        result = validator.validate(problem, SequentialPlan(steps))
    if result.status == ValidationResultStatus.VALID:
        return Verdict(None, None)
    if result.reason == FailedValidationReason.INAPPLICABLE_ACTION:
        return Verdict("inapplicable", len(result.trace) - 1)  # the trace holds the states before the failure
    assert result.reason == FailedValidationReason.UNSATISFIED_GOALS, result.reason
    return Verdict("goals", None)


def _state_after(task: Task, plan: list[str]) -> int:
    state = task.init
    for name in plan:
        state = task.successor(state, name)
    return state


def _broken_cases(task: Task, optimal: list[str]) -> list[Case]:
    """The optimal plan cut short, and with a bad step at a known index k (at least 1 when
    the plan has a step, so an off-by-one in the reported step cannot go unseen)."""
    k = (len(optimal) + 1) // 2
    cases = [Case("unknown-action", optimal[:k] + [f"({UNKNOWN})"] + optimal[k:], Verdict("unknown", k))]
    if optimal:  # a shortest plan: no shorter prefix reaches the goal
        cases.append(Case("truncated", optimal[:-1], Verdict("goals", None)))
    state_k = _state_after(task, optimal[:k])
    blocked = next((a.name for a in task.actions if not a.is_applicable(state_k)), None)
    if blocked:
        cases.append(Case("inapplicable", optimal[:k] + [blocked] + optimal[k:], Verdict("inapplicable", k)))
    head, *args = (optimal[k] if k < len(optimal) else task.actions[0].name).strip("()").split()
    if args:  # the same action with its first object replaced by one the problem does not have
        named = "(" + " ".join([head, UNKNOWN, *args[1:]]) + ")"
        cases.append(Case("unknown-object", optimal[:k] + [named], Verdict("unknown", k)))
    return cases


def _walk_cases(task: Task, rng: random.Random) -> list[Case]:
    """Random walks of legal actions (valid only if they happen to end at the goal), and
    the same walks completed by a shortest plan (valid)."""
    cases = []
    for index in range(WALKS):
        walk = random_walk(task, WALK_LENGTH, rng)
        cases.append(Case(f"walk-{index}", walk, None))
        completion = bfs(task, start=_state_after(task, walk)).plan
        if completion is not None:
            cases.append(Case(f"walk-{index}-completed", walk + completion, Verdict(None, None)))
    return cases


def _corpus(task: Task, rng: random.Random) -> list[Case]:
    optimal = bfs(task).plan
    assert optimal is not None, "the problem has no plan"
    return [
        Case("optimal", optimal, Verdict(None, None)),
        Case("empty", [], None),
        *_broken_cases(task, optimal),
        *_walk_cases(task, rng),
    ]


def test_our_validator_agrees_with_unified_planning(smallest_problems: dict[str, list[KeyRow]], domain: str) -> None:
    if domain not in smallest_problems:
        pytest.skip(f"the mini build has no row of domain {domain} (its family builds none)")
    from unified_planning.shortcuts import get_environment

    get_environment().credits_stream = None  # unified-planning prints its credits on first use
    for row in smallest_problems[domain][:PROBLEMS_PER_DOMAIN]:
        task = parse_task(row.domain_pddl, row.problem_pddl)
        problem = PDDLReader().parse_problem_string(row.domain_pddl, row.problem_pddl)
        assert read_problem(row.domain_pddl, row.problem_pddl) == problem, row.id  # with the domain's kept actions
        for case in _corpus(task, random.Random(row.id)):
            ours = _our_verdict(task, case.plan)
            assert ours == _their_verdict(problem, case.plan), (row.id, case.label, case.plan)
            assert case.expected is None or ours == case.expected, (row.id, case.label, case.plan)
