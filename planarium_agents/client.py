"""A small client of the rollout server's HTTP API (standard library only).

Each thread keeps one connection open between its calls, as the server expects of an agent
(it keeps an idle connection for ``scorer.rollout.server.KEEP_ALIVE_S``). A new connection
per request, as ``urllib.request`` makes, cost 1.6x the CPU of a request of an episode on a
kept connection, client and server alike, and 2.3-2.4x that of a ``GET /health``
(``bench/bench_client.py``: 0.92 + 1.78 against 0.54 + 1.14 CPU ms a step).
"""

from __future__ import annotations

import functools
import http.client
import json
import ssl
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

# A connection idle for longer is made again rather than reused: well under the server's 60 s
# keep-alive, so the server never closes one as it is being sent a request.
REUSE_IDLE_S = 20.0
# What a request on a kept connection that the other end closed while it was idle raises (a
# proxy with a shorter keep-alive): it is sent once more, on a new connection. The server answers
# every request it reads, so a request is sent twice only to a server that went away between
# the two, which then refuses the second.
_STALE = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)


class ServerError(Exception):
    """The server answered with an error: its status and message."""


@dataclass
class _Kept:
    connection: http.client.HTTPConnection
    used_at: float  # time.monotonic() at the end of its last exchange


class RolloutClient:
    def __init__(self, url: str, timeout_s: float = 120.0) -> None:
        self.url = url.rstrip("/")
        self.timeout_s = timeout_s
        self._parts = urlsplit(self.url)
        self._local = threading.local()  # this thread's _Kept connection
        self._made: weakref.WeakSet[http.client.HTTPConnection] = weakref.WeakSet()  # for close()

    def close(self) -> None:
        """Close the connections this client's threads keep (a thread's next call opens a new one)."""
        for connection in list(self._made):
            connection.close()

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        status, reason, payload = self._exchange(method, path, data)
        if status >= 400:
            message = _error_message(payload) or reason
            raise ServerError(f"{method} {path}: {status} {message}")
        return json.loads(payload)

    def _exchange(self, method: str, path: str, data: bytes | None) -> tuple[int, str, bytes]:
        kept: _Kept | None = getattr(self._local, "kept", None)
        self._local.kept = None  # held again only after a whole exchange
        if kept is not None and time.monotonic() - kept.used_at > REUSE_IDLE_S:
            kept.connection.close()
            kept = None
        connection = kept.connection if kept is not None else self._connect()
        try:
            answer = _send(connection, method, self._parts.path + path, data)
        except _STALE:
            connection.close()
            if kept is None:
                raise
            return self._exchange(method, path, data)  # once more, on a new connection
        except BaseException:
            connection.close()
            raise
        self._local.kept = _Kept(connection, time.monotonic())
        return answer

    def _connect(self) -> http.client.HTTPConnection:
        """A new connection to the server (a path prefix of the URL is kept in every request)."""
        scheme, host, port = self._parts.scheme, self._parts.hostname, self._parts.port
        if scheme not in ("http", "https") or not host:
            raise ValueError(f"expected an http:// or https:// URL of the rollout server, got {self.url!r}")
        connection = (
            http.client.HTTPSConnection(host, port, timeout=self.timeout_s, context=_tls_context())
            if scheme == "https"
            else http.client.HTTPConnection(host, port, timeout=self.timeout_s)
        )
        self._made.add(connection)
        return connection

    def health(self) -> dict[str, Any]:
        return self._call("GET", "/health")

    def start(self, row_id: str, settings: dict[str, Any], model: str | None) -> dict[str, Any]:
        return self._call("POST", "/episodes", {"id": row_id, "settings": settings, "model": model})

    def step(self, episode_id: str, reply: str) -> dict[str, Any]:
        return self._call("POST", f"/episodes/{episode_id}/step", {"reply": reply})

    def show(self, episode_id: str) -> dict[str, Any]:
        return self._call("GET", f"/episodes/{episode_id}")

    def abandon(self, episode_id: str) -> dict[str, Any]:
        return self._call("DELETE", f"/episodes/{episode_id}")


def _send(
    connection: http.client.HTTPConnection, method: str, target: str, data: bytes | None
) -> tuple[int, str, bytes]:
    """One request and its whole answer: (status, reason, body)."""
    connection.request(method, target, body=data, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    payload = response.read()
    if response.will_close:  # the server said Connection: close (e.g. after a 413)
        connection.close()
    return response.status, response.reason, payload


@functools.cache
def _tls_context() -> ssl.SSLContext:
    return ssl.create_default_context()  # loads the CA bundle: once per process


def _error_message(payload: bytes) -> str | None:
    try:
        document = json.loads(payload or b"{}")
    except ValueError:
        return None
    return document.get("error") if isinstance(document, dict) else None
