"""Explicit state graphs: a breadth-first layer at a time in numpy against a state at a time.

For the first problem of each of ACPBench Hard's 13 domains, ``scorer.pddl.explore`` (what
the ACPBench Hard import and the acp-hard build use, up to their 100,000-state cap) against
the same exploration one state at a time through the task's successor generator (the way
before, and still the way of tasks with conditional effects). Prints states, edges, CPU
microseconds per state each way and the ratio; both ways must find as many states.

    python bench/bench_state_graph.py [--source DIR] [--cap N] [--domains a,b]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from scorer.families.classical.acpbench_import import _domain_name, read_source
from scorer.pddl import StateGraph, Task, explore
from scorer.pddl._state_graph import _compiled, _state_sweep
from scorer.tasks.acp.judge import load_task

SOURCE = Path(__file__).resolve().parents[2] / "shared" / "external" / "acpbench-hard"
CAP = 100_000  # the import's exact cap (scorer.tasks.acp.analysis.EXACT_CAP)


def first_problems(source: Path, only: set[str]) -> dict[str, Task]:
    tasks: dict[str, Task] = {}
    for records in read_source(source).values():
        for source_record in records:
            record = source_record.record
            domain = _domain_name(record["PDDL_domain"])
            if domain not in tasks and (not only or domain in only):
                tasks[domain] = load_task(record["PDDL_domain"], record["PDDL_problem"])
    return dict(sorted(tasks.items()))


def timed(work: Callable[[], StateGraph]) -> tuple[StateGraph, float]:
    """The graph and the CPU seconds it took."""
    start = time.process_time()
    graph = work()
    return graph, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", type=Path, default=SOURCE, help="ACPBench Hard's dataset folder")
    parser.add_argument("--cap", type=int, default=CAP, help="states at most per exploration")
    parser.add_argument("--domains", default="", help="comma-separated domains (default: all 13)")
    args = parser.parse_args()
    if not args.source.exists():
        print(f"skipped: no ACPBench Hard data at {args.source}")
        return
    print("load average at start: {:.2f} {:.2f} {:.2f}; {} cores".format(*os.getloadavg(), os.cpu_count()))
    tasks = first_problems(args.source, set(filter(None, args.domains.split(","))))
    print("| domain | states | edges | complete | layers us/state | one at a time us/state | ratio |")
    print("|---|---:|---:|---|---:|---:|---:|")
    total_layers = total_single = 0.0
    for domain, task in tasks.items():
        explore(task, 10)  # compile the task's actions outside the timing
        fast, layers = timed(partial(explore, task, args.cap))
        slow, single = timed(partial(_state_sweep, task, _compiled(task).layout, args.cap, None))
        # The state-at-a-time sweep stops on the cap-th new state, the layers at a layer's end.
        assert fast.complete == slow.complete and (not fast.complete or len(fast) == len(slow)), domain
        total_layers += layers
        total_single += single
        print(
            f"| {domain} | {len(fast):,} | {len(fast.children):,} | {'yes' if fast.complete else 'over the cap'} "
            f"| {layers / len(fast) * 1e6:.1f} | {single / len(slow) * 1e6:.1f} | {single / layers:.1f}x |"
        )
    print(f"all: {total_layers:.1f} s against {total_single:.1f} s, {total_single / total_layers:.1f}x less CPU")
    print("load average at end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
