"""The rollout client keeps one connection per thread, against the real server on loopback."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import planarium_agents.client as client_module
from planarium_agents.client import RolloutClient, ServerError
from scorer.rollout import RolloutServer, start_server

ROW = "blocksworld-episodes/test/0000"


@pytest.fixture()
def server(mini_data: Path, tmp_path: Path) -> Iterator[RolloutServer]:
    running = start_server(mini_data, port=0, log=tmp_path / "episodes.jsonl")
    yield running
    running.shutdown()


def _socket(client: RolloutClient) -> socket.socket:
    return client._local.kept.connection.sock


def test_a_thread_plays_a_whole_episode_on_one_connection(server: RolloutServer) -> None:
    client = RolloutClient(server.url)
    episode = client.start(ROW, {"mode": "planner"}, "m")["episode_id"]
    first = _socket(client)
    client.step(episode, "no plan")
    client.show(episode)
    assert _socket(client) is first and first.fileno() != -1
    client.close()
    assert first.fileno() == -1


def test_each_thread_has_its_own_connection(server: RolloutServer) -> None:
    client = RolloutClient(server.url)
    client.health()
    seen: list[socket.socket] = []
    thread = threading.Thread(target=lambda: (client.health(), seen.append(_socket(client))))
    thread.start()
    thread.join()
    assert seen and seen[0] is not _socket(client)


def test_a_connection_closed_while_idle_is_made_again_and_the_step_counts_once(server: RolloutServer) -> None:
    client = RolloutClient(server.url)
    episode = client.start(ROW, {"mode": "planner"}, "m")["episode_id"]
    stale = _socket(client)
    stale.shutdown(socket.SHUT_RDWR)  # as a proxy with a shorter keep-alive leaves it
    client.step(episode, "no plan")
    assert _socket(client) is not stale
    assert client.show(episode)["steps"] == 1


def test_a_connection_idle_past_the_reuse_limit_is_not_reused(
    server: RolloutServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = RolloutClient(server.url)
    client.health()
    first = _socket(client)
    monkeypatch.setattr(client_module, "REUSE_IDLE_S", -1.0)
    client.health()
    assert _socket(client) is not first and first.fileno() == -1


def test_errors_carry_the_servers_message_and_a_bad_url_is_one_value_error(server: RolloutServer) -> None:
    with pytest.raises(ServerError, match="404") as missing:
        RolloutClient(server.url).show("no-such-episode")
    assert "no-such-episode" in str(missing.value) or "unknown" in str(missing.value)
    with pytest.raises(ValueError, match="http:// or https://"):
        RolloutClient("ftp://example.org").health()
