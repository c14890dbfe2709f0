"""The planner results the published builds need, shipped, so that building them plans nothing.

A build asks a planner for plans and optimal lengths (``scorer.tasks.acp``: a question's
source plan, h* of its states) and writes what it gets into the rows. Every call is
bounded by memory alone and symk and Fast Downward give the same plan on every run and
machine (``scorer.pddl._engines``), so a call's result is a function of its inputs: the
results of the published builds (seed 0, mini and full) are computed once and shipped here,
plans included, and every build seeds its planner cache with them. Each is filed under the
key of its call (engine and settings, the compiled domain and problem texts, the memory
bound, the planners' versions), so a changed generator, bound or planner version misses
and is planned for real: a seeded build writes the bytes a cold one does, only sooner.
tests/data_build/test_shipped_plans.py checks both.

Written by a maintainer after a change to a generator or a planner, one size or config at a
time if need be (a cold build of every config, mini and full, took 15 minutes on 2 shared
cores in issue 44, 48 minutes before it; ``--cache`` keeps what a stopped run planned):

    python -m data_build.shipped_plans --sizes mini,full --replace
    python -m data_build.shipped_plans --sizes full --configs NAME --cache /var/tmp/plans

The results of the configs built are added to those already shipped (an entry no build asks
for any more is dead weight, never wrong: its key names its inputs); ``--replace`` ships only
the results of the builds it makes (after a change to what the builds ask, all sizes and
configs at once: since issue 44 the builds ask no planner for h*, and a cold full build of
every config takes minutes).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from unittest import mock

import click

from scorer.pddl import PlannerCache, PlannerResult, read_verdicts, write_verdicts
from scorer.tasks.acp.oracle import CACHE_ENV

SHIPPED = Path(__file__).with_name("planner_results.json.gz")
SEED_ENV = "PLANARIUM_SHIPPED_PLANS"  # "0": seed nothing, plan every call (how the writer computes them)


@cache
def shipped_results() -> dict[str, PlannerResult]:
    """The shipped results by key; none where the file is absent or ``$PLANARIUM_SHIPPED_PLANS`` is 0."""
    if os.environ.get(SEED_ENV) == "0" or not SHIPPED.is_file():
        return {}
    return read_verdicts(SHIPPED)


def record(
    sizes: Iterable[str], configs: str | None, executor_spec: str, cache_dir: Path, keep: bool = True
) -> dict[str, PlannerResult]:
    """The shipped results (unless not ``keep``) and those of the published builds of
    ``configs`` at ``sizes``, every call of which is planned for real (or read from
    ``cache_dir``, a folder only this command writes)."""
    from data_build.registry import select
    from data_build.schedule import build_rows
    from data_build.spec import PUBLISHED_SEED, BuildSettings
    from scorer.executors import make_executor

    known = read_verdicts(SHIPPED) if keep and SHIPPED.is_file() else {}
    with _environment({CACHE_ENV: str(cache_dir), SEED_ENV: "0"}):
        executor = make_executor(executor_spec)  # after the environment: its workers inherit it
        try:
            for size in sizes:
                build_rows(select(configs), BuildSettings(size=size, seed=PUBLISHED_SEED, executor=executor))
        finally:
            executor.close()
        planned = PlannerCache(cache_dir / "planner").stored()
    return {**known, **planned}


@contextmanager
def _environment(values: dict[str, str]) -> Iterator[None]:
    """``values`` in the environment (put back after), and the shipped results read anew under them."""
    shipped_results.cache_clear()
    try:
        with mock.patch.dict(os.environ, values):
            yield
    finally:
        shipped_results.cache_clear()


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--sizes", default="mini,full", show_default=True, help="Comma-separated published sizes.")
@click.option("--configs", default=None, help="Comma-separated config names (default: all).")
@click.option("--executor", "executor_spec", default="local", show_default=True)
@click.option(
    "--cache",
    "cache_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="A planner cache folder of this command's own, kept, so a stopped run resumes (default: a new one).",
)
@click.option("--replace", is_flag=True, help="Ship only these builds' results, none of those shipped before.")
def main(sizes: str, configs: str | None, executor_spec: str, cache_dir: Path | None, replace: bool) -> None:
    """Build the published configs planning every call, and ship every result."""
    if replace and configs is not None:
        raise click.UsageError("--replace ships every config's results: build them all (no --configs)")
    with tempfile.TemporaryDirectory() as scratch:
        results = record(sizes.split(","), configs, executor_spec, cache_dir or Path(scratch), keep=not replace)
        write_verdicts(SHIPPED, results, keep_plans=True)
    click.echo(f"wrote {len(results)} planner results to {SHIPPED}")


if __name__ == "__main__":
    main()
