"""``planarium import viplan-results``: ViPlan's 474 released runs replayed, the issue's goal 10
minutes on 2 cores.

Runs the documented command on every run (``--executor local:2``), then GPT-4.1's runs on
one process and on two, so the executor's gain is a ratio measured in the same run (and the
two must write the same ``reproduction.csv``). Prints wall and CPU seconds, episodes per
second, the load average each started under, and the full import's wall against the goal.

    python bench/bench_viplan_results.py [--results DIR] [--viplan DIR] [--skip-full]

Measured 2026-11-29, idle (load 1.3): every run 231.8 s wall, 448 s CPU, 11,850 episode logs
(0.39 of the goal); GPT-4.1's 24 runs 36.7 s on local:1 and 25.1 s on local:2 (0.68). Before
the household replays asked every atom ViPlan's runs asked (load 1.0): 163.4 s, 322 s CPU.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

EXTERNAL = Path(__file__).resolve().parents[2] / "shared" / "external"
PLANARIUM = [sys.executable, "-m", "scorer"]
GOAL_S = 600.0


@dataclass
class Timed:
    wall_s: float
    cpu_s: float
    load: str
    episodes: int
    table: str


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def replay(results: Path, data: Path, out: Path, executor: str, only: list[str]) -> Timed:
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    command = [*PLANARIUM, "import", "viplan-results", str(results), "--data", str(data), "--out", str(out)]
    command += ["--executor", executor, "--quiet", *(f"--only={word}" for word in only)]
    start, cpu = time.perf_counter(), children_cpu()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    episodes = sum(1 for _ in out.glob("*/*/*/*/predictions.jsonl") for _ in _.open())
    return Timed(wall, children_cpu() - cpu, load, episodes, (out / "reproduction.csv").read_text())


def show(name: str, timed: Timed) -> None:
    rate = timed.episodes / timed.wall_s
    print(
        f"{name:<34} {timed.wall_s:7.1f} s wall {timed.cpu_s:7.1f} s CPU  {timed.episodes:5} episodes "
        f"({rate:6.1f}/s)  load {timed.load}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=EXTERNAL / "viplan-results")
    parser.add_argument("--viplan", type=Path, default=EXTERNAL / "viplan")
    parser.add_argument("--skip-full", action="store_true", help="only the one-model comparison")
    args = parser.parse_args()
    if not args.results.is_dir() or not args.viplan.is_dir():
        sys.exit(f"ViPlan's released runs or data are absent ({args.results}, {args.viplan})")
    os.environ.setdefault("PYTHONPATH", str(Path(__file__).resolve().parents[1]))
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        subprocess.run([*PLANARIUM, "import", "viplan", str(args.viplan), "--out", str(data)], check=True)
        if not args.skip_full:
            full = replay(args.results, data, Path(scratch) / "full", "local:2", [])
            show("every run, local:2", full)
            print(f"goal {GOAL_S:.0f} s: the full import takes {full.wall_s / GOAL_S:.2f} of it")
        one = replay(args.results, data, Path(scratch) / "one", "local:1", ["/gpt-4.1/"])
        two = replay(args.results, data, Path(scratch) / "two", "local:2", ["/gpt-4.1/"])
        show("GPT-4.1's runs, local:1", one)
        show("GPT-4.1's runs, local:2", two)
        assert one.table == two.table, "the executors wrote different reproduction.csv files"
        print(f"local:2 / local:1 wall: {two.wall_s / one.wall_s:.2f} (the same reproduction.csv)")


if __name__ == "__main__":
    main()
