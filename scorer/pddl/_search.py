"""Optimal (unit-cost) plan search: breadth-first and A*."""

from __future__ import annotations

import heapq
import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from itertools import count

from ._task import Task

Heuristic = Callable[[int], float]
# state -> (previous state, index of the action that led here); None at the root
Parents = dict[int, "tuple[int, int] | None"]


@dataclass(frozen=True)
class SearchResult:
    """`complete` is True when the search found a plan or exhausted the space
    (then plan None proves unsolvability); False when it hit `max_states`."""

    plan: list[str] | None
    length: int | None
    expanded: int
    complete: bool


def bfs(task: Task, start: int | None = None, max_states: int = 2_000_000) -> SearchResult:
    """Shortest plan by breadth-first search (goal test on generation)."""
    root = task.init if start is None else start
    if task.is_goal(root):
        return SearchResult([], 0, 0, True)
    parents: Parents = {root: None}
    frontier = deque([root])
    expanded = 0
    while frontier:
        state = frontier.popleft()
        expanded += 1
        for action, child in task.transitions(state):
            if child in parents:
                continue
            parents[child] = (state, action.index)
            if task.is_goal(child):
                return _solved(task, parents, child, expanded)
            if len(parents) >= max_states:
                return SearchResult(None, None, expanded, False)
            frontier.append(child)
    return SearchResult(None, None, expanded, True)


def astar(
    task: Task,
    heuristic: Heuristic | None = None,
    start: int | None = None,
    max_states: int = 2_000_000,
    max_length: float = math.inf,
) -> SearchResult:
    """A* with unit action costs; optimal when `heuristic` is admissible.

    States are reopened when reached more cheaply, so an admissible but
    inconsistent heuristic still yields optimal plans. A heuristic value of
    math.inf marks a dead end.

    `max_length`: only plans of at most this many actions are looked for. A state whose
    cost so far plus estimate exceeds it is never expanded (with an admissible heuristic no
    such plan passes through it); it is still counted against `max_states`, so a search that
    finds a plan finds the one, after the expansions, the unbounded search finds. Finding
    none, the result is incomplete.
    """
    estimate = heuristic or (lambda state: 0)
    root = task.init if start is None else start
    cost = {root: 0}
    parents: Parents = {root: None}
    tie = count()
    # Among equal f prefer deeper nodes: they are closer to a goal.
    open_list = [(estimate(root), 0, next(tie), root)]
    expanded, beyond = 0, False
    while open_list:
        _, negative_g, _, state = heapq.heappop(open_list)
        if -negative_g > cost[state]:
            continue  # stale entry
        if task.is_goal(state):
            return _solved(task, parents, state, expanded)
        expanded += 1
        child_cost = cost[state] + 1
        for action, child in task.transitions(state):
            if child_cost >= cost.get(child, math.inf):
                continue
            h = estimate(child)
            if h == math.inf:
                continue
            if child not in cost and len(cost) >= max_states:
                return SearchResult(None, None, expanded, False)
            cost[child] = child_cost
            parents[child] = (state, action.index)
            if child_cost + h > max_length:
                beyond = True  # popped only after every state within the bound: never, here
                continue
            heapq.heappush(open_list, (child_cost + h, -child_cost, next(tie), child))
    return SearchResult(None, None, expanded, not beyond)


def _solved(task: Task, parents: Parents, goal: int, expanded: int) -> SearchResult:
    plan = extract_plan(task, parents, goal)
    return SearchResult(plan, len(plan), expanded, True)


def extract_plan(task: Task, parents: Parents, goal: int) -> list[str]:
    """Follow parent links back from `goal` to the root."""
    names: list[str] = []
    link = parents[goal]
    while link is not None:
        previous, action_index = link
        names.append(task.actions[action_index].name)
        link = parents[previous]
    names.reverse()
    return names
