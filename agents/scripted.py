"""The baselines that need no model: ``optimal`` and ``random``.

Planner mode: ``optimal`` plans from the believed true state with breadth-first search
(optimal in moves) and replies with the whole remaining plan; ``random`` replies with
one action drawn uniformly from the legal ones. Grounder mode: ``optimal`` answers every
question truthfully, ``random`` flips a coin. Seeded per episode, so runs repeat exactly.
"""

from __future__ import annotations

import json
import random

from agents.base import Turn
from agents.tracking import believed_state, json_move, turn_task
from scorer.pddl import bfs


class OptimalAgent:
    name = "optimal"

    def act(self, turns: list[Turn]) -> list[str]:
        return [self._reply(turn) for turn in turns]

    def _reply(self, turn: Turn) -> str:
        task = turn_task(turn)
        state = believed_state(task, turn.memory, turn.info)
        if "atom" in turn.info:  # grounder mode: answer the question truthfully
            return "Yes" if task.holds(state, turn.info["atom"]) else "No"
        plan = bfs(task, start=state).plan or []
        return json.dumps({"plan": [json_move(a) for a in plan]})


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, turns: list[Turn]) -> list[str]:
        return [self._reply(turn) for turn in turns]

    def _reply(self, turn: Turn) -> str:
        task = turn_task(turn)
        state = believed_state(task, turn.memory, turn.info)
        rng = turn.memory.setdefault("rng", random.Random(f"{self.seed}/{turn.row.id}"))
        if "atom" in turn.info:  # grounder mode: a coin flip
            return rng.choice(("Yes", "No"))
        legal = [a.name for a in task.applicable(state)]
        return json.dumps(json_move(rng.choice(legal)))
