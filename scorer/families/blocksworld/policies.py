"""The scripted players of blocksworld episodes (the ``optimal`` and ``random`` agents)
and the reference logs of its default mode.

Planner mode: ``optimal`` plans from the believed true state with breadth-first search
(optimal in moves) and replies with the whole remaining plan; ``random`` replies with
one action drawn uniformly from the legal ones. Grounder mode: ``optimal`` answers every
question truthfully, ``random`` flips a coin.
"""

from __future__ import annotations

import json
import random
from typing import Any

from scorer.dataset import KeyRow
from scorer.families.base import PolicyTurn
from scorer.families.blocksworld.task import row_task
from scorer.families.blocksworld.tracking import believed_state, json_move
from scorer.pddl import bfs


def planner_optimal(turn: PolicyTurn) -> str:
    task = row_task(turn.row)
    plan = bfs(task, start=believed_state(task, turn.memory, turn.info)).plan or []
    return json.dumps({"plan": [json_move(a) for a in plan]})


def planner_random(turn: PolicyTurn, rng: random.Random) -> str:
    task = row_task(turn.row)
    legal = [a.name for a in task.applicable(believed_state(task, turn.memory, turn.info))]
    return json.dumps(json_move(rng.choice(legal)))


def grounder_optimal(turn: PolicyTurn) -> str:
    task = row_task(turn.row)
    return "Yes" if task.holds(believed_state(task, turn.memory, turn.info), turn.info["atom"]) else "No"


def grounder_random(turn: PolicyTurn, rng: random.Random) -> str:
    task = row_task(turn.row)
    believed_state(task, turn.memory, turn.info)  # keep the belief in step, as the optimal player does
    return rng.choice(("Yes", "No"))


def planner_reference(kind: str, row: KeyRow) -> dict[str, Any]:
    """Gold replays the optimal plan (the remaining plan at every step); wrong asks for
    an action that does not exist until the step limit."""
    plan = row.answer_key["optimal_plan"]
    if kind == "gold":
        replies = [json.dumps({"plan": [json_move(a) for a in plan[i:]]}) for i in range(len(plan))]
    else:
        wrong = json.dumps({"plan": [{"action": "teleport", "parameters": {}}]})
        replies = [wrong] * int(row.meta["max_steps"])
    return {"episode": {"settings": {"mode": "planner"}, "replies": replies}}
