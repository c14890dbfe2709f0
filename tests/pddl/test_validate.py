"""validate_plan on a corpus of valid and invalid plans, cross-checked with
unified-planning's PlanValidator wherever every step names a real action."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from unified_planning.environment import get_environment
from unified_planning.io import PDDLReader
from unified_planning.model import Problem
from unified_planning.plans import ActionInstance, SequentialPlan

from scorer.pddl import FailureReason, Task, bfs, parse_task, random_walk, validate_plan


@dataclass(frozen=True)
class Case:
    label: str
    plan: list[str]
    reason: FailureReason | None
    failed_step: int | None = None


def _corpus(task: Task, rng: random.Random) -> list[Case]:
    optimal = bfs(task).plan
    assert optimal is not None and len(optimal) >= 2
    detour = random_walk(task, 4, rng)
    detour_state = _run(task, detour)
    completion = bfs(task, start=detour_state).plan or []
    k = len(optimal) // 2
    state_k = _run(task, optimal[:k])
    blocked = next(action.name for action in task.actions if not action.is_applicable(state_k))
    return [
        Case("optimal", optimal, None),
        Case("detour", detour + completion, None),
        Case("shouted", [name.upper().replace(" ", "  ") for name in optimal], None),
        Case("empty", [], FailureReason.UNSATISFIED_GOALS),
        Case("prefix", optimal[:-1], FailureReason.UNSATISFIED_GOALS),
        Case("inapplicable", optimal[:k] + [blocked] + optimal[k:], FailureReason.INAPPLICABLE_ACTION, k),
        Case("unknown-name", optimal[:k] + ["(fly r c1)"], FailureReason.UNKNOWN_ACTION, k),
        Case("unknown-object", ["(moveblock zz c1)"] + optimal, FailureReason.UNKNOWN_ACTION, 0),
        Case("wrong-arity", optimal[:1] + ["(moveblock r)"], FailureReason.UNKNOWN_ACTION, 1),
        Case("no-parens", [optimal[0].strip("()")], FailureReason.UNKNOWN_ACTION, 0),
    ]


def _run(task: Task, plan: list[str]) -> int:
    state = task.init
    for name in plan:
        state = task.successor(state, name)
    return state


def _up_verdict(problem: Problem, plan: list[str]) -> tuple[bool, str | None]:
    """Valid or not, and why not (the reason's name), by unified-planning's validator. Its engines
    are imported here, not at the top: every xdist worker collects this module."""
    from unified_planning.engines.results import ValidationResultStatus
    from unified_planning.shortcuts import PlanValidator

    steps = []
    for name in plan:
        head, *args = name.lower().strip("()").split()
        steps.append(ActionInstance(problem.action(head), [problem.object(arg) for arg in args]))
    with PlanValidator(name="sequential_plan_validator") as validator:
        result = validator.validate(problem, SequentialPlan(steps))
    return result.status == ValidationResultStatus.VALID, None if result.reason is None else result.reason.name


_UP_REASON = {
    FailureReason.INAPPLICABLE_ACTION: "INAPPLICABLE_ACTION",  # unified-planning's FailedValidationReason
    FailureReason.UNSATISFIED_GOALS: "UNSATISFIED_GOALS",
}


@pytest.mark.parametrize("which", ["hard", "bw-4-3"])
def test_plan_corpus(
    which: str, blocksworld_domain: str, hard_problem: str, make_blocksworld_problem: Callable[[int, int, int], str]
) -> None:
    problem_text = hard_problem if which == "hard" else make_blocksworld_problem(4, 3, 9)
    task = parse_task(blocksworld_domain, problem_text)
    get_environment().credits_stream = None
    up_problem = PDDLReader().parse_problem_string(blocksworld_domain, problem_text)
    for case in _corpus(task, random.Random(which)):
        outcome = validate_plan(task, case.plan)
        assert outcome.valid == (case.reason is None), case.label
        assert outcome.reason == case.reason, case.label
        assert outcome.failed_step == case.failed_step, case.label
        executed = len(case.plan) if case.failed_step is None else case.failed_step
        assert outcome.steps_executed == executed, case.label
        assert outcome.final_state == _run(task, case.plan[:executed]), case.label
        if case.reason is not FailureReason.UNKNOWN_ACTION:
            valid, reason = _up_verdict(up_problem, case.plan)
            assert valid == outcome.valid, case.label
            assert reason == (None if case.reason is None else _UP_REASON[case.reason]), case.label


def test_validation_from_another_start(blocksworld_domain: str, hard_problem: str) -> None:
    task = parse_task(blocksworld_domain, hard_problem)
    start = _run(task, ["(moveblock o c4)"])
    plan = bfs(task, start=start).plan or []
    assert validate_plan(task, plan, start=start).valid
    assert not validate_plan(task, plan).valid


def test_statically_inapplicable_action_is_not_unknown(gripper: tuple[str, str]) -> None:
    task = parse_task(*gripper)
    outcome = validate_plan(task, ["(move lobby hall)"])  # well typed, but lobby-hall is not connected
    assert outcome.reason is FailureReason.INAPPLICABLE_ACTION and outcome.failed_step == 0
    assert validate_plan(task, ["(move b1 hall)"]).reason is FailureReason.UNKNOWN_ACTION
