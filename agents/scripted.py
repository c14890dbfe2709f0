"""The baselines that need no model: ``optimal`` and ``random``.

Planner mode: ``optimal`` plans from the believed true state with breadth-first search
(optimal in moves) and replies with the whole remaining plan; ``random`` replies with
one action drawn uniformly from the legal ones. Grounder mode: ``optimal`` answers every
question truthfully, ``random`` flips a coin. Slidegeom mode: ``optimal`` replies with the
first move of an A* path from the current placement, ``random`` with a move drawn uniformly
from those that change the board (iVISPAR's random agent). Seeded per episode, so runs
repeat exactly.
"""

from __future__ import annotations

import json
import random

from agents.base import Turn
from agents.slidegeom_tracking import believed_placement
from agents.tracking import believed_state, json_move, turn_task
from scorer.domains.slidegeom.moves import command_for_move
from scorer.domains.slidegeom.search import legal_moves, solve
from scorer.pddl import bfs


class OptimalAgent:
    name = "optimal"

    def act(self, turns: list[Turn]) -> list[str]:
        return [self._reply(turn) for turn in turns]

    def _reply(self, turn: Turn) -> str:
        if turn.row.domain == "slidegeom":
            board, placement = believed_placement(turn.row, turn.memory, turn.info)
            path = solve(board.size, placement, board.goal) or ()
            return f"action: {command_for_move(board, path[0]).text}" if path else "action: done"
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
        rng = turn.memory.setdefault("rng", random.Random(f"{self.seed}/{turn.row.id}"))
        if turn.row.domain == "slidegeom":
            board, placement = believed_placement(turn.row, turn.memory, turn.info)
            return f"action: {command_for_move(board, rng.choice(legal_moves(board.size, placement))).text}"
        task = turn_task(turn)
        state = believed_state(task, turn.memory, turn.info)
        if "atom" in turn.info:  # grounder mode: a coin flip
            return rng.choice(("Yes", "No"))
        legal = [a.name for a in task.applicable(state)]
        return json.dumps(json_move(rng.choice(legal)))
