"""The ASGI app: Starlette routes the WebSocket ``/ws`` and every HTTP request to ``HttpApi``.

``HttpApi`` answers every HTTP route of ``scorer.rollout.routes`` (one table, so every
path's 404 and 405 are JSON with the routes listed, where Starlette's own would be plain
text). It reads the body on the event loop under the server's limits, then parses it, runs
the route and encodes the answer in a worker thread, so a step that draws an image never
holds up the loop. Whatever goes wrong, the client gets ``{"error": message}`` with a
status: a body over the limit 413 (the rest of a body of up to ``MAX_DISCARD_BYTES`` is read
away by uvicorn, so the client still sending it gets the answer rather than a reset), a
chunked body 411, a body not whole ``body_timeout_s`` after its head 408 with the
connection closed, and from shutdown on 503. A client that disconnects costs one line on
stderr (``scorer.rollout.wire``), never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import traceback
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute

from scorer.rollout import routes
from scorer.rollout.errors import ApiError
from scorer.rollout.openenv import OpenEnvSockets
from scorer.rollout.service import EpisodeFailed

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

MAX_DISCARD_BYTES = 64 << 20
# Methods the routes are looked up for (405 with the path's methods); any other is refused as unsupported.
ROUTED_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


class ClientGone(Exception):
    """The client disconnected before its request was answered: nobody to answer."""


@dataclass
class Answer:
    status: HTTPStatus
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)
    close: bool = False  # the connection is unusable after this request (a body left unread)


def json_answer(
    status: HTTPStatus, document: dict[str, Any], headers: dict[str, str] | None = None, close: bool = False
) -> Answer:
    return Answer(status, json.dumps(document).encode("ascii"), dict(headers or {}), close)


def error_answer(error: ApiError, path: str, close: bool = False) -> Answer:
    if isinstance(error, EpisodeFailed):  # keep the episode's traceback for the operator
        traceback.print_exception(error.__cause__, file=sys.stderr)
    headers = dict(error.headers)
    if error.status == HTTPStatus.METHOD_NOT_ALLOWED:
        headers["Allow"] = routes.allowed_methods(path) or ""
    return json_answer(error.status, {"error": error.message}, headers, close)


class HttpApi:
    """The ASGI app of every HTTP route (see the module doc)."""

    def __init__(
        self,
        context: routes.Context,
        executor: Executor,
        max_body_bytes: int,
        body_timeout_s: float,
        access_log: bool = False,
    ) -> None:
        self.context = context
        self.executor = executor
        self.max_body_bytes = max_body_bytes
        self.body_timeout_s = body_timeout_s
        self.access_log = access_log
        self.stopping = False
        self._body_reads: set[asyncio.Task[Any]] = set()  # requests waiting for the rest of a body

    def stop(self) -> None:
        """On the event loop, at shutdown: 503 from now on, and the bodies being waited for are
        cut short (a client stalled mid-body must not hold a stop for the body timeout)."""
        self.stopping = True
        for task in self._body_reads:
            task.cancel()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            answer = await self._answer(scope, receive)
        except ClientGone:
            return  # uvicorn has closed the connection; wire.py said so on stderr
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(answer.body)).encode())]
        headers += [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in answer.headers.items()]
        if answer.close:
            headers.append((b"connection", b"close"))
        await send({"type": "http.response.start", "status": int(answer.status), "headers": headers})
        await send({"type": "http.response.body", "body": answer.body})
        if self.access_log:
            _log_request(scope, int(answer.status))

    async def _answer(self, scope: Scope, receive: Receive) -> Answer:
        method, path = scope["method"], scope["path"]
        try:
            if self.stopping:
                raise ApiError(HTTPStatus.SERVICE_UNAVAILABLE, "the server is shutting down")
            if method not in ROUTED_METHODS:
                raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED, f"Unsupported method ({method!r})")
            body = await self._read_body(scope, receive)
        except ApiError as error:
            # The request's body (if any) is unread or cut short: the connection cannot carry another.
            return error_answer(error, path, close=True)
        except _Discarded as discarded:
            return error_answer(discarded.error, path, close=discarded.close)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, self._act, method, path, body)

    def _act(self, method: str, path: str, body: bytes) -> Answer:
        """In a worker thread: route, run and encode (a bug costs one request, not the server)."""
        try:
            action, params = routes.route(method, path)
            reply = action(self.context, params, body)
            return json_answer(reply.status, reply.document, reply.headers)
        except ApiError as error:
            return error_answer(error, path)
        except Exception as error:
            traceback.print_exception(error, file=sys.stderr)
            message = f"internal error: {type(error).__name__}: {error}"
            return json_answer(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": message})

    async def _read_body(self, scope: Scope, receive: Receive) -> bytes:
        length = self._content_length(scope)
        if length > self.max_body_bytes:
            # Up to MAX_DISCARD_BYTES the connection stays open: uvicorn reads the rest away.
            raise _Discarded(
                ApiError(
                    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                    f"the body has {length} bytes; at most {self.max_body_bytes} are accepted",
                ),
                close=length > MAX_DISCARD_BYTES,
            )
        if not length:
            return b""
        task = asyncio.current_task()
        assert task is not None
        self._body_reads.add(task)
        try:
            return await self._receive_body(receive, length)
        except asyncio.CancelledError:
            if not self.stopping:
                raise
            task.uncancel()  # cut short by stop(): answered, not cancelled
            raise ApiError(HTTPStatus.SERVICE_UNAVAILABLE, "the server is shutting down") from None
        finally:
            self._body_reads.discard(task)

    async def _receive_body(self, receive: Receive, length: int) -> bytes:
        if self.stopping:
            raise asyncio.CancelledError  # stop() ran before this request began to wait
        received = bytearray()
        more = True
        # One deadline for the whole body, not per chunk: a body trickled a byte at a time must not
        # hold its connection (and its descriptor) for longer either.
        deadline = asyncio.get_running_loop().time() + self.body_timeout_s
        while more and len(received) < length:
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise ApiError(
                    HTTPStatus.REQUEST_TIMEOUT,
                    f"the body had {len(received)} of {length} bytes (Content-Length) after "
                    f"{self.body_timeout_s:g} s; send the whole body at once",
                ) from None
            if message["type"] == "http.disconnect":
                raise ClientGone
            received += message.get("body", b"")
            more = message.get("more_body", False)
        if len(received) < length:
            raise ApiError(
                HTTPStatus.BAD_REQUEST, f"the body ended after {len(received)} of {length} bytes (Content-Length)"
            )
        return bytes(received)

    @staticmethod
    def _content_length(scope: Scope) -> int:
        header = None
        for name, value in scope["headers"]:
            if name == b"transfer-encoding":
                raise ApiError(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length, not chunked")
            if name == b"content-length":
                header = value.decode("latin-1")
        if header is None:
            return 0
        try:
            length = int(header)
        except ValueError:
            length = -1
        if length < 0:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"Content-Length {header!r} is not a byte count")
        return length


class _Discarded(Exception):
    """A 413 before the body was read; ``close`` when it is too big to read away."""

    def __init__(self, error: ApiError, close: bool) -> None:
        super().__init__(error.message)
        self.error = error
        self.close = close


def _log_request(scope: Scope, status: int) -> None:
    """``--access-log``: one line per request, in http.server's format."""
    host = (scope.get("client") or ("-",))[0]
    when = time.strftime("%d/%b/%Y %H:%M:%S")
    target = scope.get("raw_path", b"").decode("latin-1") or scope["path"]
    print(f'{host} - - [{when}] "{scope["method"]} {target} HTTP/{scope["http_version"]}" {status} -', file=sys.stderr)


def build_app(api: HttpApi, sockets: OpenEnvSockets) -> Starlette:
    """``/ws`` for OpenEnv's sessions; every HTTP path goes to ``api`` (an ASGI app: all methods)."""
    return Starlette(routes=[WebSocketRoute("/ws", sockets.play), Route("/{path:path}", api)])
