"""Merging results files into a board: tables, formats, and the mixes that are refused."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from scorer.board.board import Board
from scorer.board.formats import long_csv, markdown
from scorer.board.headline import Score
from scorer.board.leaderboard import load_board
from scorer.board.results_files import BoardError
from tests.board.conftest import MODELS


def test_the_board_has_one_row_per_submission_in_every_table(results_files: list[Path]) -> None:
    board = load_board(results_files)
    for table in board.tables():
        assert [row[0] for row in table.rows] == list(MODELS), table.key


def test_gold_scores_1_and_wrong_0_on_every_config_and_the_mix_in_between(results_files: list[Path]) -> None:
    board = load_board(results_files)
    gold, wrong, mixed = board.submissions
    for config in board.configs:
        assert board.score(gold, config) == Score(1.0, 0.0, board.score(gold, config).n), config  # type: ignore[union-attr]
        assert board.score(wrong, config).value == 0.0, config  # type: ignore[union-attr]
    overall = {row[0]: row[-2] for row in board.overall().rows}
    assert isinstance(overall["mixed-model"], Score) and 0.0 < (overall["mixed-model"].value or 0) < 1.0


def test_the_overall_mean_uses_appendix_e_error(results_files: list[Path]) -> None:
    board = load_board(results_files)
    mixed = board.submissions[2]
    scores = [board.score(mixed, c) for c in board.configs]
    mean = board.mean(mixed, board.configs)
    assert mean is not None and mean.value == pytest.approx(sum(s.value for s in scores) / len(scores))  # type: ignore[union-attr, misc]
    expected = sum(s.stderr**2 for s in scores) ** 0.5 / len(scores)  # type: ignore[union-attr, operator]
    assert mean.stderr == pytest.approx(expected)


def test_a_submission_missing_a_config_has_no_family_mean(results_files: list[Path], tmp_path: Path) -> None:
    document = json.loads(results_files[2].read_text())
    dropped = sorted(document["configs"])[0]
    del document["configs"][dropped]
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps(document))
    board = load_board([results_files[0], partial])
    family = next(name for name, configs in board.families.items() if dropped in configs)
    row = next(r for r in board.overall().rows if r[0] != "gold-model")
    assert row[board.overall().headers.index(family)] is None
    assert row[-1] == f"{len(board.configs) - 1}/{len(board.configs)}"


def test_markdown_and_csv_hold_every_config(results_files: list[Path]) -> None:
    board = load_board(results_files)
    text = markdown(board)
    assert all(f"Config {config}" in text for config in board.configs)
    rows = list(csv.DictReader(io.StringIO(long_csv(board))))
    assert {r["config"] for r in rows} == set(board.configs)
    gold_all = [r for r in rows if r["submission"] == "gold-model" and r["group"] == "all"]
    assert len(gold_all) == len(board.configs) and all(float(r["value"]) == 1.0 for r in gold_all)


def test_write_board_writes_three_files(board_folder: Path) -> None:
    written = json.loads((board_folder / "written.json").read_text())
    assert written == ["leaderboard.md", "leaderboard.csv", "leaderboard.html"]
    assert sorted(path.name for path in (board_folder / "board").iterdir()) == sorted(written)
    html = (board_folder / "board" / "leaderboard.html").read_text()
    assert "<script src" not in html and "<link" not in html and "http://" not in html and "https://" not in html


def test_a_mix_of_dataset_fingerprints_is_refused_naming_the_files(results_files: list[Path], tmp_path: Path) -> None:
    document = json.loads(results_files[1].read_text())
    document["dataset"]["fingerprint"] = "0" * 64
    other = tmp_path / "other-dataset.json"
    other.write_text(json.dumps(document))
    with pytest.raises(BoardError, match="dataset fingerprint") as refused:
        load_board([results_files[0], other])
    assert str(other) in str(refused.value) and str(results_files[0]) in str(refused.value)
    assert "--rescore" in str(refused.value)


def test_a_mix_of_scorer_versions_is_refused(results_files: list[Path], tmp_path: Path) -> None:
    document = json.loads(results_files[1].read_text())
    document["scorer_version"] = "0.0.1"
    older = tmp_path / "older.json"
    older.write_text(json.dumps(document))
    with pytest.raises(BoardError, match="scorer version"):
        load_board([results_files[0], older])


@pytest.mark.parametrize(
    ("text", "expected"),
    [("{not json", "not a results.json"), ('{"configs": {}}', "expected the keys"), ("[]", "expected the keys")],
)
def test_a_file_that_is_not_results_is_named(tmp_path: Path, text: str, expected: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    with pytest.raises(BoardError, match=expected) as refused:
        load_board([bad])
    assert str(bad) in str(refused.value)


def test_two_files_of_one_model_stay_apart(results_files: list[Path], tmp_path: Path) -> None:
    copy = tmp_path / "again.json"
    copy.write_text(results_files[0].read_text())
    board = load_board([results_files[0], copy])
    labels = [r.label for r in board.submissions]
    assert len(set(labels)) == 2 and all(label.startswith("gold-model (") for label in labels)


def test_groups_keep_the_scorer_order(results_files: list[Path]) -> None:
    board: Board = load_board(results_files)
    for config in board.configs:
        entry = board.submissions[0].configs[config]
        assert board.config(config).headers[2:] == [g for g in entry["groups"] if g != "all"]
