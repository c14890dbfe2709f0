"""Train splits of a cheap config: rows per second and peak memory at two sizes, against the
naive way (every row held until one write at the end) measured in the same run.

Each build runs in a process of its own (``planarium build --split train``), so its peak
resident memory (``ru_maxrss`` of the children: the largest of the build and its workers)
is its own. Memory that does not grow with the size shows as a peak ratio near 1 between
the sizes; the naive way's grows with the rows it holds. The naive way is the same build
with the shard limits lifted (``SHARD_ROWS`` and ``MAX_SHARD_BYTES`` set past the size), so
every row stays in memory until the one shard is written. Prints the load average beside
the figures: on two shared cores, wall seconds inflate with it.

    python bench/bench_train.py                          # maze-vsp, 1,000 and 4,000 rows
    python bench/bench_train.py --sizes 1000,100000 --executor local:2
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NAIVE = (
    "import sys, data_build.train as t; t.SHARD_ROWS = 10**9; t.MAX_SHARD_BYTES = 2**62; "
    "from scorer.cli import main; sys.argv = ['planarium'] + sys.argv[1:]; main()"
)

PEAK = (
    "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def run(config: str, size: int, executor: str, naive: bool, out: Path) -> tuple[float, float, float]:
    """(wall s, CPU s, peak MB) of one train build in a fresh process."""
    arguments = ["build", "--split", "train", "--size", str(size), "--seed", "1", "--configs", config]
    arguments += ["--out", str(out), "--executor", executor, "--quiet"]
    command = [sys.executable, "-c", NAIVE, *arguments] if naive else [sys.executable, "-m", "scorer", *arguments]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    # A process between us and the build: its children's peak is this build's alone
    # (ours would be the running maximum over every build so far).
    peak_kb = subprocess.run([sys.executable, "-c", PEAK, *command], check=True, cwd=REPO, capture_output=True).stdout
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, int(peak_kb) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="maze-vsp")
    parser.add_argument("--sizes", default="1000,4000", help="Two comma-separated sizes.")
    parser.add_argument("--executor", default="local:1")
    args = parser.parse_args()
    small, large = (int(size) for size in args.sizes.split(","))
    print(f"load average at start: {os.getloadavg()[0]:.2f}; {args.config}, {args.executor}")
    with tempfile.TemporaryDirectory() as tmp:
        # the config's mini splits first, so neither timed build pays for them
        subprocess.run(
            [
                sys.executable,
                "-m",
                "scorer",
                "build",
                "--size",
                "mini",
                "--configs",
                args.config,
                "--out",
                f"{tmp}/base",
                "--quiet",
            ],
            check=True,
            cwd=REPO,
            stdout=subprocess.DEVNULL,
        )
        figures = {}
        for naive in (False, True):
            for size in (small, large):
                out = Path(tmp) / f"{'naive' if naive else 'ours'}-{size}"
                subprocess.run(["cp", "-r", f"{tmp}/base", str(out)], check=True)
                figures[(naive, size)] = run(args.config, size, args.executor, naive, out)
    for (naive, size), (wall, cpu, peak) in figures.items():
        way = "naive (one write)" if naive else "ours (a shard at a time)"
        print(f"{way:26} {size:>8,} rows  {size / wall:7.1f} rows/s  {size / cpu:7.1f} rows/CPU s  peak {peak:6.0f} MB")
    ours = figures[(False, large)][2] / figures[(False, small)][2]
    theirs = figures[(True, large)][2] / figures[(True, small)][2]
    print(f"peak memory {large:,} / {small:,} rows: ours x{ours:.2f}, naive x{theirs:.2f} (goal: ours flat, ~x1)")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
