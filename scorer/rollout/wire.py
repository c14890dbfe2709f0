"""uvicorn's httptools protocol with the answers the app never sees, in our terms, and the bounds
on connections that uvicorn leaves open.

A request that cannot be parsed (a bad request line, a negative Content-Length, a method
unknown to HTTP) is answered by the protocol itself, before any app runs: here as JSON
``{"error": ...}`` like every other error (405 for the method), where uvicorn writes a
plain-text 400. A client that goes away (a reset) before its request is answered costs one
line on stderr, as http.server's clients did.

Bounds (uvicorn's keep-alive timer runs only between requests, and its ``limit_concurrency``
answers 503 in plain text on a connection it keeps open, which spends the descriptor all the
same): a connection must deliver a whole request head within ``head_timeout_s`` of opening, or
of the first byte of its next request, else it is closed, so clients that never send or that
trickle their headers (slowloris) cannot hold descriptors; and beyond ``max_connections``
open at once a new connection gets a JSON 503 and is closed at once, so the server stays
below its open-file limit and keeps answering.
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys

import httptools
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

BAD_REQUEST = "bad HTTP request: the request line or a header could not be parsed"
UNSUPPORTED_METHOD = "Unsupported method: the routes take GET, POST and DELETE"
DEFAULT_HEAD_TIMEOUT_S = 10.0  # an agent sends its whole request at once; only a stalled one waits longer
MAX_CONNECTIONS = 1024  # far above what --max-episodes agents use, one or two connections each
FD_RESERVE = 128  # descriptors kept for the log, the shards, the worker threads and the event loop
RETRY_AFTER_S = 1


def connection_bound() -> int:
    """Most connections open at once: MAX_CONNECTIONS, or fewer under a low open-file limit (ulimit -n)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(1, min(MAX_CONNECTIONS, soft - FD_RESERVE))


class JsonErrorsProtocol(HttpToolsProtocol):
    head_timeout_s = DEFAULT_HEAD_TIMEOUT_S
    max_connections = MAX_CONNECTIONS
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.max_connections:
            message = f"the server has {self.max_connections} connections open, its bound; retry later"
            self._answer_and_close(503, message, {b"retry-after": str(RETRY_AFTER_S).encode()})
            return
        self._arm_head_timer()  # a client that never sends is closed too

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm_head_timer()  # the next request on a kept-alive connection: its head's deadline starts

    def on_headers_complete(self) -> None:
        self._cancel_head_timer()  # the body has its own deadline (scorer.rollout.asgi)
        super().on_headers_complete()

    def send_400_response(self, msg: str) -> None:
        # uvicorn calls this inside its `except httptools.HttpParserError`: the error says which.
        if isinstance(sys.exc_info()[1], httptools.HttpParserInvalidMethodError):
            self._answer_and_close(405, UNSUPPORTED_METHOD)  # the parser knows no such method: no route takes it
        else:
            self._answer_and_close(400, BAD_REQUEST)

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        if exc is not None and self.cycle is not None and not self.cycle.response_complete:
            host, port = self.client or ("?", 0)
            print(f"planarium serve: client {host}:{port} went away ({type(exc).__name__})", file=sys.stderr)
        super().connection_lost(exc)

    def _answer_and_close(self, status: int, message: str, extra: dict[bytes, bytes] | None = None) -> None:
        body = json.dumps({"error": message}).encode("ascii")
        head = [STATUS_LINE[status]]
        headers = [*self.server_state.default_headers, *(extra or {}).items()]
        headers += [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        for name, value in headers:
            head += [name, b": ", value, b"\r\n"]
        self.transport.write(b"".join([*head, b"connection: close\r\n\r\n", body]))
        self._cancel_head_timer()
        self.transport.close()

    def _arm_head_timer(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_timeout_s, self._head_timed_out)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()  # nothing to answer: no request was read


def bounded_protocol(head_timeout_s: float, max_connections: int) -> type[JsonErrorsProtocol]:
    """The protocol class with these bounds (uvicorn builds one instance per connection from a class)."""
    bounds = {"head_timeout_s": head_timeout_s, "max_connections": max_connections}
    return type("BoundedJsonErrorsProtocol", (JsonErrorsProtocol,), bounds)
