"""A build's schedule: what configs share is made once, then the configs are built side by side."""

from __future__ import annotations

from pathlib import Path

import pytest

from data_build.registry import select
from data_build.schedule import build_rows
from data_build.spec import BuildSettings
from scorer.executors.local import LocalExecutor
from scorer.families.blocksworld import problems as bw_problems

SHARING = "blocksworld-episodes,blocksworld-ground-views,collision"  # the first two share a problem set


def test_a_shared_problem_set_is_made_once_for_configs_built_side_by_side(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = tmp_path / "made.txt"  # a file: the forked workers' calls count too
    original = bw_problems._problems

    def counted(*args: object) -> object:
        with made.open("a") as log:
            log.write("made\n")
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(bw_problems, "_problems", counted)
    bw_problems._MADE.clear()
    executor = LocalExecutor(2)
    try:
        rows = build_rows(select(SHARING), BuildSettings(size="mini", show_progress=False, executor=executor))
    finally:
        executor.close()
        bw_problems._MADE.clear()
    assert made.read_text().splitlines() == ["made"]
    assert list(rows) == SHARING.split(",")
    assert all(rows[name]["test"] for name in rows)


# blocksworld-ground spreads its own work: its build is driven from a thread of the driver
# while the others' jobs are queued beside its own.
SIDE_BY_SIDE = f"blocksworld-ground,{SHARING}"


def test_configs_built_side_by_side_are_the_configs_built_alone() -> None:
    settings = BuildSettings(size="mini", show_progress=False, executor=LocalExecutor(2))
    try:
        together = build_rows(select(SIDE_BY_SIDE), settings)
    finally:
        settings.executor.close()
    assert list(together) == SIDE_BY_SIDE.split(",")
    for spec in select(SIDE_BY_SIDE):
        bw_problems._MADE.clear()  # alone: the config makes its problems itself
        assert spec.build(BuildSettings(size="mini", show_progress=False)) == together[spec.name], spec.name
