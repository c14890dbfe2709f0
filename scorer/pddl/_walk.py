"""Random walks through the state space (for sampling start states and plans)."""

from __future__ import annotations

import random

from ._task import Task


def random_walk(task: Task, steps: int, rng: random.Random, start: int | None = None) -> list[str]:
    """Up to `steps` uniformly chosen applicable actions (shorter at a dead end)."""
    state = task.init if start is None else start
    names: list[str] = []
    for _ in range(steps):
        options = task.applicable(state)
        if not options:
            break
        action = rng.choice(options)
        names.append(action.name)
        state = action.apply(state)
    return names
