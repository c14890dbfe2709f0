"""Command-line start-up: `planarium --help` now against the eager start-up it replaced, in one run.

Eager (before): importing the CLI registered `serve`, `run` and every family's importer
commands at start-up, so it imported the registry, the families, the importers and with
them datasets, pandas, unified-planning and scipy. It is reproduced here by importing
exactly those modules before asking for the help. Lazy (now): `planarium --help` imports
click and the CLI module; each command imports what it needs when it runs. Each way runs
in a fresh interpreter, several times; the median counts.

    python bench/bench_cli.py [--repeats N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

EAGER = """
import importlib, sys
import scorer.cli
import agents.command, scorer.rollout.command
from scorer.families import importer_commands
for target in importer_commands().values():
    importlib.import_module(target.partition(":")[0])
sys.argv = ["planarium", "--help"]
scorer.cli.main()
"""

LAZY = """
import sys
import scorer.cli
sys.argv = ["planarium", "--help"]
scorer.cli.main()
"""

ERROR = """
import sys
import scorer.cli
sys.argv = ["planarium", "nope"]
scorer.cli.main()
"""


def seconds(code: str, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    bare = seconds("pass", args.repeats)
    eager = seconds(EAGER, args.repeats)
    lazy = seconds(LAZY, args.repeats)
    error = seconds(ERROR, args.repeats)
    print(f"python -c pass:                      {bare * 1000:7.0f} ms")
    print(f"planarium --help, eager (before):    {eager * 1000:7.0f} ms")
    print(f"planarium --help, lazy (now):        {lazy * 1000:7.0f} ms")
    print(f"planarium nope (usage error, now):   {error * 1000:7.0f} ms")
    print(f"ratio: {eager / lazy:.1f}x faster start-up")


if __name__ == "__main__":
    main()
