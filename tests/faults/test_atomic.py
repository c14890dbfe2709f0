"""Atomic writes: a failure half-way leaves the old complete file, and results.json never runs ahead of its rows."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorer.cli import main
from scorer.io import atomic


def test_a_writer_failing_half_way_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    from scorer.io import atomic

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
    from scorer.io import atomic

    target = tmp_path / "checksums.json"
    atomic.write_text(target, "{}")
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_folder_as_target_is_a_one_line_error(tmp_path: Path) -> None:
    from scorer.io import atomic
    from scorer.io.errors import OutputError

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


def test_the_next_write_removes_what_a_killed_writer_left(tmp_path: Path) -> None:
    """Fault probe F8: a killed `score --report` left its temporary file for good. Now the
    next write of the same target removes a temporary whose process is gone, and only that."""
    import subprocess
    import sys

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(gone.stdout)  # that process has exited
    target = tmp_path / "report.html"
    stale = tmp_path / f".report.html.{dead_pid}.abc123.tmp"
    live = tmp_path / f".report.html.{os.getppid()}.def456.tmp"  # a running process's
    other = tmp_path / f".other.html.{dead_pid}.ghi789.tmp"  # another target's
    for left in (stale, live, other):
        left.write_bytes(b"x" * 100)
    atomic.write_text(target, "done")
    assert target.read_text() == "done"
    assert not stale.exists() and live.exists() and other.exists()
