"""Kill ``score``, ``build`` and ``serve`` (SIGKILL, no clean-up) and check that nothing is torn.

A killed command leaves the old complete file or the new complete file, never a torn
one; a results.json and its rows file that come from different runs are told apart by
their run id; a killed server leaves a log that scores (at most its last line lost).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from fault_data import SMALL_CONFIG

from scorer.dataset import DatasetError, load_keys
from scorer.errors import PlanariumError
from scorer.scoring import score_file

PLANARIUM = [sys.executable, "-c", "from scorer.cli import main; main()"]


def _fingerprint(path: Path) -> tuple[int, int, int] | None:
    try:
        status = path.stat()
    except FileNotFoundError:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns


def _kill_when_changed(process: subprocess.Popen, paths: list[Path], timeout_s: float = 300) -> bool:
    """SIGKILL ``process`` the moment any of ``paths`` changes; False if it exited first."""
    before = [_fingerprint(path) for path in paths]
    deadline = time.monotonic() + timeout_s
    while process.poll() is None and time.monotonic() < deadline:
        if [_fingerprint(path) for path in paths] != before:
            process.kill()
            process.wait()
            return True
        time.sleep(0.0005)
    process.kill()
    process.wait()
    return False


def _run_and_kill(command: list[str], kill: Callable[[subprocess.Popen], object]) -> None:
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        kill(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _assert_results_whole(out: Path) -> None:
    """results.json parses; if it is the new one, its rows file is its own pair."""
    document = json.loads(out.read_text())
    assert document["schema_version"] >= 1
    from scorer.report.pair import check_pair

    try:
        check_pair(out)
    except PlanariumError:
        assert document["split"] == "dev"  # only the old results may sit beside newer rows: detected


def _old_results(small_data: Path, tmp_path: Path) -> Path:
    out = tmp_path / "out" / "results.json"
    score_file(None, small_data, out, split="dev", gold=True)  # the "old" run: another split
    return out


def test_score_killed_the_moment_results_json_changes_leaves_it_whole(small_data: Path, tmp_path: Path) -> None:
    out = _old_results(small_data, tmp_path)
    command = [*PLANARIUM, "score", "--gold", "--data", str(small_data), "--out", str(out)]
    killed = []
    _run_and_kill(command, lambda process: killed.append(_kill_when_changed(process, [out])))
    assert killed == [True]
    _assert_results_whole(out)
    assert json.loads(out.read_text())["split"] == "test"  # the change seen was the whole new file


@pytest.mark.parametrize("seed", [1, 2])
def test_score_killed_at_a_random_point_leaves_old_or_new(small_data: Path, tmp_path: Path, seed: int) -> None:
    out = _old_results(small_data, tmp_path)
    # A lone results.json: a new rows file beside it must not pass as its pair.
    out.with_name("results.rows.jsonl").unlink()
    command = [*PLANARIUM, "score", "--gold", "--data", str(small_data), "--out", str(out)]
    _run_and_kill(command, lambda process: (time.sleep(random.Random(seed).uniform(0.5, 4.0)), process.kill()))
    _assert_results_whole(out)


def _assert_dataset_whole(root: Path) -> None:
    """Every shard on disk is a whole Parquet file, and loading either works or says what to do."""
    for shard in (root / "data").glob("*/*.parquet"):
        pq.read_metadata(shard)
    assert not list((root / "data").glob("*/*.parquet.tmp"))  # temporaries are hidden dot-files at most
    json.loads((root / "checksums.json").read_text())
    try:
        load_keys(root, "test")
    except DatasetError as error:
        assert "planarium build" in str(error)


def test_build_killed_when_a_shard_changes_leaves_whole_files(small_data: Path, tmp_path: Path) -> None:
    shard = small_data / "data" / SMALL_CONFIG / "test-00000-of-00001.parquet"
    shard.write_bytes(b"PAR1 stale shard the build will replace")  # so the rebuilt one differs
    command = [*PLANARIUM, "build", "--configs", SMALL_CONFIG, "--size", "mini", "--quiet", "--out", str(small_data)]
    killed = []
    _run_and_kill(command, lambda process: killed.append(_kill_when_changed(process, [shard])))
    assert killed == [True]
    _assert_dataset_whole(small_data)  # the new shard is whole (a build is deterministic: the original bytes)


def test_build_killed_at_a_random_point_leaves_whole_files(small_data: Path, tmp_path: Path) -> None:
    command = [*PLANARIUM, "build", "--configs", SMALL_CONFIG, "--size", "mini", "--quiet", "--out", str(small_data)]
    _run_and_kill(command, lambda process: (time.sleep(random.Random(3).uniform(1.0, 6.0)), process.kill()))
    _assert_dataset_whole(small_data)


def test_serve_killed_mid_traffic_leaves_a_log_that_scores(
    episode_log_server: tuple[subprocess.Popen, str, Path], small_data: Path, tmp_path: Path
) -> None:
    process, url, log = episode_log_server
    host, port = url.removeprefix("http://").split(":")
    row_id = f"{SMALL_CONFIG}/test/0000"
    stop = threading.Event()

    def call(path: str, body: dict) -> dict:
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        try:
            connection.request("POST", path, body=json.dumps(body).encode())
            return json.loads(connection.getresponse().read())
        finally:
            connection.close()

    def traffic() -> None:
        while not stop.is_set():
            try:
                episode_id = call("/episodes", {"id": row_id, "settings": {"max_steps": 1, "view": "text"}})[
                    "episode_id"
                ]
                call(f"/episodes/{episode_id}/step", {"reply": "no move"})
            except (OSError, http.client.HTTPException, ValueError, KeyError):
                return  # the server is gone

    workers = [threading.Thread(target=traffic) for _ in range(4)]
    for worker in workers:
        worker.start()
    deadline = time.monotonic() + 120
    while not log.read_bytes().count(b"\n") and time.monotonic() < deadline:  # traffic is flowing (slow if loaded)
        time.sleep(0.05)
    time.sleep(random.Random(4).uniform(0.1, 1.0))
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    stop.set()
    for worker in workers:
        worker.join(30)
    lines = log.read_bytes().split(b"\n")
    assert all(json.loads(line) for line in lines[:-1])  # every line but a torn last one is whole
    run = score_file(log, small_data, tmp_path / "results.json")
    assert {problem.kind for problem in run.problems} <= {"malformed", "duplicate"}  # one row, played often
    assert len(lines) >= 2  # at least one whole line, then whatever the kill left


@pytest.fixture
def episode_log_server(small_data: Path, tmp_path: Path) -> tuple[subprocess.Popen, str, Path]:
    log = tmp_path / "episodes.jsonl"
    command = [*PLANARIUM, "serve", "--data", str(small_data), "--port", "0", "--log", str(log)]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    banner = process.stderr.readline()  # type: ignore[union-attr]
    url = banner.split(" at ")[1].split(";")[0]
    yield process, url, log
    if process.poll() is None:
        process.kill()
        process.wait()
    shutil.rmtree(tmp_path / "unused", ignore_errors=True)
