"""Bounded breadth-first search over the explicit states, for any target test.

The PDDL core's ``bfs`` looks for the task's goal; the ACP questions look for
other things (a state where an atom holds, where an action applies, a goal
state reached while avoiding an atom), so this search takes the target and
the states to avoid as functions. It is exact when it ends: ``found`` True
(with the depth) or False (the space was exhausted); it gives up, ``found``
None, after storing ``max_states`` states or past ``max_depth``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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


class KeptSearch:
    """``bounded_search`` from one start, for target after target: the states it discovers
    (breadth-first, in bounded_search's order) are kept, so each later target is first
    tested on them and the search goes on only past them. A judge asks one problem's
    initial state about many atoms and actions (every reply of a question names its own):
    a target that is never reached made every ask explore the whole space again.
    Answers are bounded_search's, ``states`` included. Not thread-safe: the caller locks."""

    def __init__(self, task: Task, start: int, max_states: int) -> None:
        self.task, self.start, self.max_states = task, start, max_states
        self._found: list[tuple[int, int]] = [(start, 0)]  # (state, depth), in discovery order
        self._seen = {start}
        self._discovery = self._discover()
        self._exhausted = False

    def search(self, is_target: StateTest) -> SearchOutcome:
        if self.max_states <= 0:
            return SearchOutcome(None)
        for count, (state, depth) in enumerate(self._found):
            if is_target(state):
                return SearchOutcome(True, depth, count + 1)
        while not self._exhausted:
            if len(self._found) > self.max_states:  # the first state past the bound was not a target
                return SearchOutcome(None, None, self.max_states)
            found = next(self._discovery, None)
            if found is None:
                self._exhausted = True
                break
            self._found.append(found)
            if is_target(found[0]):
                return SearchOutcome(True, found[1], len(self._found))
        return SearchOutcome(False, None, len(self._found))

    def _discover(self) -> Iterator[tuple[int, int]]:
        """Every state reachable from the start, once, as bounded_search meets them."""
        layer, depth = [self.start], 0
        while layer:
            depth += 1
            next_layer: list[int] = []
            for state in layer:
                for child in self.task.successor_states(state):
                    if child not in self._seen:
                        self._seen.add(child)
                        next_layer.append(child)
                        yield child, depth
            layer = next_layer
