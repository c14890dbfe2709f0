"""Errata re-scoring: unchanged scorer -> nothing changes; a patched parser rule -> exactly
the rows whose verdict that rule changes, and nothing else."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorer.board.rescore import rescore_submission
from scorer.board.rescore import submissions as submission_folders
from scorer.board.results_files import BoardError
from scorer.cli import main
from scorer.io.dataset import load_keys
from scorer.tasks import ground


@pytest.fixture
def stored(submissions: Path, tmp_path: Path) -> Path:
    """A copy of the submissions, so a test may replace results in it."""
    return Path(shutil.copytree(submissions, tmp_path / "submissions"))


def test_the_same_scorer_changes_nothing(stored: Path, mini_data: Path) -> None:
    for folder in submission_folders(stored):
        change = rescore_submission(folder, mini_data, write=False)
        assert not change.changed and change.rows == [], folder.name


def test_a_patched_parser_rule_changes_exactly_the_rows_it_reads_differently(
    stored: Path, mini_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The "fix": every reply now reads as yes.
    monkeypatch.setattr(ground, "parse_yes_no", lambda response: True)
    folder = stored / "mixed-model"
    responses = {
        r["id"]: r["response"] for r in map(json.loads, (folder / "predictions.jsonl").open()) if "response" in r
    }
    old = {r["id"]: r for r in map(json.loads, (folder / "results.rows.jsonl").open())}
    rows = load_keys(mini_data).rows

    def verdict_now(answer_is_yes: bool) -> tuple[float, str]:
        return (1.0, "correct") if answer_is_yes else (0.0, "wrong")

    expected = {
        row_id
        for row_id, row in rows.items()
        if row.task == "ground"
        and row_id in responses
        and (old[row_id]["score"], old[row_id]["reason"]) != verdict_now(row.answer_key["answer"] is True)
    }
    change = rescore_submission(folder, mini_data, write=True)
    assert {r.id for r in change.rows} == expected and expected
    assert all(r.new_reason in ("correct", "wrong") for r in change.rows)
    # written: the stored results now hold the new verdicts
    new = {r["id"]: r for r in map(json.loads, (folder / "results.rows.jsonl").open())}
    assert all(new[r.id]["score"] == r.new_score for r in change.rows)


def test_the_command_reports_and_writes_the_changes(
    two_config_submissions: Path, mini_data: Path, tmp_path: Path
) -> None:
    stored = Path(shutil.copytree(two_config_submissions, tmp_path / "submissions"))  # what it reports is one code
    result = CliRunner().invoke(main, ["rescore", str(stored), "--data", str(mini_data)])
    assert result.exit_code == 0, result.output
    assert "0 of 2 submission(s) changed; their results.json left as they were (--write" in result.output
    report = json.loads((stored / "rescore.json").read_text())
    assert [s["name"] for s in report["submissions"]] == ["gold-model", "wrong-model"]


def test_a_folder_without_results_is_named(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "predictions.jsonl").write_text("")
    with pytest.raises(BoardError, match="one: has predictions.jsonl but no results.json"):
        submission_folders(tmp_path)
    with pytest.raises(BoardError, match="no such submissions folder"):
        submission_folders(tmp_path / "absent")
