"""The server under stress: bursts of clients, stalled and vanishing clients, full memory, shutdown.

Each test talks real HTTP over loopback (raw sockets where a client must misbehave).
"""

from __future__ import annotations

import http.client
import json
import socket
import statistics
import struct
import threading
import time
import tracemalloc
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from rollout_client import (
    Client,
    StartServer,
    add_planner_variant,
    gold_replies,
    log_lines,
)

from scorer.episodes.base import StepResult
from scorer.episodes.viplan_planner import PlannerEpisode
from scorer.io.dataset import load_keys
from scorer.rollout import RolloutServer

ROW = "blocksworld-episodes/test/0000"
ONE_STEP = {"output": "action", "max_steps": 1}  # any reply ends it (truncated): a finished episode per step


def _status_line_and_headers(connection: socket.socket) -> tuple[int, dict[str, str], bytes]:
    response = b""
    while b"\r\n\r\n" not in response:
        chunk = connection.recv(65536)
        if not chunk:
            break
        response += chunk
    head, _, body = response.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (h.partition(":") for h in header_lines)}
    while len(body) < int(headers.get("content-length", 0)):
        body += connection.recv(65536)
    return int(status_line.split()[1]), headers, body


def _open_burst(url: str, size: int) -> Counter[str]:
    """``size`` clients released together, each opening one episode on its own connection."""
    barrier = threading.Barrier(size)
    host, port = url.removeprefix("http://").split(":")

    def open_one(_: int) -> str:
        connection = http.client.HTTPConnection(host, int(port), timeout=300)  # a loaded machine is slow
        barrier.wait()
        try:
            connection.request("POST", "/episodes", body=json.dumps({"id": ROW}).encode())
            response = connection.getresponse()
            response.read()
            return str(response.status)
        except (ConnectionResetError, BrokenPipeError, http.client.RemoteDisconnected):
            return "reset"
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=size) as pool:
        return Counter(pool.map(open_one, range(size)))


def test_200_simultaneous_opens_all_get_an_http_answer(start: StartServer) -> None:
    # socketserver's backlog of 5 reset most of such a burst; 201 or 503 + Retry-After are both fine.
    server = start(max_episodes=150)
    outcomes = _open_burst(server.url, 200)
    assert outcomes == Counter({"201": 150, "503": 50})


