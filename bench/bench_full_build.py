"""The full build as a user runs it, against the way before: each config built alone.

Ours: one ``planarium build`` of all the configs on the executor (``--executor local``: every
core), so a problem set shared by several configs is made once. Before: each config in a
``planarium build`` of its own on one process (``--executor local:1``), so each config
remakes its problems. Every build is its own process with its own empty planner cache (a
user's first build is cold), so the planner calls and their subprocesses are counted.

Both ways must write the same shards (asserted on the checksums). Prints the wall and CPU
seconds (user + system of the build and every process under it, planner children included)
and the peak memory of each config built alone, of all of them one after another, of ours,
and the ratios.

    python bench/bench_full_build.py [--size mini|full] [--configs NAMES] [--executor local]
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from data_build.registry import select
from scorer.tasks.acp.oracle import CACHE_ENV

PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h


@dataclass(frozen=True)
class Measured:
    wall_s: float
    cpu_s: float
    peak_mb: float  # the largest single process under the build
    checksums: dict[str, str]


def adopt_orphans() -> None:
    """Make this process the reaper of every process under it, so the CPU time of a build's
    planner children (started from a forkserver the build does not wait for) is counted."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def reap_orphans() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.05)  # an adopted process is still exiting


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def build(configs: str, size: str, executor: str, work: Path) -> Measured:
    """One ``planarium build`` in a process of its own, with an empty planner cache."""
    out, cache = work / "out", work / "cache"
    command = [sys.executable, "-c", "from scorer.cli import main; main()", "build", "--size", size]
    command += ["--configs", configs, "--out", str(out), "--executor", executor, "--quiet"]
    cpu_before = children_cpu()
    wall = time.perf_counter()
    process = subprocess.Popen(command, env={**os.environ, CACHE_ENV: str(cache)}, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)  # its own usage: the peak of this build alone
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"build of {configs} failed: {' '.join(command)}")
    reap_orphans()
    wall_s = time.perf_counter() - wall
    checksums = json.loads((out / "checksums.json").read_text())
    return Measured(wall_s, children_cpu() - cpu_before, usage.ru_maxrss / 1024, checksums)


def shard_sums(checksums: dict[str, str]) -> dict[str, str]:
    """The shards' checksums (the card differs: one build names all configs, the others one each)."""
    return {path: digest for path, digest in checksums.items() if path.endswith(".parquet")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="mini", help="mini, full or N (as planarium build)")
    parser.add_argument("--configs", default=",".join(spec.name for spec in select(None)))
    parser.add_argument("--executor", default="local", help="ours: where the per-row work runs")
    args = parser.parse_args()
    adopt_orphans()
    names = [spec.name for spec in select(args.configs)]

    with tempfile.TemporaryDirectory(prefix="bench-full-build-") as tmp:
        alone: dict[str, Measured] = {}
        for index, name in enumerate(names):
            alone[name] = build(name, args.size, "local:1", Path(tmp) / f"alone-{index}")
            print(f"  alone {name}: {alone[name].wall_s:.1f} s wall, {alone[name].cpu_s:.1f} CPU s", flush=True)
        ours = build(",".join(names), args.size, args.executor, Path(tmp) / "ours")

    before_sums = {path: digest for m in alone.values() for path, digest in shard_sums(m.checksums).items()}
    assert shard_sums(ours.checksums) == before_sums, "both ways must write the same shards"
    print(
        f"size {args.size}, {len(names)} configs, {len(before_sums)} shards, same bytes both ways; cold planner caches"
    )
    print("| build | wall s | CPU s | peak MB |\n|---|---:|---:|---:|")
    for name, measured in alone.items():
        print(f"| {name} alone, local:1 | {measured.wall_s:.1f} | {measured.cpu_s:.1f} | {measured.peak_mb:.0f} |")
    before_wall, before_cpu = sum(m.wall_s for m in alone.values()), sum(m.cpu_s for m in alone.values())
    print(f"| before: each alone, one after another | {before_wall:.1f} | {before_cpu:.1f} | |")
    print(f"| ours: one build, {args.executor} | {ours.wall_s:.1f} | {ours.cpu_s:.1f} | {ours.peak_mb:.0f} |")
    cores = os.cpu_count() or 1
    print(f"wall ratio before / ours: {before_wall / ours.wall_s:.2f}x; CPU ratio: {before_cpu / ours.cpu_s:.2f}x")
    print(f"ours CPU s / {cores} cores: {ours.cpu_s / cores:.1f} s, the wall an idle machine would need at best")


if __name__ == "__main__":
    main()
