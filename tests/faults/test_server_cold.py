"""A freshly started server: it says it is ready only when it can answer (the lazy work of a
first open is done before its port opens), a cold burst of 300 simultaneous opens gets 300
HTTP answers (it answered 53), and SIGTERM does not wait for a half-sent body's timeout."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from scorer.io.dataset import load_keys

HANG_S = 300  # a bound on a hang, not a speed target (the machine may be loaded)
BURST = 300


def _wait_for_file(path: Path, process: subprocess.Popen[str]) -> str:
    deadline = time.monotonic() + HANG_S
    while not path.exists():
        assert process.poll() is None, process.stderr.read() if process.stderr else "the server exited"
        assert time.monotonic() < deadline, "the server never became ready"
        time.sleep(0.05)
    return path.read_text().strip()


@pytest.fixture
def cold_server(mini_data: Path, tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """A `planarium serve` process on a free port, every config of the mini build; (url, process)."""
    ready = tmp_path / "ready"
    command = [sys.executable, "-c", "from scorer.rollout.command import serve; serve()", "--data", str(mini_data)]
    command += ["--port", "0", "--log", str(tmp_path / "log.jsonl"), "--ready-file", str(ready)]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    try:
        yield _wait_for_file(ready, process), process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def _open(url: str, row_id: str) -> int:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=HANG_S)
    try:
        connection.request("POST", "/episodes", body=json.dumps({"id": row_id}))
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_a_cold_burst_of_opens_is_answered_whole(
    cold_server: tuple[str, subprocess.Popen[str]], mini_data: Path
) -> None:
    url, _ = cold_server
    rows = [row for row in load_keys(mini_data).rows.values() if row.task == "episode"]
    ids = [rows[number % len(rows)].id for number in range(BURST)]  # every config, cold
    with ThreadPoolExecutor(max_workers=BURST) as pool:
        statuses = list(pool.map(lambda row_id: _open(url, row_id), ids))
    assert len(statuses) == BURST and set(statuses) <= {201, 503}, sorted(set(statuses))
    assert statuses.count(201) == 256  # --max-episodes; the rest are told the server is full


def test_sigterm_cuts_a_half_sent_body_short(cold_server: tuple[str, subprocess.Popen[str]]) -> None:
    url, process = cold_server
    parts = urlsplit(url)
    stalled = socket.create_connection((parts.hostname, parts.port), timeout=HANG_S)
    try:
        head = f"POST /episodes HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Length: 1000\r\n\r\n"  # its own Host
        stalled.sendall(head.encode() + b'{"id": ')
        time.sleep(0.5)  # the server is now waiting for the rest of the body (10 s before a 408)
        os.kill(process.pid, signal.SIGTERM)
        answer = b""
        while chunk := stalled.recv(65536):  # the answer may come in pieces; the server then closes
            answer += chunk
    finally:
        stalled.close()
    # Without the cut, the answer was a 408 after the whole body timeout.
    text = answer.decode()
    assert text.startswith("HTTP/1.1 503") and "shutting down" in text, text
    assert process.wait(timeout=HANG_S) == 0
