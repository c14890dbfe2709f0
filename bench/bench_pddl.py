"""Benchmark: reachable-state enumeration with our bitmask core vs the naive way.

The naive way is a BFS driven by unified-planning's SequentialSimulator
(applicable actions + apply, UP states in a visited set). UP needs ~0.15 s
per expanded state on this domain, so it only expands the first
--up-states states; rates are states expanded per second.

    .venv/bin/python bench/bench_pddl.py [--up-states 2000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from pddl_samples import BLOCKSWORLD_DOMAIN, HARD_PROBLEM
from unified_planning.io import PDDLReader
from unified_planning.shortcuts import SequentialSimulator, get_environment

from scorer.pddl import Task, bfs, parse_task, reachable_states

P = ParamSpec("P")
R = TypeVar("R")


def timed(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> tuple[R, float]:
    started = time.perf_counter()
    value = function(*args, **kwargs)
    return value, time.perf_counter() - started


def our_full_enumeration(task: Task, repeat: int) -> tuple[int, float]:
    best = float("inf")
    count = 0
    for _ in range(repeat):
        space, seconds = timed(reachable_states, task)
        assert space.complete
        count, best = len(space), min(best, seconds)
    return count, best


def up_bfs_prefix(domain: str, problem: str, expansions: int) -> tuple[int, float]:
    """BFS with UP's simulator, stopping after `expansions` expanded states."""
    get_environment().credits_stream = None
    up_problem = PDDLReader().parse_problem_string(domain, problem)
    with SequentialSimulator(problem=up_problem) as simulator:
        started = time.perf_counter()
        root = simulator.get_initial_state()
        seen, frontier, expanded = {root}, deque([root]), 0
        while frontier and expanded < expansions:
            state = frontier.popleft()
            expanded += 1
            for action, params in simulator.get_applicable_actions(state):
                child = simulator.apply(state, action, params)
                if child not in seen:
                    seen.add(child)
                    frontier.append(child)
        return expanded, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--up-states", type=int, default=2000, help="states UP's simulator expands")
    parser.add_argument("--repeat", type=int, default=3, help="runs of our enumeration (best is kept)")
    options = parser.parse_args()
    domain = BLOCKSWORLD_DOMAIN.read_text()
    task, parse_seconds = timed(parse_task, domain, HARD_PROBLEM)
    print(f"parse + ground: {parse_seconds:.2f} s ({len(task.atoms)} atoms, {len(task.actions)} actions)")
    states, ours = our_full_enumeration(task, options.repeat)
    our_rate = states / ours
    print(f"ours: {states:,} reachable states in {ours:.2f} s = {our_rate:,.0f} states/s")
    space = reachable_states(task)
    distances, h_seconds = timed(space.goal_distances)
    search, bfs_seconds = timed(bfs, task)
    print(f"ours: goal_distances for all states in {h_seconds:.2f} s (h*(init) = {distances[task.init]})")
    print(f"ours: BFS plan of length {search.length} in {bfs_seconds:.2f} s ({search.expanded:,} expanded)")
    expanded, theirs = up_bfs_prefix(domain, HARD_PROBLEM, options.up_states)
    up_rate = expanded / theirs
    print(f"UP SequentialSimulator: {expanded:,} states expanded in {theirs:.1f} s = {up_rate:,.1f} states/s")
    print(f"speed-up: {our_rate / up_rate:,.0f}x")


if __name__ == "__main__":
    main()
