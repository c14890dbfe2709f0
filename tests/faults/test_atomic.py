"""Atomic writes: a failure half-way leaves the old complete file, and results.json never runs ahead of its rows."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorer.cli import main


def test_a_writer_failing_half_way_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    from scorer import atomic

    target = tmp_path / "shard.parquet"
    target.write_text("old, complete")

    def half_then_crash(temporary: Path) -> None:
        temporary.write_text("new, but only ha")
        raise RuntimeError("killed mid-write")

    with pytest.raises(RuntimeError):
        atomic.write_with(target, half_then_crash)
    assert target.read_text() == "old, complete"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shard.parquet"]


def test_a_written_file_gets_the_usual_mode_not_the_temporary_one(tmp_path: Path) -> None:
    from scorer import atomic

    target = tmp_path / "checksums.json"
    atomic.write_text(target, "{}")
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_folder_as_target_is_a_one_line_error(tmp_path: Path) -> None:
    from scorer import atomic
    from scorer.errors import OutputError

    with pytest.raises(OutputError, match="is a folder"):
        atomic.write_text(tmp_path, "x")


def test_a_failed_rows_write_leaves_the_old_results_json(small_data: Path, tmp_path: Path) -> None:
    # results.json used to be written first: a failure (or a kill) before the rows file left a new
    # results.json beside old rows. Now the rows go first and results.json last.
    out = tmp_path / "results.json"
    runner = CliRunner()
    assert (
        runner.invoke(
            main, ["score", "--quiet", "--gold", "--split", "dev", "--data", str(small_data), "--out", str(out)]
        ).exit_code
        == 0
    )
    old = out.read_text()
    rows = tmp_path / "results.rows.jsonl"
    rows.unlink()
    rows.mkdir()  # the rows file cannot be written now
    result = runner.invoke(main, ["score", "--quiet", "--gold", "--data", str(small_data), "--out", str(out)])
    assert out.read_text() == old and json.loads(old)["split"] == "dev"
    assert result.exit_code == 1 and "results.rows.jsonl" in result.stderr
