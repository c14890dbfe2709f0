"""uvicorn's httptools protocol with the two answers the app never sees, in our terms.

A request that cannot be parsed (a bad request line, a negative Content-Length, a method
unknown to HTTP) is answered by the protocol itself, before any app runs: here as JSON
``{"error": ...}`` like every other error (405 for the method), where uvicorn writes a
plain-text 400. A client that goes away (a reset)
before its request is answered costs one line on stderr, as http.server's clients did.
"""

from __future__ import annotations

import json
import sys

import httptools
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

BAD_REQUEST = "bad HTTP request: the request line or a header could not be parsed"
UNSUPPORTED_METHOD = "Unsupported method: the routes take GET, POST and DELETE"


class JsonErrorsProtocol(HttpToolsProtocol):
    def send_400_response(self, msg: str) -> None:
        # uvicorn calls this inside its `except httptools.HttpParserError`: the error says which.
        if isinstance(sys.exc_info()[1], httptools.HttpParserInvalidMethodError):
            status, message = 405, UNSUPPORTED_METHOD  # the parser knows no such method: no route takes it
        else:
            status, message = 400, BAD_REQUEST
        body = json.dumps({"error": message}).encode("ascii")
        head = [STATUS_LINE[status]]
        for name, value in self.server_state.default_headers:
            head += [name, b": ", value, b"\r\n"]
        head += [b"content-type: application/json\r\n", b"content-length: %d\r\n" % len(body)]
        self.transport.write(b"".join([*head, b"connection: close\r\n\r\n", body]))
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if exc is not None and self.cycle is not None and not self.cycle.response_complete:
            host, port = self.client or ("?", 0)
            print(f"planarium serve: client {host}:{port} went away ({type(exc).__name__})", file=sys.stderr)
        super().connection_lost(exc)
