"""The planner verdicts the ACPBench Hard import needs on the published data, shipped.

Importing ACPBench Hard's published questions asks a planner about 94 times (80 optimal
plan lengths from ``symk-opt``, 14 unsolvability proofs from Fast Downward) where a bounded
search cannot decide: 111 s of a 166 s cold import on 2 cores, against 55 s without them.
Everyone imports the same files, so the verdicts are shipped as data and seed the oracle's
planner cache. They are what the calls return, less their plans (the oracle reads the
verdict, the length and whether it is optimal, never the plan): each is filed under the key of its
call (engine, the compiled domain and problem texts, the memory bound and the planners'
versions), so a changed question, bound or planner version misses and is planned anew,
and a planner verdict never depends on time (``scorer.pddl._planner``).
tests/families/classical/test_acpbench_verdicts.py runs a few of them again.

    python -m scorer.families.classical.acpbench_verdicts DIRECTORY   # write them anew
"""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

import click

from scorer.pddl import PlannerCache, PlannerResult, read_verdicts, write_verdicts
from scorer.tasks.acp.oracle import get_oracle, oracle_settings

VERDICTS = Path(__file__).parent / "data" / "acpbench_hard_planner_verdicts.json.gz"


@cache
def shipped() -> dict[str, PlannerResult]:
    return read_verdicts(VERDICTS) if VERDICTS.exists() else {}


def seed_oracle() -> None:
    """Give this process's oracle the shipped verdicts (each worker calls it)."""
    get_oracle().seed(shipped())


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
def main(directory: Path) -> None:
    """Import ACPBench Hard's DIRECTORY in this process with an empty planner cache, and
    ship every verdict its planner calls gave."""
    from .acpbench_import import import_rows

    with tempfile.TemporaryDirectory() as cache_root, oracle_settings(cache_dir=Path(cache_root)):
        import_rows(directory, progress=True, shipped_verdicts=False)
        verdicts = PlannerCache(cache_root).stored()
    write_verdicts(VERDICTS, verdicts)
    click.echo(f"wrote {len(verdicts)} planner verdicts to {VERDICTS}")


if __name__ == "__main__":
    main()
