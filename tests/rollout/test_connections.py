"""Connections are bounded (scorer.rollout.wire): a connection that never sends, trickles its
headers or its body is closed within the request timeout, and beyond the connection bound a
new one gets a 503 and is closed at once, so the server keeps answering. Real sockets on loopback."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from rollout_client import Client, StartServer

from scorer.rollout import RolloutServer, wire

TIMEOUT_S = 0.5
BOUND_S = TIMEOUT_S + 2.0  # the timeout plus room for a loaded machine; the old code never closed them


def _connect(server: RolloutServer) -> socket.socket:
    return socket.create_connection(server.server_address[:2], timeout=30)


def _seconds_until_closed(connection: socket.socket, trickle: Callable[[int], bytes | None] | None = None) -> float:
    """Seconds until the server closes ``connection`` (recv gives b"" or a reset); ``trickle(i)``: bytes to
    send every 0.1 s meanwhile (None: nothing more)."""
    started = time.monotonic()
    connection.settimeout(0.1)
    for tick in range(10_000):
        data = trickle(tick) if trickle else None
        try:
            if data:
                connection.sendall(data)
            if connection.recv(65536) == b"":
                break
        except TimeoutError:
            continue
        except (ConnectionResetError, BrokenPipeError):
            break
        if time.monotonic() - started > 60:
            break
    return time.monotonic() - started


def test_a_connection_that_never_sends_is_closed_within_the_bound(start: StartServer) -> None:
    server = start(request_timeout_s=TIMEOUT_S)
    with _connect(server) as silent:
        assert _seconds_until_closed(silent) < BOUND_S


def test_trickled_headers_are_cut_off_within_the_bound(start: StartServer) -> None:
    server = start(request_timeout_s=TIMEOUT_S)
    head = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: " + b"a" * 1000
    with _connect(server) as slow:  # a byte every 0.1 s: each one used to reset nothing, and nothing closed it
        assert _seconds_until_closed(slow, lambda tick: head[tick : tick + 1]) < BOUND_S


def test_a_trickled_body_is_cut_off_within_the_bound(start: StartServer) -> None:
    server = start(request_timeout_s=TIMEOUT_S)
    body = json.dumps({"id": "blocksworld-episodes/test/0000", "model": "m" * 1000}).encode()
    head = b"POST /episodes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: %d\r\n\r\n" % len(body)
    with _connect(server) as slow:
        slow.sendall(head)
        assert _seconds_until_closed(slow, lambda tick: body[tick : tick + 1]) < BOUND_S


def test_a_kept_alive_connection_gets_the_same_bound_for_its_next_head(start: StartServer) -> None:
    server = start(request_timeout_s=TIMEOUT_S)
    with _connect(server) as kept:
        kept.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert b"200 OK" in kept.recv(65536)
        kept.sendall(b"GET /health HTTP/1.1\r\n")  # the next request's head starts, and stalls
        assert _seconds_until_closed(kept) < BOUND_S


def test_beyond_the_connection_bound_a_new_connection_gets_503_and_the_server_recovers(
    start: StartServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(wire, "MAX_CONNECTIONS", 8)
    server = start(request_timeout_s=TIMEOUT_S)
    held = [_connect(server) for _ in range(8)]
    try:
        time.sleep(0.2)  # the server has accepted them
        with _connect(server) as extra:
            answer = extra.recv(65536).decode("latin-1")
        assert answer.startswith("HTTP/1.1 503") and "retry-after: 1" in answer
        assert '"error": "the server has 8 connections open, its bound; retry later"' in answer
        time.sleep(BOUND_S)  # the silent ones are closed by then
        assert Client(server.url).call("GET", "/health")[0] == 200
    finally:
        for connection in held:
            connection.close()


def test_the_bound_stays_below_the_open_file_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wire.resource, "getrlimit", lambda kind: (1024, 1024))
    assert wire.connection_bound() == 1024 - wire.FD_RESERVE
    monkeypatch.setattr(wire.resource, "getrlimit", lambda kind: (1 << 20, 1 << 20))
    assert wire.connection_bound() == wire.MAX_CONNECTIONS


SERVE_UNDER_LIMIT = """
import resource, sys
from pathlib import Path
from scorer.rollout import serve
resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))
server = serve(Path(sys.argv[1]), port=0, log=Path(sys.argv[2]), request_timeout_s=1.0)
print(server.url, flush=True)
server.wait()
"""


def test_1100_silent_connections_under_ulimit_1024_leave_the_server_reachable(
    episode_data: Path, tmp_path: Path
) -> None:
    # The fault probe's case: they made the server unreachable and wrote 80 MB of tracebacks in 20 s.
    command = [sys.executable, "-c", SERVE_UNDER_LIMIT, str(episode_data), str(tmp_path / "episodes.jsonl")]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = process.stdout.readline().strip()  # type: ignore[union-attr]
        host, port = url.removeprefix("http://").split(":")
        silent = [socket.create_connection((host, int(port)), timeout=30) for _ in range(1100)]
        try:
            status, document = Client(url).call("GET", "/health")
            assert status in (200, 503), document  # answered either way: 503 says the bound is reached
            deadline = time.monotonic() + 30
            while Client(url).call("GET", "/health")[0] != 200:
                assert time.monotonic() < deadline, "still refused after the silent connections' timeout"
                time.sleep(0.2)
        finally:
            for connection in silent:
                connection.close()
    finally:
        process.terminate()
        _, stderr = process.communicate(timeout=60)
    assert "Traceback" not in stderr and len(stderr.splitlines()) <= 5, stderr[-3000:]
