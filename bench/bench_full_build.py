"""The full build as a user runs it, against the way before, and the 10-minute goal.

Ours: one ``planarium build`` of all the configs on the executor (``--executor local``: every
core), so a problem set shared by several configs is made once. Before, one of:

- ``--before alone`` (the naive way): each config in a ``planarium build`` of its own on one
  process (``--executor local:1``), so each config remakes its problems;
- ``--before FILE``: the figures ``--save FILE`` recorded of an earlier run, for example of
  the code before a change (``PYTHONPATH=<that checkout> python bench/bench_full_build.py
  --before none --save before.json``: the builds run the code that ``PYTHONPATH`` names);
- ``--before unshipped``: the same build planning every call (``PLANARIUM_SHIPPED_PLANS=0``:
  none of the planner results shipped for the published builds, ``data_build.shipped_plans``);
- ``--before none``: ours alone.

``--seed N`` builds another seed than the published one (a fresh seed: what the contamination
check and a user who wants unseen problems build); ``--cold`` seeds no build's planner cache
with the shipped results (``PLANARIUM_SHIPPED_PLANS=0``), so every planner call the build
needs is made, as for a fresh seed, whose calls are never shipped (issue 44: a fresh seed's
full build within 10 minutes of wall on 2 cores from an empty planner cache). After each
build the planner calls it made are counted from its cache (by engine and verdict, with the
longest call): a call that ended at its memory bound (``memout``) is named.

Every build is its own process with its own empty planner cache (a user's first build is
cold), so the planner calls and their subprocesses are counted; ``--planner-cache DIR`` starts
each build's cache as a copy of DIR's instead (a ``PLANARIUM_CACHE_DIR`` of an earlier build:
the build a user makes when those planner verdicts are shipped), and DIR is never written. Both ways must write the
same shards (asserted on the checksums). Prints the wall and CPU seconds (user + system of
the build and every process under it, planner children included), the peak memory, the
ratios, the goal (the full build within 10 minutes of wall on 2 idle cores, issue 29) and
the load average at the start and the end (the machine may be shared: CPU seconds are the
figure load does not inflate).

    python bench/bench_full_build.py [--size mini|full] [--seed N] [--cold] [--configs NAMES]
        [--executor local] [--before alone|unshipped|none|FILE] [--save FILE] [--planner-cache DIR]
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from data_build.registry import select
from data_build.shipped_plans import SEED_ENV
from scorer.pddl import PlannerCache
from scorer.tasks.acp.oracle import CACHE_ENV

PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h
GOAL_S = 600.0  # the full build within 10 minutes of wall on 2 idle cores (issue 29; cold, issue 44)
# The cold full build before issue 44, every call planned (docs/scale.md: 48 min 16 s on 2 cores,
# load 0.50; 245 planner calls, 22 of them ending at the memory bound): too long to run beside
# each measurement, so a cold run's ratio is to this recorded figure.
COLD_BEFORE_S = 2896.0


@dataclass(frozen=True)
class Measured:
    wall_s: float
    cpu_s: float
    peak_mb: float  # the largest single process under the build
    checksums: dict[str, str]
    calls: dict[str, int]  # planner calls made, by "engine verdict"
    longest_call_s: float = 0.0

    def calls_line(self) -> str:
        made = sum(self.calls.values())
        if not made:
            return "no planner call made"
        parts = ", ".join(f"{count} {what}" for what, count in sorted(self.calls.items()))
        bound = sum(count for what, count in self.calls.items() if what.endswith(("memout", "timeout")))
        ended = f"{bound} ended at a bound" if bound else "none ended at a bound"
        return f"{made} planner calls ({parts}; the longest {self.longest_call_s:.1f} s; {ended})"


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


def build(
    configs: str,
    size: str,
    executor: str,
    work: Path,
    warm: Path | None = None,
    shipped: bool = True,
    seed: int = 0,
) -> Measured:
    """One ``planarium build`` in a process of its own, with an empty planner cache (a copy of
    ``warm``'s when given), seeded with the shipped planner results unless ``shipped`` is False."""
    out, cache = work / "out", work / "cache"
    if warm is not None:
        shutil.copytree(warm, cache)
    before = set(PlannerCache(cache / "planner").stored()) if warm is not None else set()
    command = [sys.executable, "-c", "from scorer.cli import main; main()", "build", "--size", size]
    command += ["--configs", configs, "--out", str(out), "--executor", executor, "--quiet", "--seed", str(seed)]
    cpu_before = children_cpu()
    wall = time.perf_counter()
    environment = {**os.environ, CACHE_ENV: str(cache)} | ({} if shipped else {SEED_ENV: "0"})
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)  # its own usage: the peak of this build alone
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"build of {configs} failed: {' '.join(command)}")
    reap_orphans()
    wall_s = time.perf_counter() - wall
    checksums = json.loads((out / "checksums.json").read_text())
    made = {key: result for key, result in PlannerCache(cache / "planner").stored().items() if key not in before}
    calls: dict[str, int] = {}
    for result in made.values():
        what = f"{result.engine} {result.verdict.value}"
        calls[what] = calls.get(what, 0) + 1
    longest = max((result.seconds for result in made.values()), default=0.0)
    return Measured(wall_s, children_cpu() - cpu_before, usage.ru_maxrss / 1024, checksums, calls, longest)


