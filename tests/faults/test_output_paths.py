"""Output paths are checked before any work, and only regular files are ever written: a device,
a FIFO or a socket named as an output is refused in one line (it was replaced by a regular
file, exit 0), a symbolic link keeps pointing at the file it names, and an empty path is a bad
option (it was an internal error)."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from scorer.cli import main


def _score(*args: str) -> Result:
    return CliRunner().invoke(main, ["score", "--quiet", *args])


def _refused_before_work(result: Result, *words: str) -> None:
    assert result.exit_code == 1, (result.exit_code, result.output, result.exception)
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    for word in words:
        assert word in result.stderr, result.stderr


@pytest.fixture
def no_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scoring fails the test if it starts: these refusals must come before any work."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("scoring started before the output path was checked")

    monkeypatch.setattr("scorer.scoring.run.score_file", refuse)


def test_a_fifo_is_refused_and_left_alone(small_data: Path, tmp_path: Path, no_scoring: None) -> None:
    fifo = tmp_path / "results.json"
    os.mkfifo(fifo)
    _refused_before_work(_score("--gold", "--data", str(small_data), "--out", str(fifo)), "is a FIFO", "--out")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_socket_is_refused_and_left_alone(small_data: Path, tmp_path: Path, no_scoring: None) -> None:
    path = tmp_path / "r.json"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        _refused_before_work(_score("--gold", "--data", str(small_data), "--out", str(path)), "is a socket")
        assert stat.S_ISSOCK(path.lstat().st_mode)
    finally:
        server.close()


def test_a_device_node_is_refused_and_left_alone(small_data: Path, tmp_path: Path, no_scoring: None) -> None:
    device = tmp_path / "full"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 7))  # the numbers of /dev/full
    except PermissionError:
        pytest.skip("making a device node needs CAP_MKNOD")
    _refused_before_work(
        _score("--gold", "--data", str(small_data), "--out", str(device)), "is a character device", "regular files"
    )
    assert stat.S_ISCHR(device.lstat().st_mode)


def test_a_symbolic_link_stays_and_its_file_is_written(small_data: Path, tmp_path: Path) -> None:
    target = tmp_path / "kept" / "results.json"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "results.json"
    link.symlink_to(target)
    result = _score("--gold", "--data", str(small_data), "--out", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == target
    assert target.read_text().startswith("{")


def test_an_empty_out_is_a_bad_option(small_data: Path, no_scoring: None) -> None:
    _refused_before_work(_score("--gold", "--data", str(small_data), "--out", ""), "--out: an empty path")


@pytest.mark.parametrize("option", ["--out", "--report", "--heatmap"])
def test_a_folder_as_a_file_output_is_refused_before_scoring(
    small_data: Path, tmp_path: Path, option: str, no_scoring: None
) -> None:
    _refused_before_work(
        _score("--gold", "--data", str(small_data), option, str(tmp_path)), f"{option}: cannot write", "is a folder"
    )


def test_a_file_as_the_plots_folder_is_refused_before_scoring(
    small_data: Path, tmp_path: Path, no_scoring: None
) -> None:
    blocker = tmp_path / "charts.png"
    blocker.write_text("in the way")
    _refused_before_work(
        _score("--gold", "--data", str(small_data), "--out", str(tmp_path / "r.json"), "--plots", str(blocker)),
        "--plots: cannot write into",
        "not a folder",
    )


def test_a_file_with_no_usable_line_exits_non_zero(small_data: Path, tmp_path: Path) -> None:
    predictions = tmp_path / "p.jsonl"
    predictions.write_text('not json\n{"no": "id"}\n')
    result = _score(str(predictions), "--data", str(small_data), "--out", str(tmp_path / "r.json"))
    assert result.exit_code == 1, result.output
    assert "nothing scored" in result.stderr and "p.jsonl" in result.stderr


def test_a_missing_predictions_file_is_named_before_the_data(tmp_path: Path) -> None:
    result = _score(str(tmp_path / "nothere.jsonl"), "--data", str(tmp_path / "absent"))
    assert result.exit_code == 1
    assert "nothere.jsonl: no such file" in result.stderr
