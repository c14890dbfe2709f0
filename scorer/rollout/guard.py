"""The ASGI guard in front of every route: requests from web pages that are not the server's own
are refused, so a page a user visits cannot drive or fill a loopback server.

- **Host** (DNS rebinding: a page of ``evil.example`` whose name is made to resolve to
  127.0.0.1 sends ``Host: evil.example``): the host named must be the one the server is bound
  to, a loopback name when it is bound to loopback, an address literal when it is bound to
  every address, or one given with ``--allowed-host``. Otherwise 400.
- **Origin** (a page's ``fetch``, form post or WebSocket to the server): a request that
  carries one must come from the server's own origin, ``http://HOST:PORT`` with an accepted
  host. Otherwise 403. Clients other than browsers (curl, the agents, OpenEnv's client) send
  no Origin and are not concerned.

Refusals are JSON ``{"error": ...}`` as every other answer; a WebSocket is refused before
its handshake completes, with the same HTTP answer (ASGI's ``websocket.http.response``).
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from http import HTTPStatus
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARD_ADDRESSES = ("0.0.0.0", "::")


def accepted_hosts(bound_host: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The host names a request may give: the bound one, loopback names when it is loopback, ``extra``."""
    names = {_bare(bound_host), *(_bare(name) for name in extra)}
    if is_loopback(bound_host):
        names.update(LOOPBACK_NAMES)
    return frozenset(names)


class Guard:
    """Checks Host and Origin before ``app`` sees a request (see the module doc)."""

    def __init__(self, app: App, bound_host: str, port: int, extra_hosts: Iterable[str] = ()) -> None:
        self.app = app
        self.port = port
        self.hosts = accepted_hosts(bound_host, extra_hosts)
        # Bound to every address: any address literal reaches it (a rebinding attack needs a name).
        self.any_address = _bare(bound_host) in WILDCARD_ADDRESSES

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            refusal = self.refusal(_header(scope, b"host"), _header(scope, b"origin"))
            if refusal is not None:
                await _refuse(scope, send, *refusal)
                return
        await self.app(scope, receive, send)

    def refusal(self, host: str | None, origin: str | None) -> tuple[HTTPStatus, str] | None:
        """Why a request with these headers is refused (status, message), or None."""
        # No Host: an HTTP/1.0 client, never a browser (browsers always send it).
        if host is not None and not self._accepts(_host_name(host)):
            return HTTPStatus.BAD_REQUEST, (
                f"Host {host!r} is not this server's (it answers to {self._names()}); "
                "to reach it under another name, start it with --allowed-host NAME"
            )
        if origin is not None and not self._own_origin(origin):
            return HTTPStatus.FORBIDDEN, (
                f"Origin {origin!r} is not this server's (http://{self._names()}:{self.port}); "
                "requests from other web pages are refused"
            )
        return None

    def _accepts(self, name: str) -> bool:
        return name in self.hosts or (self.any_address and _is_address(name))

    def _own_origin(self, origin: str) -> bool:
        scheme, _, authority = origin.partition("://")
        if scheme.lower() != "http" or not authority:
            return False  # "null" (a file or sandboxed page), https (a page elsewhere), ...
        name, port = _split_authority(authority)
        return port == self.port and self._accepts(name)

    def _names(self) -> str:
        return ", ".join(sorted(self.hosts)) + (" or any address" if self.any_address else "")


def _header(scope: Scope, wanted: bytes) -> str | None:
    for name, value in scope["headers"]:
        if name == wanted:
            return value.decode("latin-1")
    return None


def _host_name(host: str) -> str:
    return _split_authority(host)[0]


def _split_authority(authority: str) -> tuple[str, int | None]:
    """(lower-case host name without brackets, port or None) of ``name[:port]`` or ``[v6][:port]``."""
    authority = authority.strip().lower()
    if authority.startswith("["):
        name, _, rest = authority[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    else:
        name, _, port_text = authority.partition(":")
    return name, int(port_text) if port_text.isdigit() else None


def _bare(host: str) -> str:
    return host.strip().lower().strip("[]")


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def is_loopback(host: str) -> bool:
    name = _bare(host)
    return name == "localhost" or (_is_address(name) and ipaddress.ip_address(name).is_loopback)


async def _refuse(scope: Scope, send: Send, status: HTTPStatus, message: str) -> None:
    body = json.dumps({"error": message}).encode("ascii")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    # A WebSocket is refused before its handshake completes, with the same answer over HTTP.
    prefix = "websocket.http." if scope["type"] == "websocket" else "http."
    await send({"type": prefix + "response.start", "status": int(status), "headers": headers})
    await send({"type": prefix + "response.body", "body": body})
