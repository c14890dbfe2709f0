"""How episodes leave the server: finished, abandoned (DELETE), expired, shut down; each logged once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from rollout_client import Client, StartServer, gold_replies, log_lines

from scorer.io.dataset import KeyRow, load_keys
from scorer.rollout import RolloutServer
from scorer.scoring.run import score_file

HANG_S = 300  # a bound on a hang, not a speed target (the machine may be loaded)
WRONG_REPLY = '{"plan": [{"action": "teleport", "parameters": {}}]}'


def _first_row(data: Path) -> KeyRow:
    return next(iter(load_keys(data, "test").rows.values()))


def _wait_for(condition: object, timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_delete_logs_an_abandoned_episode_with_its_replies(server: RolloutServer, episode_data: Path) -> None:
    client = Client(server.url)
    row = _first_row(episode_data)
    episode_id = client.open(row.id, {"output": "action"})["episode_id"]
    client.step(episode_id, WRONG_REPLY)
    assert client.call("DELETE", f"/episodes/{episode_id}") == (
        200,
        {"episode_id": episode_id, "removed": True, "logged": True},
    )
    assert client.call("GET", f"/episodes/{episode_id}")[0] == 404
    assert client.call("DELETE", f"/episodes/{episode_id}")[0] == 404
    [line] = log_lines(server.service.log.path)
    assert line["episode"] == {
        "settings": {
            "mode": "planner",
            "output": "action",
            "cot": False,
            "fail_prob": 0.0,
            "stop_on_unparsable": False,
            "max_steps": 0,
            "parser": "ours",
            "view": "3d",
        },
        "replies": [WRONG_REPLY],
        "end": "abandoned",
    }


def test_a_finished_episode_stays_readable_and_is_never_logged_twice(server: RolloutServer, episode_data: Path) -> None:
    client = Client(server.url)
    row = _first_row(episode_data)
    episode_id = client.open(row.id)["episode_id"]
    for reply in gold_replies(row):
        client.step(episode_id, reply)
    assert client.call("GET", "/health")[1]["episodes"] == 0  # finished: no longer counts as running
    assert client.call("DELETE", f"/episodes/{episode_id}")[1]["logged"] is False
    assert [line["episode"]["end"] for line in log_lines(server.service.log.path)] == ["finished"]


def test_idle_episodes_expire_and_are_logged_as_expired(start: StartServer, episode_data: Path) -> None:
    server = start(timeout_s=0.3)
    client = Client(server.url)
    row = _first_row(episode_data)
    idle_id = client.open(row.id)["episode_id"]
    client.step(idle_id, WRONG_REPLY)
    finished_id = client.open(row.id)["episode_id"]
    for reply in gold_replies(row):
        client.step(finished_id, reply)
    _wait_for(lambda: len(log_lines(server.service.log.path)) == 2)
    time.sleep(1.0)  # well past the timeout
    finished = client.call("GET", f"/episodes/{finished_id}")  # released at once, answered from its log line
    assert finished[0] == 200 and finished[1]["log"]["episode"]["end"] == "finished"
    assert client.call("POST", f"/episodes/{idle_id}/step", {"reply": WRONG_REPLY})[0] == 404
    ends = sorted(
        (line["episode"]["end"], len(line["episode"]["replies"])) for line in log_lines(server.service.log.path)
    )
    assert ends == [("expired", 1), ("finished", len(gold_replies(row)))]


def test_shutdown_logs_running_episodes_as_abandoned(start: StartServer, episode_data: Path) -> None:
    server = start()
    Client(server.url).open(_first_row(episode_data).id)
    server.shutdown()
    [line] = log_lines(server.service.log.path)
    assert line["episode"]["end"] == "abandoned" and line["episode"]["replies"] == []


def test_a_torn_last_line_is_ended_so_it_costs_only_itself(
    start: StartServer, episode_data: Path, tmp_path: Path
) -> None:
    log = tmp_path / "torn.jsonl"
    log.write_text('{"id": "blocksworld-episodes/test/0001", "episode": {"repl')  # a crash mid-line
    server = start(log=log)
    client = Client(server.url)
    row = _first_row(episode_data)
    episode_id = client.open(row.id)["episode_id"]
    for reply in gold_replies(row):
        client.step(episode_id, reply)
    lines = log.read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[1])["id"] == row.id
    run = score_file(log, episode_data, tmp_path / "results.json")
    assert [(p.line, p.kind) for p in run.problems] == [(1, "malformed")]
    assert {r.id: v.score for r, v in run.grading.rows}[row.id] == 1.0


def test_serve_command_runs_until_sigterm_then_logs_what_was_running_as_interrupted(
    episode_data: Path, tmp_path: Path
) -> None:
    log = tmp_path / "cli.jsonl"
    command = [
        sys.executable,
        "-c",
        "from scorer.rollout.command import serve; serve()",
        "--data",
        str(episode_data),
        "--port",
        "0",
        "--log",
        str(log),
    ]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    try:
        banner = process.stderr.readline()  # type: ignore[union-attr]
        url = banner.split(" at ")[1].split(";")[0]
        Client(url).open(_first_row(episode_data).id)
        os.kill(process.pid, signal.SIGTERM)
        # Event-based: wait for the exit (after "stopped", once the log is written). The
        # generous bound only turns a hang into a failure; a loaded machine may be slow.
        _, said = process.communicate(timeout=HANG_S)
        assert process.returncode == 0 and said.startswith("stopped; score the log with"), said
    finally:
        if process.poll() is None:
            process.kill()
    assert [line["episode"]["end"] for line in log_lines(log)] == ["interrupted"]
