"""Benchmark: reachable-state enumeration with our bitmask core vs the naive way, and
grounding large tasks with conditional effects against a peer.

The naive way is a BFS driven by unified-planning's SequentialSimulator
(applicable actions + apply, UP states in a visited set). UP needs ~0.15 s
per expanded state on this domain, so it only expands the first
--up-states states; rates are states expanded per second.

Grounding: `parse_task` (parse + ground, CPU time) on the kitchen's PDDL core, whose
problems have 3,000 to 8,000 atoms, 10,000 to 150,000 ground actions and universal
conditional effects, against Fast Downward's translator (parse + ground + invariant
synthesis, CPU time of its process) on the same files. Before the grounder compiled its
expressions and joined effect variables on static facts, cook_egg took 26 s and
distribute more than 10 minutes.

    .venv/bin/python bench/bench_pddl.py [--up-states 2000] [--repeat 3] [--kitchen cook_egg,...]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, TypeVar

import up_fast_downward
from pddl_samples import BLOCKSWORLD_DOMAIN, HARD_PROBLEM
from unified_planning.io import PDDLReader
from unified_planning.shortcuts import SequentialSimulator, get_environment

from scorer.families.kitchen.generate import generate_task
from scorer.families.kitchen.pddl import domain_pddl, problem_pddl
from scorer.pddl import Task, bfs, parse_task, reachable_states

FAST_DOWNWARD = Path(up_fast_downward.__file__).parent / "downward" / "fast-downward.py"
KITCHEN_TASKS = "cook_egg,cook_bread,distribute"

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


def our_grounding_cpu(domain: str, problem: str) -> tuple[Task, float]:
    parse_task.cache_clear()  # a fresh parse, not the kept task
    started = time.process_time()
    task = parse_task(domain, problem)
    return task, time.process_time() - started


def fast_downward_translate_cpu(domain: str, problem: str) -> float:
    """CPU seconds of Fast Downward's translator (its own process) on the same PDDL."""
    with tempfile.TemporaryDirectory(prefix="bench-pddl-") as folder:
        Path(folder, "domain.pddl").write_text(domain)
        Path(folder, "problem.pddl").write_text(problem)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        command = [sys.executable, str(FAST_DOWNWARD), "--translate", "domain.pddl", "problem.pddl"]
        subprocess.run(command, cwd=folder, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def grounding_against_fast_downward(task_types: list[str]) -> None:
    print(f"{'grounding':<12} {'atoms':>7} {'actions':>8} {'ours CPU s':>11} {'FD translate CPU s':>19} {'ratio':>6}")
    for task_type in task_types:
        made = generate_task(task_type, "pddl-core", 0)
        domain, problem = domain_pddl(), problem_pddl(made.world, made.task, "bench")
        task, ours = our_grounding_cpu(domain, problem)
        theirs = fast_downward_translate_cpu(domain, problem)
        print(
            f"{task_type:<12} {len(task.atoms):>7,} {len(task.actions):>8,} {ours:>11.2f} {theirs:>19.2f}"
            f" {ours / theirs:>5.1f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--up-states", type=int, default=2000, help="states UP's simulator expands")
    parser.add_argument("--repeat", type=int, default=3, help="runs of our enumeration (best is kept)")
    parser.add_argument("--kitchen", default=KITCHEN_TASKS, help="kitchen task types to ground (comma-separated)")
    options = parser.parse_args()
    grounding_against_fast_downward([name for name in options.kitchen.split(",") if name])
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
    print("load average at start: {:.2f} {:.2f} {:.2f}; {} cores".format(*os.getloadavg(), os.cpu_count()))
    main()
