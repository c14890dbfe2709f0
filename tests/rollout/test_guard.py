"""Requests from web pages that are not the server's own are refused (scorer.rollout.guard):
a foreign Origin (a cross-origin form post, a page's WebSocket) and a Host the server is not
bound to (DNS rebinding), over real HTTP on loopback."""

from __future__ import annotations

import http.client
import json
from typing import Any

import pytest
from rollout_client import Client, StartServer, log_lines
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from scorer.rollout import RolloutServer
from scorer.rollout.guard import Guard

ROW = "blocksworld-episodes/test/0000"
OPEN = json.dumps({"id": ROW}).encode()


def _post(server: RolloutServer, headers: dict[str, str], path: str = "/episodes") -> tuple[int, dict[str, Any]]:
    """POST an open with these headers exactly (http.client's own Host is left out when one is given)."""
    host, port = server.server_address
    connection = http.client.HTTPConnection(host, port, timeout=30)
    try:
        connection.putrequest("POST", path, skip_host="Host" in headers, skip_accept_encoding=True)
        for name, value in {"Content-Length": str(len(OPEN)), **headers}.items():
            connection.putheader(name, value)
        connection.endheaders(OPEN)
        response = connection.getresponse()
        assert response.getheader("Content-Type") == "application/json"
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_a_cross_origin_post_is_refused_and_opens_nothing(server: RolloutServer) -> None:
    # What a page on another site sends with fetch(..., {mode: "no-cors", body, "text/plain"}).
    status, document = _post(server, {"Origin": "http://evil.example", "Content-Type": "text/plain"})
    assert status == 403
    assert document["error"].startswith("Origin 'http://evil.example' is not this server's")
    assert server.service.registry.count_active() == 0 and log_lines(server.service.log.path) == []


def test_a_foreign_host_is_refused_as_dns_rebinding(server: RolloutServer) -> None:
    port = server.server_address[1]
    status, document = _post(server, {"Host": f"evil.example:{port}"})
    assert status == 400 and "--allowed-host" in document["error"]
    assert document["error"].startswith(f"Host 'evil.example:{port}' is not this server's")
    assert server.service.registry.count_active() == 0


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "LOCALHOST", "[::1]"])
def test_the_servers_own_names_and_origin_are_answered(server: RolloutServer, host: str) -> None:
    port = server.server_address[1]
    status, document = _post(server, {"Host": f"{host}:{port}", "Origin": f"http://{host}:{port}"})
    assert status == 201, document


def test_clients_that_send_no_origin_are_not_concerned(server: RolloutServer) -> None:
    status, _ = Client(server.url).call("GET", "/health")  # http.client: Host 127.0.0.1:PORT, no Origin
    assert status == 200
    assert _post(server, {})[0] == 201


@pytest.mark.parametrize("origin", ["null", "https://127.0.0.1:{port}", "http://127.0.0.1:1", "http://127.0.0.1"])
def test_an_origin_other_than_http_host_and_port_is_refused(server: RolloutServer, origin: str) -> None:
    status, _ = _post(server, {"Origin": origin.format(port=server.server_address[1])})
    assert status == 403


def test_a_websocket_from_a_foreign_origin_is_refused_before_its_handshake(server: RolloutServer) -> None:
    url = server.url.replace("http://", "ws://") + "/ws"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin="http://evil.example")  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    assert "Origin 'http://evil.example'" in json.loads(refused.value.response.body)["error"]
    with connect(url, origin=f"http://127.0.0.1:{server.server_address[1]}") as own:  # type: ignore[arg-type]
        own.send(json.dumps({"type": "state"}))
        assert json.loads(own.recv(timeout=30))["type"] == "state"


def test_allowed_host_adds_a_name(start: StartServer) -> None:
    server = start(allowed_hosts=["planarium.internal"])
    port = server.server_address[1]
    assert _post(server, {"Host": f"planarium.internal:{port}"})[0] == 201
    assert _post(server, {"Host": f"other.internal:{port}"})[0] == 400


def test_bound_to_every_address_any_address_literal_is_its_host() -> None:
    guard = Guard(lambda scope, receive, send: None, "0.0.0.0", 8765)  # type: ignore[arg-type, return-value]
    assert guard.refusal("10.1.2.3:8765", "http://10.1.2.3:8765") is None
    assert guard.refusal("rebound.example:8765", None) is not None
