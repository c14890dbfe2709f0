"""Bad options and inputs of ``score``: one line (what, where, what to do), exit 1, a traceback only with --debug."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from fault_data import SMALL_CONFIG

from scorer.cli import main


def _score(*args: str) -> Result:
    return CliRunner().invoke(main, ["score", "--quiet", *args])


def _assert_one_line(result: Result, *words: str) -> None:
    assert result.exit_code == 1, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    for word in words:
        assert word in result.stderr, result.stderr


def test_out_that_is_a_folder(small_data: Path, tmp_path: Path) -> None:
    _assert_one_line(
        _score("--gold", "--data", str(small_data), "--out", str(tmp_path)),
        f"cannot write {tmp_path}",
        "is a folder",
        "file path",
    )


def test_out_under_a_file(small_data: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("in the way")
    _assert_one_line(
        _score("--gold", "--data", str(small_data), "--out", str(blocker / "results.json")),
        "cannot write",
        "results.json",
        "file.txt is a file, not a folder",
    )


def test_heatmap_that_cannot_be_written_is_refused_before_scoring(small_data: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("in the way")
    result = _score(
        "--gold", "--data", str(small_data), "--out", str(tmp_path / "r.json"), "--heatmap", str(blocker / "map.png")
    )
    _assert_one_line(result, "--heatmap: cannot write", "map.png", "file.txt is a file, not a folder")
    assert not (tmp_path / "r.json").exists()


def test_data_that_is_a_file(tmp_path: Path) -> None:
    data = tmp_path / "checksums.json"
    data.write_text("{}")
    _assert_one_line(_score("--gold", "--data", str(data)), "is a file, not a folder", "checksums.json")


def test_a_5000_digit_number_costs_its_line_only(small_data: Path, tmp_path: Path) -> None:
    # json.loads raises ValueError (not JSONDecodeError) past 4,300 digits: it was a traceback.
    predictions = tmp_path / "p.jsonl"
    first_id = f"{SMALL_CONFIG}/test/0000"
    huge = "1" + "0" * 5000
    second_id = f"{SMALL_CONFIG}/test/0001"
    predictions.write_text(
        f'{{"id": "{first_id}", "response": {huge}}}\n{{"id": "x", "response": "y"}}\n'
        f'{{"id": "{second_id}", "response": "yes"}}\n'
    )
    result = _score(str(predictions), "--data", str(small_data), "--out", str(tmp_path / "r.json"))
    assert result.exit_code == 0, result.output
    problems = json.loads((tmp_path / "r.json").read_text())["input_problems"]
    assert {kind: entry["count"] for kind, entry in problems.items()} == {"malformed": 1, "unknown_id": 1}
    [malformed] = problems["malformed"]["first"]
    assert malformed["line"] == 1 and "more than 4300 digits" in malformed["message"]


def test_debug_shows_the_traceback(tmp_path: Path) -> None:
    for args in (["score", "--debug"], ["--debug", "score"]):
        result = CliRunner().invoke(main, [*args, "--gold", "--data", str(tmp_path / "absent")])
        assert result.exit_code != 0 and type(result.exception).__name__ == "DatasetError"


def test_an_unexpected_exception_is_one_line_with_a_distinct_exit(
    small_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import scorer.scoring.run

    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("a bug")

    monkeypatch.setattr(scorer.scoring.run, "score_file", broken)
    result = _score("--gold", "--data", str(small_data))
    assert result.exit_code == 70 and "internal error (KeyError" in result.stderr and "--debug" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
