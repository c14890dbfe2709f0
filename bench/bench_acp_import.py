"""ACPBench Hard's import and score --gold, against the importer's sequential path before.

``planarium import acpbench-hard`` against the path the importer had before (one record at
a time in one process: each record's problem parsed and grounded anew, each state space
explored anew).

Both ways start from an empty planner cache of their own and must write the same shards
(asserted on the checksums); ours is seeded with the planner verdicts shipped for the
published data (``scorer.families.classical.acpbench_verdicts``), as every import is. The
sequential path takes about half an hour for all 1,360 records, so by default both ways run
on a subset (``--limit`` records per task file and split) and ours runs once more on every
record; ``--limit 0`` compares on every record.
Prints wall and CPU seconds, records per second, the ratio, the planner calls each way
made, the seconds of ``score --gold`` on the test split, and what one planner call costs
(a cold ``symk-opt`` call on a compiled question of the data), i.e. what a question would
cost if it needed one.

    python bench/bench_acp_import.py [--source DIR] [--limit N] [--executor local] [--skip-full]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from data_build.spec import Rows
from scorer.executors import make_executor
from scorer.families.classical import acpbench_import
from scorer.families.classical.acpbench_import import import_rows, read_source, write_config
from scorer.families.classical.problems import fewshot_examples
from scorer.pddl import PlannerCache, plan_with_planner
from scorer.pddl._init_variants import _bases
from scorer.tasks.acp.compile import compiled_task
from scorer.tasks.acp.judge import load_task
from scorer.tasks.acp.oracle import CACHE_ENV, get_oracle, oracle_settings

SOURCE = Path(__file__).resolve().parents[2] / "shared" / "external" / "acpbench-hard"


@dataclass
class Run:
    records: int
    wall_s: float
    cpu_s: float
    planner_calls: int
    checksums: dict[str, str]
    score_s: float = 0.0  # wall
    score_cpu_s: float = 0.0


def cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@contextmanager
def cold_start() -> Iterator[Path]:
    """An empty planner cache (disk and memory) and no parsed task, for one way; yields the
    cache's root (what ``PLANARIUM_CACHE_DIR`` names)."""
    load_task.cache_clear()
    _bases.clear()
    with tempfile.TemporaryDirectory() as root, oracle_settings(cache_dir=Path(root) / "planner"):
        yield Path(root)


def sequential_rows(source: Path, limit: int | None) -> Rows:
    """The importer's path before this change: record by record, every problem parsed and
    grounded anew (no sibling kept) and every state graph built for its record alone."""
    shots = fewshot_examples(0)
    rows: Rows = {}
    for split, records in read_source(source, limit).items():
        rows[split] = []
        for index, record in enumerate(records):
            _bases.clear()
            row, _ = acpbench_import.imported_row(record, index, shots[record.kind])
            rows[split].append(row)
    return rows


def timed(make_rows: Callable[[], Rows], count_calls: bool) -> Run:
    with cold_start() as cache_root, tempfile.TemporaryDirectory() as out:
        cpu, wall = cpu_seconds(), time.perf_counter()
        rows = make_rows()
        checksums = write_config(rows, Path(out))
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        calls = get_oracle().stats.planner_calls if count_calls else -1
        score_s, score_cpu_s = score_gold(Path(out), cache_root)
    return Run(sum(len(r) for r in rows.values()), wall, cpu, calls, checksums, score_s, score_cpu_s)


def score_gold(data: Path, cache_root: Path) -> tuple[float, float]:
    """Wall and CPU seconds of ``planarium score --gold`` on the test split, a process of its
    own (as a user runs it: nothing parsed yet), with the planner cache the import filled."""
    started, cpu = time.perf_counter(), cpu_seconds()
    subprocess.run(
        [str(Path(sys.executable).parent / "planarium"), "score", "--gold", "--data", str(data)]
        + ["--out", str(data / "r.json")]
        + ["--configs", "acpbench-hard", "--quiet"],
        check=True,
        capture_output=True,
        env={**os.environ, CACHE_ENV: str(cache_root)},
    )
    return time.perf_counter() - started, cpu_seconds() - cpu


def ours(source: Path, limit: int | None, executor_spec: str) -> Run:
    executor = make_executor(executor_spec)

    def rows() -> Rows:
        try:
            return import_rows(source, limit, executor=executor)[0]
        finally:
            executor.close()  # its workers' CPU time is counted once they have exited

    # Pool workers count their planner calls in their own processes: counted on one process only.
    return timed(rows, count_calls=executor.workers == 1)


def one_planner_call(source: Path, repeats: int = 3) -> float:
    """Seconds of one cold symk-opt call: h* of a nexta question's state, compiled as the oracle does."""
    record = read_source(source, 1)["test"][-1].record  # a nexta record
    task = load_task(record["PDDL_domain"], record["PDDL_problem"])
    compiled = compiled_task(record["PDDL_domain"], task, task.init, task.goal_text())
    seconds = []
    for _ in range(repeats):
        started = time.perf_counter()
        plan_with_planner(compiled.domain, compiled.problem, "symk-opt", 2048, PlannerCache(None))
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds)


def line(name: str, run: Run) -> str:
    calls = "-" if run.planner_calls < 0 else str(run.planner_calls)
    return (
        f"| {name} | {run.records} | {run.wall_s:.1f} | {run.cpu_s:.1f} | {run.records / run.wall_s:.1f} | "
        f"{calls} | {run.score_s:.1f} | {run.score_cpu_s:.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="ACPBench Hard's dataset folder")
    parser.add_argument("--limit", type=int, default=3, help="records per task file and split for the comparison")
    parser.add_argument("--executor", default="local", help="ours: where the problems are imported")
    parser.add_argument("--skip-full", action="store_true", help="do not import every record with ours")
    args = parser.parse_args()
    if not args.source.is_dir():
        sys.exit(f"ACPBench Hard's published files are not at {args.source}; give --source DIR")
    limit = args.limit or None

    sequential = timed(lambda: sequential_rows(args.source, limit), count_calls=True)
    with_ours = ours(args.source, limit, "local:1")
    assert with_ours.checksums == sequential.checksums, "both ways must write the same shards"
    print(f"subset: {'every record' if limit is None else f'{limit} records per task file and split'}, same bytes")
    header = "| way | records | wall s | cpu s | records/s | planner calls | score --gold wall s | cpu s |"
    print(header + "\n|---|---:|---:|---:|---:|---:|---:|---:|")
    print(line("sequential (before)", sequential))
    print(line("ours, one process", with_ours))
    print(f"ratio sequential / ours, one process: {sequential.wall_s / with_ours.wall_s:.1f}x wall")
    if not args.skip_full:
        full = ours(args.source, None, args.executor)
        print(line(f"ours, every record, {args.executor}", full))
        print(
            f"import + score --gold of every record: {full.wall_s + full.score_s:.1f} s wall, "
            f"{full.cpu_s + full.score_cpu_s:.1f} s cpu"
        )
    call = one_planner_call(args.source)
    print(f"one cold symk-opt call: {call:.2f} s (a question needing one costs that much more)")


if __name__ == "__main__":
    print("load average at start: {:.2f} {:.2f} {:.2f}; {} cores".format(*os.getloadavg(), os.cpu_count()))
    main()
