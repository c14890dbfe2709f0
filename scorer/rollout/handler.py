"""HTTP plumbing: body limits, JSON responses, and turning every failure into JSON.

Each request runs in its own thread (ThreadingHTTPServer). Whatever goes wrong, the
client gets ``{"error": message}`` with a status, and the server goes on. A body that
stops arriving is answered 408 after ``body_timeout_s`` (not the 60 s idle timeout)
with the connection closed; a client that disconnects costs one line on stderr
(``RolloutServer.handle_error``), never a traceback.
"""

from __future__ import annotations

import json
import sys
import traceback
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from scorer import __version__
from scorer.rollout import routes
from scorer.rollout.errors import ApiError
from scorer.rollout.service import EpisodeFailed

if TYPE_CHECKING:
    from scorer.rollout.server import RolloutServer

MAX_DISCARD_BYTES = 64 << 20


class RolloutHandler(BaseHTTPRequestHandler):
    server: RolloutServer
    server_version = f"planarium/{__version__}"
    protocol_version = "HTTP/1.1"  # keep-alive: an agent's many steps reuse one connection
    # TCP_NODELAY: the headers and the body go out as two small writes, and Nagle's algorithm
    # held the second until the client's delayed ACK (~40 ms per step on a kept-alive connection).
    disable_nagle_algorithm = True
    timeout = 60  # seconds a stalled client may hold its thread

    def do_GET(self) -> None:
        self._handle()

    def do_POST(self) -> None:
        self._handle()

    def do_DELETE(self) -> None:
        self._handle()

    # Methods no route takes: answered 405 rather than the base class's 501 page.
    do_PUT = do_PATCH = do_HEAD = do_OPTIONS = do_GET

    def _handle(self) -> None:
        with self.server.in_flight():
            self._answer()

    def _answer(self) -> None:
        path = urlsplit(self.path).path
        try:
            if self.server.stopping:
                self.close_connection = True
                raise ApiError(HTTPStatus.SERVICE_UNAVAILABLE, "the server is shutting down")
            body = self._read_body()
            action, params = routes.route(self.command, path)
            reply = action(self.server.service, params, body)
        except ApiError as error:
            self._send_error_json(error, path)
            return
        except ConnectionError:
            self.close_connection = True
            raise  # nobody to answer: RolloutServer.handle_error logs one line
        except Exception as error:  # a bug must cost one request, not the server
            traceback.print_exception(error, file=sys.stderr)
            message = f"internal error: {type(error).__name__}: {error}"
            self._send_json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": message})
            return
        self._send_json(reply.status, reply.document, reply.headers)

    def _read_body(self) -> bytes:
        if "Transfer-Encoding" in self.headers:
            self.close_connection = True  # the chunked body is left unread
            raise ApiError(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length, not chunked")
        length = self._content_length()
        limit = self.server.max_body_bytes
        if length > limit:
            self._discard_body(length)
            raise ApiError(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"the body has {length} bytes; at most {limit} are accepted"
            )
        with self.server.reading_body(self.connection):
            body = self._read_exactly(length)
        if len(body) < length:
            self.close_connection = True
            if self.server.stopping:
                raise ApiError(HTTPStatus.SERVICE_UNAVAILABLE, "the server is shutting down")
            raise ApiError(
                HTTPStatus.BAD_REQUEST, f"the body ended after {len(body)} of {length} bytes (Content-Length)"
            )
        return body

    def _read_exactly(self, length: int) -> bytes:
        """Up to ``length`` bytes; a client that stops sending gets 408 after ``body_timeout_s``."""
        if not length:
            return b""
        received = bytearray()
        self.connection.settimeout(self.server.body_timeout_s)
        try:
            while len(received) < length:
                chunk = self.rfile.read1(length - len(received))
                if not chunk:
                    break
                received += chunk
        except TimeoutError:
            self.close_connection = True  # the rest of the body may still come: the stream is unusable
            raise ApiError(
                HTTPStatus.REQUEST_TIMEOUT,
                f"the body stopped after {len(received)} of {length} bytes (Content-Length) for "
                f"{self.server.body_timeout_s:g} s; send the whole body at once",
            ) from None
        finally:
            self.connection.settimeout(self.timeout)
        return bytes(received)

    def _discard_body(self, length: int) -> None:
        """Read an oversize body away, so the client (still sending) gets the 413 rather than a reset."""
        if length > MAX_DISCARD_BYTES:
            self.close_connection = True  # not worth reading: the unread rest makes the connection unusable
            return
        while length > 0:
            chunk = self.rfile.read(min(length, 1 << 16))
            if not chunk:
                self.close_connection = True
                return
            length -= len(chunk)

    def _content_length(self) -> int:
        header = self.headers.get("Content-Length", "0")
        try:
            length = int(header)
        except ValueError:
            length = -1
        if length < 0:
            self.close_connection = True
            raise ApiError(HTTPStatus.BAD_REQUEST, f"Content-Length {header!r} is not a byte count")
        return length

    def _send_error_json(self, error: ApiError, path: str) -> None:
        if isinstance(error, EpisodeFailed):  # keep the episode's traceback for the operator
            traceback.print_exception(error.__cause__, file=sys.stderr)
        headers = dict(error.headers)
        if error.status == HTTPStatus.METHOD_NOT_ALLOWED:
            headers["Allow"] = routes.allowed_methods(path) or ""
        self._send_json(error.status, {"error": error.message}, headers)

    def _send_json(self, status: HTTPStatus, document: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        data = json.dumps(document).encode("ascii")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The base class's errors (bad request line, header too long...) as JSON too."""
        status = HTTPStatus(code)
        if status == HTTPStatus.NOT_IMPLEMENTED:  # an unknown method: a client error on every route
            status = HTTPStatus.METHOD_NOT_ALLOWED
        self.close_connection = True
        # The base class leaves a request it could not parse at HTTP/0.9, which has no status line
        # or headers; no client speaks 0.9, so answer as 1.0 and the JSON error stays readable.
        if self.request_version == "HTTP/0.9":
            self.request_version = "HTTP/1.0"
        self._send_json(status, {"error": message or status.phrase})

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.access_log:
            super().log_message(format, *args)