def shard_sums(checksums: dict[str, str]) -> dict[str, str]:
    """The shards' checksums (the card differs: one build names all configs, the others one each)."""
    return {path: digest for path, digest in checksums.items() if path.endswith(".parquet")}


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def revision() -> str:
    """The commit of the code the builds run (the first folder on PYTHONPATH, else this one)."""
    folder = (os.environ.get("PYTHONPATH") or str(Path(__file__).resolve().parent)).split(os.pathsep)[0]
    found = subprocess.run(["git", "-C", folder, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return found.stdout.strip() or "unknown"


def build_alone(
    names: list[str], size: str, work: Path, warm: Path | None, shipped: bool, seed: int
) -> dict[str, Measured]:
    """The naive way: each config in a build of its own, on one process, one after another."""
    alone: dict[str, Measured] = {}
    for index, name in enumerate(names):
        alone[name] = build(name, size, "local:1", work / f"alone-{index}", warm, shipped, seed)
        print(f"  alone {name}: {alone[name].wall_s:.1f} s wall, {alone[name].cpu_s:.1f} CPU s", flush=True)
    return alone


def recorded(path: Path) -> dict:
    """Figures a ``--save`` of an earlier run wrote."""
    try:
        figures = json.loads(path.read_text())
        return {key: figures[key] for key in ("wall_s", "cpu_s", "shards", "load", "revision", "size")}
    except (OSError, ValueError, KeyError) as error:
        raise SystemExit(f"--before {path}: not a file that --save wrote ({error})") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="mini", help="mini, full or N (as planarium build)")
    parser.add_argument("--seed", type=int, default=0, help="the builds' seed (0: the published one)")
    parser.add_argument(
        "--cold", action="store_true", help="seed no planner cache with the shipped results (as for a fresh seed)"
    )
    parser.add_argument("--configs", default=",".join(spec.name for spec in select(None)))
    parser.add_argument("--executor", default="local", help="ours: where the per-row work runs")
    parser.add_argument(
        "--before", default="alone", help="alone (each config built alone), unshipped, none, or a --save file"
    )
    parser.add_argument("--save", type=Path, help="write ours (wall, CPU, shards' checksums, load) to this JSON file")
    parser.add_argument("--planner-cache", type=Path, help="start each build's planner cache as a copy of this one")
    args = parser.parse_args()
    adopt_orphans()
    names = [spec.name for spec in select(args.configs)]
    load_start, code = load_average(), revision()
    print(f"load average at the start {load_start} on {os.cpu_count()} cores; code {code}", flush=True)
    shipped = not args.cold

    with tempfile.TemporaryDirectory(prefix="bench-full-build-") as tmp:
        warm = args.planner_cache
        alone = build_alone(names, args.size, Path(tmp), warm, shipped, args.seed) if args.before == "alone" else {}
        if args.before == "unshipped":
            alone["every call planned"] = build(
                ",".join(names), args.size, args.executor, Path(tmp) / "all", warm, False, args.seed
            )
        ours = build(",".join(names), args.size, args.executor, Path(tmp) / "ours", warm, shipped, args.seed)
    load_end = load_average()
    caches = "cold planner caches" if warm is None else f"planner caches copied from {warm}"
    caches += "" if shipped else ", no shipped planner results"
    print(
        f"size {args.size}, seed {args.seed}, {len(names)} configs, {len(shard_sums(ours.checksums))} shards; {caches}"
    )
    print("| build | wall s | CPU s | peak MB |\n|---|---:|---:|---:|")
    for name, measured in alone.items():
        how = f"one build, {args.executor}" if args.before == "unshipped" else "alone, local:1"
        print(f"| {name} {how} | {measured.wall_s:.1f} | {measured.cpu_s:.1f} | {measured.peak_mb:.0f} |")
    label = f"ours: one build, {args.executor} (code {code})"
    print(f"| {label} | {ours.wall_s:.1f} | {ours.cpu_s:.1f} | {ours.peak_mb:.0f} |")
    print(f"ours: {ours.calls_line()}")
    compare(args.before, alone, ours)
    verdict = "met" if ours.wall_s <= GOAL_S else "MISSED"
    verdict += "" if args.size == "full" else f" (the goal is the full size's; this is --size {args.size})"
    cores = os.cpu_count() or 1
    print(f"goal: within {GOAL_S:.0f} s of wall on 2 idle cores: {ours.wall_s:.0f} s, {verdict}")
    every_config = len(names) == len(select(None))
    if args.cold and args.size == "full" and args.before == "none" and every_config:
        print(
            f"cold ratio: the recorded cold build before issue 44 ({COLD_BEFORE_S:.0f} s) / ours: "
            f"{COLD_BEFORE_S / ours.wall_s:.2f}x (recorded at load 0.50, seed 0)"
        )
    print(f"ours CPU s / {cores} cores: {ours.cpu_s / cores:.1f} s, the wall an idle machine would need at best")
    print(f"load average at the start {load_start}, at the end {load_end}")
    if args.save:
        figures = {"wall_s": ours.wall_s, "cpu_s": ours.cpu_s, "peak_mb": ours.peak_mb, "size": args.size}
        figures |= {"seed": args.seed, "cold": args.cold, "planner_calls": ours.calls}
        figures |= {"shards": shard_sums(ours.checksums), "load": [load_start, load_end], "revision": code}
        figures["planner_cache"] = "cold" if warm is None else str(warm)
        args.save.write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n")


def compare(before: str, alone: dict[str, Measured], ours: Measured) -> None:
    """The ratios of the way before to ours; both must have written the same shards."""
    if before == "none":
        return
    if before in ("alone", "unshipped"):
        sums = {path: digest for m in alone.values() for path, digest in shard_sums(m.checksums).items()}
        wall, cpu = sum(m.wall_s for m in alone.values()), sum(m.cpu_s for m in alone.values())
        label = "each alone" if before == "alone" else "every call planned"
    else:
        figures = recorded(Path(before))
        sums, wall, cpu = figures["shards"], figures["wall_s"], figures["cpu_s"]
        label = f"recorded {before} (code {figures['revision']}, load {' / '.join(figures['load'])})"
    assert shard_sums(ours.checksums) == sums, f"before ({label}) and ours must write the same shards"
    print(f"| before: {label} | {wall:.1f} | {cpu:.1f} | |")
    ratios = f"wall ratio before / ours: {wall / ours.wall_s:.2f}x; CPU ratio: {cpu / ours.cpu_s:.2f}x"
    print(f"same shards both ways; {ratios}")


if __name__ == "__main__":
    main()