def test_at_max_episodes_the_503_says_when_to_retry(start: StartServer) -> None:
    server = start(max_episodes=1)
    Client(server.url).open(ROW)
    host, port = server.server_address[:2]
    with socket.create_connection((host, port), timeout=10) as connection:
        body = json.dumps({"id": ROW}).encode()
        connection.sendall(b"POST /episodes HTTP/1.1\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
        status, headers, _ = _status_line_and_headers(connection)
    assert status == 503 and headers["retry-after"] == "1"


def test_a_body_shorter_than_its_content_length_gets_408_quickly_and_closes(start: StartServer) -> None:
    server = start(request_timeout_s=0.5)
    host, port = server.server_address[:2]
    started = time.monotonic()
    with socket.create_connection((host, port), timeout=10) as connection:
        connection.sendall(b'POST /episodes HTTP/1.1\r\nContent-Length: 100\r\n\r\n{"id": ')  # and then nothing
        status, headers, body = _status_line_and_headers(connection)
    assert time.monotonic() - started < 5  # it was a 500 after the 60 s idle timeout
    assert status == 408 and headers["connection"] == "close"
    assert "the body had 7 of 100 bytes" in json.loads(body)["error"]
    assert Client(server.url).call("GET", "/health")[0] == 200


def test_a_vanishing_client_costs_one_line_not_a_traceback(
    start: StartServer, capfd: pytest.CaptureFixture[str]
) -> None:
    server = start()
    host, port = server.server_address[:2]
    with socket.create_connection((host, port), timeout=10) as connection:
        connection.sendall(b"POST /episodes HTTP/1.1\r\nContent-Length: 100000\r\n\r\n" + b" " * 1000)
        # SO_LINGER 0: close with a reset, as a killed client does.
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    err = ""
    deadline = time.monotonic() + 5
    while "went away" not in err and time.monotonic() < deadline:
        time.sleep(0.05)
        err += capfd.readouterr().err
    assert "Traceback" not in err
    assert [line for line in err.splitlines() if line.strip()] == [
        line for line in err.splitlines() if "went away (ConnectionResetError)" in line
    ]
    assert len(err.splitlines()) == 1
    assert Client(server.url).call("GET", "/health")[0] == 200


def test_a_reply_above_max_reply_bytes_is_413(start: StartServer) -> None:
    server = start(max_reply_bytes=1000)
    client = Client(server.url)
    episode_id = client.open(ROW)["episode_id"]
    status, document = client.call("POST", f"/episodes/{episode_id}/step", {"reply": "é" * 501})
    assert status == 413 and "1002 bytes" in document["error"] and "--max-reply-bytes" in document["error"]
    assert client.step(episode_id, "x" * 1000)["info"]["step"] == 1


def test_finished_episodes_leave_memory_and_count_against_nothing(start: StartServer) -> None:
    server = start(max_episodes=2)
    server.service.finished.budget_bytes = 500_000  # what GET and /transcript answer: two of these episodes
    client = Client(server.url)
    reply = "x" * 100_000
    episode_id = client.open(ROW, ONE_STEP)["episode_id"]
    client.step(episode_id, reply)
    tracemalloc.start()
    try:
        for _ in range(20):  # far more than --max-episodes, none deleted: each frees its place when it ends
            episode_id = client.open(ROW, ONE_STEP)["episode_id"]
            assert client.step(episode_id, reply)["truncated"]
        grown = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert grown < 1_500_000  # 20 finished episodes with 100 KB replies were all held until the idle timeout
    assert server.service.registry.count_active() == 0
    status, document = client.call("GET", f"/episodes/{episode_id}")
    assert status == 200 and document["done"] and document["log"]["episode"]["end"] == "finished"
    assert client.call("POST", f"/episodes/{episode_id}/step", {"reply": "more"})[0] == 409
    assert [line["episode"]["end"] for line in log_lines(server.service.log.path)] == ["finished"] * 21


def test_old_finished_episodes_are_gone_with_a_pointer_to_the_log(start: StartServer) -> None:
    server = start()
    client = Client(server.url)
    first, second = (client.open(ROW, ONE_STEP)["episode_id"] for _ in range(2))
    client.step(first, "a")
    one_document = server.service.finished._bytes
    server.service.finished.budget_bytes = one_document * 3 // 2  # room for one GET document, not two
    client.step(second, "b")
    status, document = client.call("GET", f"/episodes/{first}")
    assert status == 410 and "episodes.jsonl" in document["error"] and "read it from the log" in document["error"]
    assert client.call("DELETE", f"/episodes/{first}")[0] == 410
    assert client.call("GET", f"/episodes/{second}")[0] == 200
    assert client.call("DELETE", f"/episodes/{second}")[1] == {"episode_id": second, "removed": True, "logged": False}
    assert client.call("GET", f"/episodes/{second}")[0] == 410


def test_a_finished_episode_released_from_memory_still_scores_from_the_log(
    start: StartServer, episode_data: Path
) -> None:
    server = start()
    row = load_keys(episode_data, "test").rows[ROW]
    client = Client(server.url)
    episode_id = client.open(ROW)["episode_id"]
    for reply in gold_replies(row):
        client.step(episode_id, reply)
    [line] = log_lines(server.service.log.path)
    assert client.call("GET", f"/episodes/{episode_id}")[1]["log"] == line


class SlowEpisode(PlannerEpisode):
    """A real planner episode whose steps take a while, so a shutdown catches one in flight."""

    step_started = threading.Event()

    def step(self, reply: str) -> StepResult:
        self.step_started.set()
        time.sleep(0.5)
        return super().step(reply)


@pytest.fixture
def slow_mode(monkeypatch: pytest.MonkeyPatch) -> str:
    return add_planner_variant(monkeypatch, "slow", SlowEpisode)


def test_shutdown_finishes_the_step_in_flight_then_logs_it_as_interrupted(start: StartServer, slow_mode: str) -> None:
    server = start()
    client = Client(server.url)
    episode_id = client.open(ROW, {"mode": slow_mode})["episode_id"]
    SlowEpisode.step_started.clear()
    with ThreadPoolExecutor(max_workers=1) as pool:
        answer = pool.submit(client.call, "POST", f"/episodes/{episode_id}/step", {"reply": "not a plan"})
        assert SlowEpisode.step_started.wait(5)
        server.shutdown("interrupted")
        assert answer.result()[0] == 200  # answered, not cut off
    [line] = log_lines(server.service.log.path)
    assert line["episode"]["end"] == "interrupted" and line["episode"]["replies"] == ["not a plan"]


def test_answers_on_a_kept_alive_connection_are_not_held_for_a_delayed_ack(server: RolloutServer) -> None:
    # Without TCP_NODELAY on the server's sockets, Nagle's algorithm held each answer's body for
    # the client's delayed ACK: about 40 ms per request however idle the machine.
    connection = http.client.HTTPConnection(*server.server_address, timeout=30)
    latencies = []
    try:
        for _ in range(21):
            started = time.perf_counter()
            connection.request("GET", "/health")
            connection.getresponse().read()
            latencies.append(time.perf_counter() - started)
    finally:
        connection.close()
    assert statistics.median(latencies) < 0.02, latencies
