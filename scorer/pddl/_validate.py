"""Plan validation with unified-planning-style failure reasons."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ._action import GroundAction
from ._task import Task


class FailureReason(enum.Enum):
    """Mirrors unified-planning's FailedValidationReason, plus unknown actions."""

    UNKNOWN_ACTION = "unknown_action"
    INAPPLICABLE_ACTION = "inapplicable_action"
    UNSATISFIED_GOALS = "unsatisfied_goals"


@dataclass(frozen=True)
class PlanValidation:
    """`failed_step` is the 0-based index of the offending step (None when the
    plan is valid or only the goal is missed); `final_state` is the state after
    the `steps_executed` steps that were applied."""

    valid: bool
    reason: FailureReason | None
    failed_step: int | None
    final_state: int
    steps_executed: int
    message: str = ""


def validate_plan(task: Task, plan: Sequence[str], start: int | None = None) -> PlanValidation:
    """Execute `plan` (action names, case/whitespace-insensitive) from `start`."""
    state = task.init if start is None else start
    return execute_plan(plan, state, task.action, task.is_well_formed_action, task.is_goal)


def execute_plan(
    plan: Sequence[str],
    state: int,
    action_of: Callable[[str], GroundAction | None],
    is_well_formed: Callable[[str], bool],
    is_goal: Callable[[int], bool],
) -> PlanValidation:
    """validate_plan over any source of ground actions: ``action_of`` a name's action (None
    if unknown or statically inapplicable), ``is_well_formed`` whether a name is a schema
    applied to correctly typed objects."""
    for step, name in enumerate(plan):
        action = action_of(name)
        if action is None:
            # A well-formed action pruned at grounding is statically
            # inapplicable, not unknown.
            if is_well_formed(name):
                return _failed(FailureReason.INAPPLICABLE_ACTION, step, state, f"{name} is never applicable")
            return _failed(FailureReason.UNKNOWN_ACTION, step, state, f"unknown action {name!r}")
        if not action.is_applicable(state):
            return _failed(FailureReason.INAPPLICABLE_ACTION, step, state, f"{action.name} is not applicable")
        state = action.apply(state)
    if not is_goal(state):
        return PlanValidation(False, FailureReason.UNSATISFIED_GOALS, None, state, len(plan), "goals not satisfied")
    return PlanValidation(True, None, None, state, len(plan))


def _failed(reason: FailureReason, step: int, state: int, message: str) -> PlanValidation:
    return PlanValidation(False, reason, step, state, step, message)
