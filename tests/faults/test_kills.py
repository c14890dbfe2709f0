"""Kill ``score``, ``build``, ``eval`` and ``serve`` (SIGKILL, no clean-up) and check that nothing is torn.

A killed command leaves the old complete file or the new complete file, never a torn
one; a results.json and its rows file that come from different runs are told apart by
their run id; a killed server leaves a log that scores (at most its last line lost).

The second half times ten kills of each command on its writes themselves: the instant a
temporary file of ``scorer.io.atomic`` appears (a shard, results.json, its rows file,
predictions.jsonl is being written), the instant the response cache or the episode log
grows. After each kill every output is whole (it parses to its end, and is byte for byte
the old file or the new one) or absent, and a run started again finishes with the bytes
of a run never killed. The commands run as children of a warm fork server
(``fork_server.py``), so that forty kills do not spend their time importing.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from fault_data import SMALL_CONFIG, rewrite_checksums
from fork_server import Child, Forks

from scorer.io.dataset import DatasetError, load_keys
from scorer.io.errors import PlanariumError
from scorer.scoring.run import score_file
from tests.support.scripted_endpoint import ScriptedEndpoint, gold_answers

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
    from scorer.scoring.pair import check_pair

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


# Kills timed on the writes: ten of each command ---------------------------------------------

KILLS = range(10)
TEMPORARY = re.compile(r"^\..+\.tmp$")  # scorer.io.atomic writes <name> through .<name>.<random>.tmp beside it
KILL_CONFIGS = ("collision", "blocks-vsp", SMALL_CONFIG)  # each cheap to score
POLL_S = 0.0002  # sleeps between looks (and lets the scripted endpoint's threads run)
# Tries of one kill: a write of a few hundred microseconds (checksums.json) came and went
# between two looks three times in a row in a fresh clone's `make test` (3 workers and lint on
# 2 cores); the looker cannot outrun the scheduler, so it tries again, each try a new command.
ATTEMPTS = 10


@pytest.fixture(scope="module")
def forks() -> Iterator[Forks]:
    server = Forks(Path(__file__).resolve().parents[2])
    yield server
    server.close()


@pytest.fixture(scope="module")
def kill_data(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dataset of a few small configs (question and episode ones), read by score, eval and serve."""
    out = tmp_path_factory.mktemp("kill-data")
    for config in KILL_CONFIGS:
        shutil.copytree(mini_data / "data" / config, out / "data" / config)
    rewrite_checksums(out)
    return out


