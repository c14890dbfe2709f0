"""The full build: configs that share a problem set make it once, and the per-row work runs on
the executor; against the naive way (each config remakes its problems, one process).

Both ways write the same shards (asserted on the checksums). Prints the wall seconds of each
config per way, the CPU seconds of each way in all (this process and its workers, counted
once the pool has stopped), and the ratios.

    python bench/bench_full_build.py [--size mini|full] [--configs NAMES] [--executor local]
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from data_build.build import write_configs
from data_build.registry import select
from data_build.spec import BuildSettings
from scorer.executors import make_executor
from scorer.families.blocksworld import problems as shared_problems

DEFAULT_CONFIGS = "blocksworld-ground,blocksworld-episodes,blocksworld-acp,acp-hard"


def cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def build_each(names: str, settings: BuildSettings, remake: bool, out: Path) -> tuple[dict, dict[str, str], float]:
    """Wall seconds per config, checksums and CPU seconds in all; ``remake``: every config makes
    its problem set anew."""
    seconds, built = {}, {}
    shared_problems._MADE.clear()
    cpu = cpu_seconds()
    for spec in select(names):
        if remake:
            shared_problems._MADE.clear()
        wall = time.perf_counter()
        built[spec.name] = (spec, spec.build(settings))
        seconds[spec.name] = time.perf_counter() - wall
    checksums = write_configs(out, built, settings.size, settings.seed)
    settings.executor.close()  # its workers' CPU time is counted once they have exited
    return seconds, checksums, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=["mini", "full"], default="mini")
    parser.add_argument("--configs", default=DEFAULT_CONFIGS)
    parser.add_argument("--executor", default="local", help="ours: where the per-row work runs")
    args = parser.parse_args()

    executor = make_executor(args.executor)
    try:
        ours_settings = BuildSettings(size=args.size, show_progress=False, executor=executor)
        with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
            ours, ours_sums = build_each(args.configs, ours_settings, remake=False, out=Path(a))
            naive, naive_sums = build_each(
                args.configs, BuildSettings(size=args.size, show_progress=False), True, Path(b)
            )
        assert ours_sums == naive_sums, "both ways must write the same shards"
    finally:
        executor.close()

    print(
        f"size {args.size}, executor {executor.spec} ({executor.workers} workers), {len(ours_sums)} shards, same bytes"
    )
    print("| config | ours wall s | ours cpu s | naive wall s | naive cpu s |\n|---|---:|---:|---:|---:|")
    for name in ours:
        print(f"| {name} | {ours[name][0]:.1f} | {ours[name][1]:.1f} | {naive[name][0]:.1f} | {naive[name][1]:.1f} |")
    ours_wall, naive_wall = (sum(s[0] for s in way.values()) for way in (ours, naive))
    ours_cpu, naive_cpu = (sum(s[1] for s in way.values()) for way in (ours, naive))
    print(f"| all | {ours_wall:.1f} | {ours_cpu:.1f} | {naive_wall:.1f} | {naive_cpu:.1f} |")
    print(f"wall ratio naive / ours: {naive_wall / ours_wall:.2f}x; cpu ratio: {naive_cpu / ours_cpu:.2f}x")


if __name__ == "__main__":
    main()
