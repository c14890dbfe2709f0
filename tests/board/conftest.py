"""Three scored submissions of the mini dataset, each in its own folder as a maintainer
stores them (predictions.jsonl + results.json + rows): gold, wrong, and a mix of the two."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorer.board.leaderboard import load_board, write_board
from scorer.cli import main
from scorer.io.dataset import load_keys
from scorer.scoring.references import reference_lines
from scorer.scoring.run import score_file
from tests.conftest import shared_folder

MODELS = ("gold-model", "wrong-model", "mixed-model")
# A question config and an episode config: what a board or report does with a submission's text,
# files and versions is one code for every config, and two configs' charts draw in seconds where
# 16 configs' take ten (about 46 charts).
TWO_CONFIGS = ("blocksworld-ground", "slidegeom-episodes")
# The drawn board and the mixed run's report: a question config and an episode config whose table
# is wider than a page (kitchen-episodes: a column per task type), for the pages' tests in chromium.
REPORT_CONFIGS = ("blocksworld-ground", "kitchen-episodes")


def submission_lines(mini_data: Path, model: str, configs: tuple[str, ...] | None = None) -> list[str]:
    """The predictions of one of MODELS, one JSON line each (of ``configs`` only, if given)."""
    keys = load_keys(mini_data, configs=None if configs is None else set(configs))
    gold = reference_lines(keys, "gold")
    wrong = reference_lines(keys, "wrong")
    chosen = {"gold-model": gold, "wrong-model": wrong}.get(model)
    if chosen is None:  # every third row wrong, and some replies no reader can parse
        chosen = [w if i % 3 == 0 else g for i, (g, w) in enumerate(zip(gold, wrong))]
        chosen = [_unparsable(line) if i % 7 == 1 else line for i, line in enumerate(chosen)]
    return [json.dumps({**json.loads(line), "model": model}) for line in chosen]


def _unparsable(line: str) -> str:
    record = json.loads(line)
    return json.dumps({**record, "response": "I cannot tell."}) if "response" in record else line


def _scored_submissions(
    mini_data: Path, root: Path, models: tuple[str, ...], configs: tuple[str, ...] | None = None
) -> None:
    """ROOT/<model>/{predictions.jsonl, results.json, results.rows.jsonl} for each of ``models``."""
    for model in models:
        folder = root / model
        folder.mkdir()
        lines = submission_lines(mini_data, model, configs)
        (folder / "predictions.jsonl").write_text("".join(line + "\n" for line in lines))
        score_file(folder / "predictions.jsonl", mini_data, folder / "results.json")


@pytest.fixture(scope="session")
def submissions(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """SUBMISSIONS/<model>/{predictions.jsonl, results.json, results.rows.jsonl}, scored once
    per run for every xdist worker (``shared_folder``)."""
    return shared_folder(tmp_path_factory, "submissions", lambda root: _scored_submissions(mini_data, root, MODELS))


@pytest.fixture(scope="session")
def two_config_submissions(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """As ``submissions``, gold-model and wrong-model answering TWO_CONFIGS alone: for the tests
    whose claim holds whatever the configs (scored once per run for every xdist worker)."""
    return shared_folder(
        tmp_path_factory,
        "two-config-submissions",
        lambda root: _scored_submissions(mini_data, root, MODELS[:2], TWO_CONFIGS),
    )


@pytest.fixture(scope="session")
def results_files(submissions: Path) -> list[Path]:
    return [submissions / model / "results.json" for model in MODELS]


@pytest.fixture(scope="session")
def report_results_files(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The results.json of MODELS answering REPORT_CONFIGS alone, scored once per run for every
    xdist worker: the drawn board and the mixed run's report (what the pages do is one code for
    every config; the README's leaderboard and report draw all 16)."""
    folder = shared_folder(
        tmp_path_factory,
        "report-submissions",
        lambda root: _scored_submissions(mini_data, root, MODELS, REPORT_CONFIGS),
    )
    return [folder / model / "results.json" for model in MODELS]


@pytest.fixture(scope="session")
def mixed_run(report_results_files: list[Path], mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`score` of the mixed submission of REPORT_CONFIGS with ``--report r.html --plots plots``:
    the folder that holds r.json, r.html and plots/. Run once per run for every xdist worker
    (``shared_folder``): its report's charts and episode replays are most of the time of any test
    that reads it (16 configs' took 12 CPU s)."""

    def make(out: Path) -> None:
        predictions = report_results_files[MODELS.index("mixed-model")].parent / "predictions.jsonl"
        args = ["score", str(predictions), "--data", str(mini_data), "--out", str(out / "r.json"), "--quiet"]
        result = CliRunner().invoke(main, [*args, "--report", str(out / "r.html"), "--plots", str(out / "plots")])
        assert result.exit_code == 0, result.output

    return shared_folder(tmp_path_factory, "mixed-run", make)


@pytest.fixture(scope="session")
def board_folder(report_results_files: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The leaderboard files (``write_board``) of the three submissions of REPORT_CONFIGS in
    BOARD/board, and in BOARD/written.json the names it returned, in order. Written once per run
    for every xdist worker (``shared_folder``): drawing its charts is most of the time of a test
    that reads it (16 configs' board took 9.3 CPU s)."""

    def make(folder: Path) -> None:
        written = write_board(load_board(report_results_files), folder / "board")
        (folder / "written.json").write_text(json.dumps([path.name for path in written]))

    return shared_folder(tmp_path_factory, "board", make)