def _listing(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except FileNotFoundError:
        return []


def _kill_at_write(
    child: Child, folders: list[Path], nth: int, delay_s: float = 0.0, written: Callable[[], bool] = lambda: False
) -> bool:
    """SIGKILL ``child`` the instant the ``nth`` temporary file of an atomic write appears in
    ``folders`` (or ``delay_s`` later): that file is being written. False if the command
    ended first, or ``written()`` says the write is done (a server runs on after it): the
    write came and went between two looks, or the command finished before the kill."""
    before = {name for folder in folders for name in _listing(folder)}
    seen: list[str] = []
    deadline = time.monotonic() + 120
    while len(seen) < nth:
        for folder in folders:
            seen += [name for name in _listing(folder) if TEMPORARY.match(name) and name not in {*before, *seen}]
        if len(seen) < nth and (child.poll() is not None or written()):
            return False
        assert time.monotonic() < deadline, f"no write number {nth} in 120 s; saw {seen}"
        time.sleep(POLL_S)
    time.sleep(delay_s)
    return child.kill() == -signal.SIGKILL


def _kill_at_growth(child: Child, path: Path, nth: int) -> bool:
    """SIGKILL ``child`` the instant ``path`` has changed ``nth`` times (a cache commit, a log
    line); False if the command ended first."""
    last = _fingerprint(path)
    changes = 0
    deadline = time.monotonic() + 120
    while changes < nth:
        now = _fingerprint(path)
        if now != last:
            changes, last = changes + 1, now
            continue
        if child.poll() is not None:
            return False
        assert time.monotonic() < deadline, f"{path} changed {changes} time(s) in 120 s, not {nth}"
        time.sleep(POLL_S)
    return child.kill() == -signal.SIGKILL


def _killed(prepare: Callable[[], object], start: Callable[[], Child], kill: Callable[[Child], bool]) -> None:
    """``prepare`` the folder, ``start`` the command and ``kill`` it; all over again when the
    command ended first or the write came and went (a loaded machine can keep this process
    from looking while a short write comes and goes), at most ``ATTEMPTS`` times."""
    for _ in range(ATTEMPTS):
        prepare()
        if kill(start()):
            return
    pytest.fail(f"the command ended before the kill {ATTEMPTS} times over")


def _tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` by relative path, but scorer.io.atomic's hidden temporaries, which
    a kill may leave (and which nothing reads); anything else hidden is a failure."""
    files = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and TEMPORARY.match(path.name):
            continue
        if path.is_file():
            assert not path.name.startswith("."), f"a hidden file that is no temporary: {path}"
            files[path.relative_to(root).as_posix()] = path.read_bytes()
    return files


def _assert_parses(name: str, data: bytes) -> None:
    """``data`` (the file ``name``) parses to its end."""
    if name.endswith(".parquet"):
        import pyarrow as pa

        assert pq.read_table(pa.BufferReader(data)).num_rows > 0, name
    elif name.endswith(".json"):
        json.loads(data)
    elif name.endswith(".jsonl"):
        assert not data or data.endswith(b"\n"), f"{name} does not end its last line"
        for line in data.splitlines():
            json.loads(line)
    else:
        data.decode("utf-8")


def _assert_old_or_new(after: dict[str, bytes], old: dict[str, bytes], new: dict[str, bytes]) -> None:
    """Each file is whole: the old one, the new one, or (when there was none) absent."""
    assert set(after) <= set(new), sorted(set(after) - set(new))
    for name in new:
        if name in after:
            assert after[name] in (old.get(name), new[name]), f"{name} is neither the old file nor the new one"
            _assert_parses(name, after[name])
        else:
            assert name not in old, f"{name} was lost"


def _assert_pair(out: Path, old: dict[str, bytes], new: dict[str, bytes], results: str, rows: str) -> None:
    """results.json is absent, or sits beside its own rows file, or (old results, new rows) the
    two are told apart by their run ids."""
    results_bytes = (out / results).read_bytes() if (out / results).exists() else None
    rows_bytes = (out / rows).read_bytes() if (out / rows).exists() else None
    if results_bytes is None:
        return
    from scorer.scoring.pair import check_pair

    if results_bytes == new[results] or rows_bytes == old.get(rows):
        check_pair(out / results)
    else:
        with pytest.raises(PlanariumError, match="different runs"):
            check_pair(out / results)


# build: a collision split over another one (other bytes, the same file names), or into an empty folder.

BUILD = ["build", "--configs", "collision", "--size", "mini", "--quiet", "--out", "data"]
BUILD_OLD = [*BUILD, "--seed", "1"]


@pytest.fixture(scope="module")
def built(forks: Forks, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes], dict[str, bytes]]:
    """The old build's folder, its files and those of the new build (never killed)."""
    old, new = tmp_path_factory.mktemp("build-old"), tmp_path_factory.mktemp("build-new")
    assert forks.run(BUILD_OLD, old) == 0 and forks.run(BUILD, new) == 0
    old_files, new_files = _tree(old / "data"), _tree(new / "data")
    assert old_files.keys() == new_files.keys() and all(old_files[name] != new_files[name] for name in new_files)
    return old / "data", old_files, new_files


@pytest.mark.parametrize("seed", KILLS)
def test_build_killed_while_writing_leaves_each_file_whole(
    forks: Forks, built: tuple[Path, dict[str, bytes], dict[str, bytes]], tmp_path: Path, seed: int
) -> None:
    old_root, old, new = built
    old = old if seed >= 5 else {}  # half over the old build, half into an empty folder

    def prepare() -> None:
        shutil.rmtree(tmp_path / "data", ignore_errors=True)
        if old:
            shutil.copytree(old_root, tmp_path / "data")

    # writes 1-4: the test shard, the dev shard, README.md, checksums.json; two kills a little after a shard's instant
    delay = random.Random(seed).uniform(0, 0.003) if seed in (4, 9) else 0.0
    folders = [tmp_path / "data", tmp_path / "data" / "data" / "collision"]
    kill = partial(_kill_at_write, folders=folders, nth=1 + seed % 4, delay_s=delay)
    _killed(prepare, partial(forks.start, BUILD, tmp_path), kill)
    _assert_old_or_new(_tree(tmp_path / "data"), old, new)
    if (tmp_path / "data" / "checksums.json").exists():
        _assert_dataset_whole(tmp_path / "data")  # loads, or says to build again
    assert forks.run(BUILD, tmp_path) == 0
    assert _tree(tmp_path / "data") == new


# score: results.json and its rows file, over those of another split or where there were none.


def _score_args(data: Path, *extra: str) -> list[str]:
    return ["score", "--gold", "--data", str(data), "--out", "out/results.json", *extra]


@pytest.fixture(scope="module")
def scored(
    forks: Forks, kill_data: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[dict[str, bytes], dict[str, bytes]]:
    old, new = tmp_path_factory.mktemp("score-old"), tmp_path_factory.mktemp("score-new")
    assert forks.run(_score_args(kill_data, "--split", "dev"), old) == 0
    assert forks.run(_score_args(kill_data), new) == 0
    return _tree(old / "out"), _tree(new / "out")


@pytest.mark.parametrize("seed", KILLS)
def test_score_killed_while_writing_leaves_results_whole(
    forks: Forks, kill_data: Path, scored: tuple[dict[str, bytes], dict[str, bytes]], tmp_path: Path, seed: int
) -> None:
    old, new = scored
    old = old if seed >= 5 else {}  # half over another split's results, half where there were none
    out = tmp_path / "out"

    def prepare() -> None:
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir()
        for name, data in old.items():
            (out / name).write_bytes(data)

    # write 1: results.rows.jsonl, write 2: results.json; three kills a little after the rows file's instant
    delay = random.Random(seed).uniform(0, 0.003) if seed in (2, 4, 8) else 0.0
    kill = partial(_kill_at_write, folders=[out], nth=1 + seed % 2, delay_s=delay)
    _killed(prepare, partial(forks.start, _score_args(kill_data), tmp_path), kill)
    _assert_old_or_new(_tree(out), old, new)
    _assert_pair(out, old, new, "results.json", "results.rows.jsonl")
    assert forks.run(_score_args(kill_data), tmp_path) == 0
    assert _tree(out) == new


# eval: against a scripted endpoint; the response cache, predictions.jsonl, results.json and its rows.

EVAL_CONFIGS = ("collision", "blocks-vsp")
CACHE_FILES = ("responses.sqlite", "responses.sqlite-wal", "responses.sqlite-shm")
# (what is being written when the kill comes, which write of it); the atomic files are written
# in the order predictions.jsonl, results.rows.jsonl, results.json
EVAL_KILLS = [
    ("cache", 1),
    ("file", 1),
    ("cache", 3),
    ("file", 2),
    ("cache", 6),
    ("file", 3),
    ("cache", 9),
    ("file", 1),
    ("cache", 2),
    ("file", 3),
]


@pytest.fixture(scope="module")
def endpoint(kill_data: Path) -> Iterator[ScriptedEndpoint]:
    with ScriptedEndpoint(gold_answers(kill_data, EVAL_CONFIGS)) as scripted:
        yield scripted


def _eval_args(data: Path, url: str) -> list[str]:
    return [
        "eval",
        "--model",
        "openai:scripted",
        "--base-url",
        url,
        "--configs",
        ",".join(EVAL_CONFIGS),
        "--data",
        str(data),
        "--out",
        "run",
        "--limit",
        "8",
        "--quiet",
        "--concurrency",
        "2",
    ]


def _cached(run: Path) -> int:
    """Answers in the response cache, after checking the file is sound (a kill as it was being
    made may leave it without its table: the next run makes it)."""
    if not (run / "responses.sqlite").exists():
        return 0
    with sqlite3.connect(run / "responses.sqlite") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        count = int(db.execute("SELECT COUNT(*) FROM responses").fetchone()[0]) if "responses" in tables else 0
    db.close()
    return count


def _outputs(run: Path) -> dict[str, bytes]:
    return {name: data for name, data in _tree(run).items() if name not in CACHE_FILES}


@pytest.fixture(scope="module")
def evaluated(
    forks: Forks, kill_data: Path, endpoint: ScriptedEndpoint, tmp_path_factory: pytest.TempPathFactory
) -> tuple[dict[str, bytes], int]:
    """An eval run never killed: its outputs, and how many answers it asked for."""
    folder = tmp_path_factory.mktemp("eval-new")
    asked = endpoint.requests
    assert forks.run(_eval_args(kill_data, endpoint.url), folder) == 0
    outputs = _outputs(folder / "run")
    assert set(outputs) == {"predictions.jsonl", "results.json", "results.rows.jsonl"}
    assert _cached(folder / "run") == endpoint.requests - asked >= 10
    return outputs, endpoint.requests - asked


@pytest.mark.parametrize("seed", KILLS)
def test_eval_killed_while_writing_resumes_to_the_same_predictions(
    forks: Forks,
    kill_data: Path,
    endpoint: ScriptedEndpoint,
    evaluated: tuple[dict[str, bytes], int],
    tmp_path: Path,
    seed: int,
) -> None:
    new, answers = evaluated
    run = tmp_path / "run"
    what, nth = EVAL_KILLS[seed]

    def kill(child: Child) -> bool:
        if what == "cache":
            return _kill_at_growth(child, run / "responses.sqlite-wal", nth)
        return _kill_at_write(child, [run], nth)

    start = partial(forks.start, _eval_args(kill_data, endpoint.url), tmp_path)
    _killed(partial(shutil.rmtree, run, ignore_errors=True), start, kill)
    _assert_old_or_new(_outputs(run), {}, new)  # each whole, or absent
    _assert_pair(run, {}, new, "results.json", "results.rows.jsonl")
    cached = _cached(run)
    assert cached <= answers
    asked = endpoint.requests
    assert forks.run(_eval_args(kill_data, endpoint.url), tmp_path) == 0
    # what the cache held is not asked again (fewer still when two rows ask the same and the second finds the first's)
    assert endpoint.requests - asked <= answers - cached
    assert _outputs(run) == new  # the same predictions, results and rows as a run never killed


# serve: the episode log, and the ready file; then a server started again on the same log.

SERVE_SCRIPT = [["no move", "left"], ["up"], ["move 1 2", "done", "x"]]  # one episode each, played in turn


def _serve_args(data: Path) -> list[str]:
    return ["serve", "--data", str(data), "--port", "0", "--log", "episodes.jsonl", "--ready-file", "url"]


def _post(url: str, path: str, body: dict) -> dict:
    host, port = url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        connection.request("POST", path, body=json.dumps(body).encode())
        return json.loads(connection.getresponse().read())
    finally:
        connection.close()


def _ready(child: Child, folder: Path) -> str:
    deadline = time.monotonic() + 120
    while not (folder / "url").exists():
        assert child.poll() is None and time.monotonic() < deadline, f"serve ended (exit {child.exit}) before ready"
        time.sleep(0.01)
    return (folder / "url").read_text().strip()


def _play(url: str, replies: list[str], row: str = f"{SMALL_CONFIG}/test/0000") -> None:
    episode = _post(url, "/episodes", {"id": row, "settings": {"max_steps": len(replies), "view": "text"}})
    for reply in replies:
        _post(url, f"/episodes/{episode['episode_id']}/step", {"reply": reply})


def _played_in_turn(forks: Forks, data: Path, folder: Path) -> None:
    """A server in ``folder`` plays SERVE_SCRIPT, then is stopped with SIGTERM (a clean stop)."""
    (folder / "url").unlink(missing_ok=True)
    child = forks.start(_serve_args(data), folder)
    url = _ready(child, folder)
    for replies in SERVE_SCRIPT:
        _play(url, replies)
    assert child.terminate() == 0


@pytest.fixture(scope="module")
def served(forks: Forks, kill_data: Path, tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The log of SERVE_SCRIPT played on a server never killed."""
    folder = tmp_path_factory.mktemp("serve-new")
    _played_in_turn(forks, kill_data, folder)
    log = (folder / "episodes.jsonl").read_bytes()
    assert log.count(b"\n") == len(SERVE_SCRIPT)
    return log


@pytest.mark.parametrize("seed", KILLS)
def test_serve_killed_while_logging_leaves_whole_lines_and_starts_again(
    forks: Forks, kill_data: Path, served: bytes, tmp_path: Path, seed: int
) -> None:
    log = tmp_path / "episodes.jsonl"
    before = served if seed >= 5 else b""  # half on a log that has lines already
    log.write_bytes(before)
    start = partial(forks.start, _serve_args(kill_data), tmp_path)
    if seed % 5 == 0:  # while the ready file is written
        ready = tmp_path / "url"

        def kill(child: Child) -> bool:
            if _kill_at_write(child, [tmp_path], 1, written=ready.exists):
                return True
            child.kill()  # it wrote the ready file between two looks and serves on
            return False

        _killed(partial(ready.unlink, missing_ok=True), start, kill)
        assert not ready.exists() or ready.read_text().startswith("http://")
    else:  # while episodes end and are logged by concurrent requests
        child = start()  # a server does not end by itself: no race to lose
        url = _ready(child, tmp_path)
        stop = threading.Event()

        def traffic() -> None:
            while not stop.is_set():
                try:
                    _play(url, ["no move"])
                except (OSError, http.client.HTTPException, ValueError, KeyError):
                    return  # the server is gone

        workers = [threading.Thread(target=traffic) for _ in range(3)]
        for worker in workers:
            worker.start()
        try:
            assert _kill_at_growth(child, log, 1 + seed % 5)
        finally:
            stop.set()
            for worker in workers:
                worker.join(30)
    killed = log.read_bytes()
    assert killed.startswith(before)
    lines = killed[len(before) :].split(b"\n")
    for line in lines[:-1]:  # whole lines; the kill may have cut the last one short
        assert json.loads(line)["episode"]["end"] in ("finished", "abandoned")
    _played_in_turn(forks, kill_data, tmp_path)  # started again on the killed log
    assert log.read_bytes() == killed + (b"\n" if killed and not killed.endswith(b"\n") else b"") + served
    run = score_file(log, kill_data, tmp_path / "results.json", configs={SMALL_CONFIG})
    assert {problem.kind for problem in run.problems} <= {"malformed", "duplicate"}
