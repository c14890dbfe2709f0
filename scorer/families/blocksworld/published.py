"""Write ``published.json``: the (init, goal) pair of every problem of the published splits.

A fresh split is checked against this file at build time (``problems.py``), so the
check costs nothing and needs no published build at hand. Run after any change to
the generator that changes the published problems (the tests compare the file with
the mini problems drawn now):

    python -m scorer.families.blocksworld.published
"""

from __future__ import annotations

import json

from data_build.spec import SIZES, BuildSettings
from scorer.executors import make_executor
from scorer.families.blocksworld.problems import PUBLISHED, blocksworld_problems
from scorer.io import atomic


def published_entries(executor_spec: str = "local") -> list[dict]:
    executor = make_executor(executor_spec)
    try:
        entries = {}
        for size in SIZES:
            problems = blocksworld_problems(BuildSettings(size=size, show_progress=True, executor=executor))
            for split_problems in problems.values():
                for p in split_problems:
                    entries[json.dumps([p.init, p.goal])] = {"difficulty": p.difficulty, "init": p.init, "goal": p.goal}
        return [entries[key] for key in sorted(entries)]
    finally:
        executor.close()


def main() -> None:
    entries = published_entries()
    lines = ",\n".join(json.dumps(entry, sort_keys=True) for entry in entries)  # one problem a line
    atomic.write_text(PUBLISHED, f'{{"seed": 0, "sizes": {json.dumps(list(SIZES))}, "problems": [\n{lines}\n]}}\n')
    print(f"wrote {len(entries)} problems to {PUBLISHED}")


if __name__ == "__main__":
    main()
