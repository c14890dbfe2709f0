"""The command line: bad input gives one line that says what to do, a non-zero exit, no traceback."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from scorer.cli import main


def _score(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorer", "score", *args], capture_output=True, text=True)


def _assert_one_line_error(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1, message
    for word in words:
        assert word in message


def test_missing_data_dir(tmp_path: Path) -> None:
    _assert_one_line_error(_score("--gold", "--data", str(tmp_path / "absent")), "does not exist", "planarium build")


def test_shard_failing_its_checksum(mini_data: Path, tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(mini_data, copy)
    shard = next(copy.glob("data/*/test-*.parquet"))
    shard.write_bytes(shard.read_bytes()[:-10] + b"0123456789")
    _assert_one_line_error(_score("--gold", "--data", str(copy)), "checksum", "rebuild")


def test_predictions_file_that_is_not_jsonl(mini_data: Path, tmp_path: Path) -> None:
    csv = tmp_path / "predictions.csv"
    csv.write_text("id,response\nblocksworld-ground/test/0000,Yes\n")
    _assert_one_line_error(_score(str(csv), "--data", str(mini_data), "--out", str(tmp_path / "r.json")), "JSON")


def test_missing_predictions_file(mini_data: Path, tmp_path: Path) -> None:
    _assert_one_line_error(_score(str(tmp_path / "nope.jsonl"), "--data", str(mini_data)))


def test_score_prints_a_table_and_writes_results(mini_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    result = CliRunner().invoke(main, ["score", "--gold", "--data", str(mini_data), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "|blocksworld-ground" in result.output and "accuracy" in result.output
    assert json.loads(out.read_text())["schema_version"] == 1
    assert (tmp_path / "results.rows.jsonl").is_file()


def test_answers_command_writes_predictions(mini_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "wrong.jsonl"
    result = CliRunner().invoke(main, ["answers", "--kind", "wrong", "--data", str(mini_data), "-o", str(out)])
    assert result.exit_code == 0, result.output
    for line in out.read_text().splitlines():
        fields = set(json.loads(line))
        assert fields in ({"id", "response", "model"}, {"id", "episode", "model"}), fields


def test_score_console_script_is_planarium_score() -> None:
    result = subprocess.run([str(Path(sys.executable).parent / "score"), "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "PREDICTIONS" in result.stdout
