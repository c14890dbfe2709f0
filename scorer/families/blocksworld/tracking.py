"""Track a blocksworld episode's state from the row and the server's feedback.

The scripted agents plan from the state they believe; the feedback of the planner mode
says whether a move happened and, after an action failure, which move really happened.
A failure reported as success (ViPlan's no-op) cannot be seen in the feedback, so with
``fail_prob > 0`` the belief can drift: these agents are exact only without failures.
"""

from __future__ import annotations

import re
from typing import Any

from scorer.pddl import Task

_REAL_MOVE = re.compile(r"moveblock\((\w+), (\w+)\)")


def believed_state(task: Task, memory: dict[str, Any], info: dict[str, Any]) -> int:
    """Update and return the believed state after the last step's ``info``."""
    state = memory.setdefault("state", task.init)
    if info.get("executed_action"):  # grounder mode names the move that really ran
        action = task.action(info["executed_action"])
        memory["state"] = task.successor(state, action) if action and task.is_applicable(state, action) else state
        return memory["state"]
    feedback = info.get("feedback") or {}
    if feedback.get("outcome") != "success":
        return state
    moved = _REAL_MOVE.fullmatch(str(feedback.get("info", "")))
    name = f"(moveblock {moved[1]} {moved[2]})" if moved else info.get("action")
    action = task.action(name) if name else None
    if action is not None and task.is_applicable(state, action):
        state = task.successor(state, action)
    memory["state"] = state
    return state


def json_move(action_name: str) -> dict[str, Any]:
    _, block, column = action_name.strip("()").split()
    return {"action": "moveblock", "parameters": {"block": block, "column": column}}
