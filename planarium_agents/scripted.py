"""The baselines that need no model: ``optimal`` and ``random``.

Each plays through the scripted policies of the mode its episode runs in, which the
row's family declares (``scorer.registry``): ``optimal`` wins every episode its row
allows, ``random`` draws each reply from what is legal. Seeded per episode, so runs
repeat exactly.
"""

from __future__ import annotations

import random

from planarium_agents.base import Turn
from scorer.registry import Mode, mode_for


def _mode(turn: Turn) -> Mode:
    # The first observation's info carries the settings the server chose, mode included.
    name = turn.memory.setdefault("mode", (turn.info.get("settings") or {}).get("mode"))
    return mode_for(turn.row.domain, name)


class OptimalAgent:
    name = "optimal"

    def act(self, turns: list[Turn]) -> list[str]:
        return [_mode(turn).optimal(turn) for turn in turns]


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, turns: list[Turn]) -> list[str]:
        return [self._reply(turn) for turn in turns]

    def _reply(self, turn: Turn) -> str:
        rng = turn.memory.setdefault("rng", random.Random(f"{self.seed}/{turn.row.id}"))
        return _mode(turn).random(turn, rng)
