"""A build's schedule: what configs share is made once, then the configs are built side by side."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from data_build.registry import select
from data_build.schedule import build_rows
from data_build.spec import BuildSettings, Rows
from scorer.executors.local import LocalExecutor
from scorer.families.blocksworld import problems as bw_problems
from tests.conftest import shared_folder

SHARING = "blocksworld-episodes,blocksworld-ground-views,collision"  # the first two share a problem set
# blocksworld-ground spreads its own work: its build is driven from a thread of the driver
# while the others' jobs are queued beside its own. It uses the same problem set too.
SIDE_BY_SIDE = f"blocksworld-ground,{SHARING}"


def _build_side_by_side(folder: Path) -> None:
    """SIDE_BY_SIDE's rows built side by side on two local workers (rows.pickle), and a line
    per making of the problem set during that build (made.txt)."""
    made = folder / "made.txt"  # a file: the forked workers' calls count too
    made.touch()
    original = bw_problems._problems

    def counted(*args: object) -> object:
        with made.open("a") as log:
            log.write("made\n")
        return original(*args)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(bw_problems, "_problems", counted)
        bw_problems._MADE.clear()
        executor = LocalExecutor(2)
        try:
            rows = build_rows(select(SIDE_BY_SIDE), BuildSettings(size="mini", show_progress=False, executor=executor))
        finally:
            executor.close()
            bw_problems._MADE.clear()
    (folder / "rows.pickle").write_bytes(pickle.dumps(rows))


@pytest.fixture(scope="session")
def side_by_side(tmp_path_factory: pytest.TempPathFactory) -> tuple[Rows, list[str]]:
    """One build for both tests below, once per run (``shared_folder``: they may run on two workers)."""
    folder = shared_folder(tmp_path_factory, "schedule-side-by-side", _build_side_by_side)
    return pickle.loads((folder / "rows.pickle").read_bytes()), (folder / "made.txt").read_text().splitlines()


def test_a_shared_problem_set_is_made_once_for_configs_built_side_by_side(side_by_side: tuple) -> None:
    rows, made = side_by_side
    assert made == ["made"]
    assert list(rows) == SIDE_BY_SIDE.split(",")
    assert all(rows[name]["test"] for name in rows)


def test_configs_built_side_by_side_are_the_configs_built_alone(side_by_side: tuple) -> None:
    together, _ = side_by_side
    bw_problems._MADE.clear()  # alone: the first config makes the problem set itself, in this process
    try:
        for spec in select(SIDE_BY_SIDE):
            # The later configs take the set the first one made alone (the same function of the
            # same settings), not the set of the build side by side.
            assert spec.build(BuildSettings(size="mini", show_progress=False)) == together[spec.name], spec.name
    finally:
        bw_problems._MADE.clear()
