"""The states along a household plan, each with what the agent sees there."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.families.household.problem import HouseholdProblem
from scorer.families.household.sight import Sight, sight


@dataclass(frozen=True)
class PlanState:
    index: int  # actions of the plan applied
    state: int  # the bitmask state of the problem's task
    seen: Sight
    last_action: str | None  # the action that led here
    next_action: str | None  # the plan's next action


def plan_states(problem: HouseholdProblem) -> list[PlanState]:
    """Every state of the optimal plan, with what the agent sees there."""
    task = problem.task()
    plan = problem.optimal_plan
    state, states = task.init, []
    for index in range(len(plan) + 1):
        seen = sight(problem.scene, task.true_atoms(state))
        last = plan[index - 1] if index else None
        states.append(PlanState(index, state, seen, last, plan[index] if index < len(plan) else None))
        if index < len(plan):
            state = task.successor(state, plan[index])
    return states
