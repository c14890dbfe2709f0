"""The rollout server over real HTTP on loopback: play, log, score, and refuse bad requests."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorer.dataset import load_keys
from scorer.rollout import RolloutServer, start_server
from scorer.scoring import score_file
from scorer.tasks.episode import reference

CONFIG = "blocksworld-episodes"


@pytest.fixture()
def server(mini_data: Path, tmp_path: Path) -> Iterator[RolloutServer]:
    running = start_server(mini_data, port=0, log=tmp_path / "episodes.jsonl", timeout_s=600)
    yield running
    running.shutdown()


def call(server: RolloutServer, method: str, path: str, body: object = None, raw: bytes | None = None) -> tuple[int, dict]:
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(server.url + path, data=data, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def gold_replies(mini_data: Path, row_id: str) -> list[str]:
    row = load_keys(mini_data).rows[row_id]
    return reference("gold", row)["episode"]["replies"]


def episode_ids(mini_data: Path) -> list[str]:
    return [i for i in load_keys(mini_data).rows if i.startswith(CONFIG)]


def play(server: RolloutServer, row_id: str, replies: list[str]) -> dict:
    status, started = call(server, "POST", "/episodes", {"id": row_id, "settings": {"mode": "planner"}, "model": "gold"})
    assert status == 201 and started["observation"]["images"], started
    for reply in replies:
        status, result = call(server, "POST", f"/episodes/{started['episode_id']}/step", {"reply": reply})
        assert status == 200, result
    return {"episode_id": started["episode_id"], **result}


def log_lines(server: RolloutServer) -> list[dict]:
    return [json.loads(line) for line in server.episodes.log.path.read_text().splitlines()]


def test_gold_episode_succeeds_is_logged_and_scores(server: RolloutServer, mini_data: Path, tmp_path: Path) -> None:
    row_id = episode_ids(mini_data)[0]
    last = play(server, row_id, gold_replies(mini_data, row_id))
    assert last["terminated"] and not last["truncated"] and last["observation"] is None
    status, shown = call(server, "GET", f"/episodes/{last['episode_id']}")
    assert status == 200 and shown["done"] and shown["outcome"]["success"]
    [line] = log_lines(server)
    assert line["id"] == row_id and line["model"] == "gold" and line["episode"]["end"] == "finished"
    run = score_file(server.episodes.log.path, mini_data, tmp_path / "results.json", configs={CONFIG})
    rows = [json.loads(r) for r in run.rows_path.read_text().splitlines()]
    assert [r["score"] for r in rows if r["id"] == row_id] == [1.0]


def test_many_episodes_at_once(server: RolloutServer, mini_data: Path) -> None:
    ids = episode_ids(mini_data)
    errors: list[BaseException] = []

    def worker(row_id: str) -> None:
        try:
            assert play(server, row_id, gold_replies(mini_data, row_id))["terminated"]
        except BaseException as error:  # collected, so a failure in a thread fails the test
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(row_id,)) for row_id in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert sorted(line["id"] for line in log_lines(server)) == sorted(ids)


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "words"),
    [
        ("POST", "/episodes", b"{not json", 400, "JSON object"),
        ("POST", "/episodes", b"[1, 2]", 400, "JSON object"),
        ("POST", "/episodes", b"{}", 400, "'id'"),
        ("POST", "/episodes", b'{"id": "blocksworld-episodes/test/9999"}', 404, "no row"),
        ("POST", "/episodes", b'{"id": "blocksworld-ground/test/0000"}', 400, "not an episode"),
        ("POST", "/episodes", b'{"id": "blocksworld-episodes/test/0000", "settings": {"colour": 1}}', 400, "colour"),
        ("GET", "/nowhere", None, 404, "no route"),
        ("GET", "/episodes", None, 405, "POST"),
        ("POST", "/episodes/abc/step", b'{"reply": "x"}', 404, "no episode"),
        ("POST", "/episodes/abc/step", b'{"reply": 3}', 400, "'reply'"),
        ("POST", "/episodes", b"x" * (2**20 + 10), 413, "bytes"),
    ],
)
def test_bad_requests_get_json_errors(server: RolloutServer, method: str, path: str, body: bytes | None,
                                      status: int, words: str) -> None:
    got, answer = call(server, method, path, raw=body)
    assert got == status and words in answer["error"], answer
    assert call(server, "GET", "/health")[1]["status"] == "ok"  # still serving


def test_step_after_the_end_is_a_conflict(server: RolloutServer, mini_data: Path) -> None:
    row_id = episode_ids(mini_data)[0]
    last = play(server, row_id, gold_replies(mini_data, row_id))
    status, answer = call(server, "POST", f"/episodes/{last['episode_id']}/step", {"reply": "again"})
    assert status == 409 and "over" in answer["error"]


def test_delete_logs_an_abandoned_episode(server: RolloutServer, mini_data: Path) -> None:
    row_id = episode_ids(mini_data)[0]
    _, started = call(server, "POST", "/episodes", {"id": row_id})
    call(server, "POST", f"/episodes/{started['episode_id']}/step", {"reply": "thinking..."})
    assert call(server, "DELETE", f"/episodes/{started['episode_id']}")[0] == 200
    [line] = log_lines(server)
    assert line["episode"]["end"] == "abandoned" and line["episode"]["replies"] == ["thinking..."]


def test_idle_episodes_expire_and_are_logged(mini_data: Path, tmp_path: Path) -> None:
    running = start_server(mini_data, port=0, log=tmp_path / "log.jsonl", timeout_s=0.2)
    try:
        _, started = call(running, "POST", "/episodes", {"id": episode_ids(mini_data)[0]})
        deadline = time.monotonic() + 10
        while not running.episodes.log.path.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        [line] = log_lines(running)
        assert line["episode"]["end"] == "expired"
        assert call(running, "GET", f"/episodes/{started['episode_id']}")[1]["done"]
    finally:
        running.shutdown()


def test_log_survives_a_torn_last_line(mini_data: Path, tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text('{"id": "x", "episode": {"replies": ["cut sho')  # a crash mid-line
    running = start_server(mini_data, port=0, log=log)
    try:
        row_id = episode_ids(mini_data)[0]
        play(running, row_id, gold_replies(mini_data, row_id))
    finally:
        running.shutdown()
    lines = log.read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[1])["id"] == row_id
