"""Explicit enumeration of the reachable state space and exact goal distances."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from ._task import Task


class IncompleteSpaceError(RuntimeError):
    """Exact answers were asked of a space that was cut off at its cap."""


@dataclass(eq=False)
class ReachableSpace:
    """States reachable from `start` with their BFS depth.

    `complete` is False when enumeration stopped at the cap; then `dist` is a
    prefix of the BFS and goal distances are not exact.
    """

    task: Task = field(repr=False)
    start: int
    dist: dict[int, int] = field(repr=False)
    complete: bool
    # BFS order and, aligned with it, the successor states of each expanded state.
    order: list[int] = field(repr=False)
    successors: list[list[int]] = field(repr=False)

    def __len__(self) -> int:
        return len(self.dist)

    def goal_states(self) -> list[int]:
        return [state for state in self.order if self.task.is_goal(state)]

    def goal_distances(self, allow_incomplete: bool = False) -> dict[int, int]:
        """h*(s) for every reachable state that can reach a goal (dead ends are
        absent), by backward BFS over the stored transition graph."""
        if not self.complete and not allow_incomplete:
            raise IncompleteSpaceError("state space was cut off at its cap; h* would not be exact")
        predecessors = self._predecessors()
        distance = {state: 0 for state in self.goal_states()}
        frontier = deque(distance)
        while frontier:
            state = frontier.popleft()
            next_distance = distance[state] + 1
            for previous in predecessors.get(state, ()):
                if previous not in distance:
                    distance[previous] = next_distance
                    frontier.append(previous)
        return distance

    def _predecessors(self) -> dict[int, list[int]]:
        predecessors: dict[int, list[int]] = {}
        # `order` is longer than `successors` when the cap left states unexpanded.
        for state, successors in zip(self.order, self.successors, strict=False):
            for successor in successors:
                predecessors.setdefault(successor, []).append(state)
        return predecessors


def reachable_states(task: Task, start: int | None = None, cap: int = 200_000) -> ReachableSpace:
    """Breadth-first enumeration of the states reachable from `start` (default:
    the initial state), storing at most `cap` states."""
    root = task.init if start is None else start
    dist = {root: 0}
    order = [root]
    successors: list[list[int]] = []
    expand = task.successor_states
    complete = True
    position = 0
    while position < len(order) and complete:
        state = order[position]
        position += 1
        next_depth = dist[state] + 1
        children = expand(state)
        successors.append(children)
        for child in children:
            if child not in dist:
                if len(dist) >= cap:
                    complete = False
                    break
                dist[child] = next_depth
                order.append(child)
    return ReachableSpace(task, root, dist, complete, order, successors)
