"""Bounded breadth-first search over the explicit states, for any target test.

The PDDL core's ``bfs`` looks for the task's goal; the ACP questions look for
other things (a state where an atom holds, where an action applies, a goal
state reached while avoiding an atom), so this search takes the target and
the states to avoid as functions. It is exact when it ends: ``found`` True
(with the depth) or False (the space was exhausted); it gives up, ``found``
None, after storing ``max_states`` states or past ``max_depth``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scorer.pddl import Task

StateTest = Callable[[int], bool]


@dataclass(frozen=True)
class SearchOutcome:
    found: bool | None  # None: gave up at a bound
    depth: int | None = None  # depth of the first target state found
    states: int = 0


def bounded_search(
    task: Task,
    start: int,
    is_target: StateTest,
    max_states: int,
    avoid: StateTest | None = None,
    max_depth: int | None = None,
) -> SearchOutcome:
    """Shortest path from ``start`` to a target state, never entering avoided states.

    With ``max_depth``, states deeper than it are not expanded and a search
    that ends without a target answers ``found`` False: "no target within
    ``max_depth`` steps" (the caller knows what that means).
    """
    if max_states <= 0:
        return SearchOutcome(None)
    if is_target(start):
        return SearchOutcome(True, 0, 1)
    seen = {start}
    layer = [start]
    depth = 0
    while layer and (max_depth is None or depth < max_depth):
        depth += 1
        next_layer: list[int] = []
        for state in layer:
            for child in task.successor_states(state):
                if child in seen or (avoid is not None and avoid(child)):
                    continue
                if is_target(child):
                    return SearchOutcome(True, depth, len(seen) + 1)
                if len(seen) >= max_states:
                    return SearchOutcome(None, None, len(seen))
                seen.add(child)
                next_layer.append(child)
        layer = next_layer
    return SearchOutcome(False, None, len(seen))
