"""``score --executor``: the costly rows (replays, planner calls) judged on other workers give
byte-identical results files, on one or two local processes and on Ray."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from scorer.executors import Executor
from scorer.executors.local import LocalExecutor
from scorer.io.dataset import load_keys
from scorer.scoring.references import reference_lines
from scorer.scoring.run import score_file
from tests.conftest import shared_folder

# Every costly kind (episodes of three families, ACP questions of three) beside a look-up config.
CONFIGS = {
    "acp-hard",
    "blocksworld-acp",
    "slidegeom-acp",
    "blocksworld-episodes",
    "kitchen-episodes",
    "slidegeom-episodes",
    "blocksworld-ground",
}


def _mixed_answers(data: Path, folder: Path) -> None:
    """Gold answers to every other row and wrong ones to the rest."""
    keys = load_keys(data, configs=CONFIGS)
    gold, wrong = reference_lines(keys, "gold"), reference_lines(keys, "wrong")
    lines = [right if index % 2 else bad for index, (right, bad) in enumerate(zip(gold, wrong, strict=True))]
    (folder / "mixed.jsonl").write_text("".join(line + "\n" for line in lines))


@pytest.fixture(scope="session")
def mixed_answers(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Written once per run for every xdist worker (``shared_folder``: the tests may run on two)."""
    folder = shared_folder(tmp_path_factory, "score-executors-answers", partial(_mixed_answers, mini_data))
    return folder / "mixed.jsonl"


def _scored(answers: Path, data: Path, out: Path, executor: Executor) -> tuple[bytes, bytes]:
    try:
        run = score_file(answers, data, out / "results.json", configs=CONFIGS, keep_rows=False, executor=executor)
    finally:
        executor.close()
    return run.results_path.read_bytes(), run.rows_path.read_bytes()


@pytest.fixture(scope="session")
def in_one_process(mixed_answers: Path, mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple:
    """Scored once per run on one process, for every xdist worker (``shared_folder``)."""

    def score(out: Path) -> None:
        results, rows = _scored(mixed_answers, mini_data, out, LocalExecutor(1))
        (out / "results.bytes").write_bytes(results)
        (out / "rows.bytes").write_bytes(rows)

    folder = shared_folder(tmp_path_factory, "score-executors-one", score)
    return (folder / "results.bytes").read_bytes(), (folder / "rows.bytes").read_bytes()


def test_two_local_workers_write_the_same_files(
    in_one_process: tuple, mixed_answers: Path, mini_data: Path, tmp_path: Path
) -> None:
    results, rows = in_one_process
    assert b'"success"' in rows and b'"failure"' in rows and b'"correct"' in rows and b'"wrong"' in rows
    assert _scored(mixed_answers, mini_data, tmp_path, LocalExecutor(2)) == in_one_process


def test_ray_writes_the_same_files(
    in_one_process: tuple, mixed_answers: Path, mini_data: Path, tmp_path: Path, ray_started: bool
) -> None:
    pytest.importorskip("ray", reason="ray is not installed: pip install 'planarium[ray]' to run this test")
    from scorer.executors.ray_cluster import RayExecutor

    executor = RayExecutor(None, cpus=2)
    assert executor.workers == 2
    assert _scored(mixed_answers, mini_data, tmp_path, executor) == in_one_process
