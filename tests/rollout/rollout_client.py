"""A tiny HTTP client for the tests: real requests over loopback, JSON in and out."""

from __future__ import annotations

import dataclasses
import http.client
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scorer import registry
from scorer.families.blocksworld.world import BlocksWorld
from scorer.io.dataset import KeyRow
from scorer.rollout import RolloutServer
from scorer.tasks.episode import reference

StartServer = Callable[..., RolloutServer]  # the ``start`` fixture: serve(data, port=0, **options)


class Client:
    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80

    def call(self, method: str, path: str, body: Any = None, raw: bytes | None = None) -> tuple[int, dict[str, Any]]:
        """(status, JSON document); ``raw`` sends bytes as they are, ``body`` as JSON."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            connection.request(method, path, body=data, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            assert response.getheader("Content-Type") == "application/json"
            return response.status, json.loads(response.read())
        finally:
            connection.close()

    def open(self, row_id: str, settings: dict[str, Any] | None = None, model: str = "test-model") -> dict[str, Any]:
        status, document = self.call("POST", "/episodes", {"id": row_id, "settings": settings or {}, "model": model})
        assert status == 201, document
        return document

    def step(self, episode_id: str, reply: str) -> dict[str, Any]:
        status, document = self.call("POST", f"/episodes/{episode_id}/step", {"reply": reply})
        assert status == 200, document
        return document


def gold_replies(row: KeyRow) -> list[str]:
    """The optimal plan, one ``{"plan": [...]}`` reply per step (the scorer's own gold answer)."""
    return reference("gold", row)["episode"]["replies"]


def log_lines(path: Path) -> list[dict[str, Any]]:
    """Every line of the episode log, asserting that each is whole: JSON, and ended by a newline."""
    text = path.read_text()
    assert text == "" or text.endswith("\n")
    lines = [json.loads(line) for line in text.splitlines()]
    assert all(set(line) == {"id", "model", "episode"} for line in lines)
    return lines


def add_planner_variant(monkeypatch: pytest.MonkeyPatch, name: str, episode_class: type) -> str:
    """Make mode ``name`` play ``episode_class`` (a generic PlannerEpisode subclass) on blocksworld rows."""
    registered = registry.mode_for
    planner = registered("blocksworld", None)
    variant = dataclasses.replace(
        planner,
        name=name,
        play=lambda row, settings: episode_class(BlocksWorld(row), {**settings, "mode": planner.name}),
    )
    monkeypatch.setattr(
        registry, "mode_for", lambda domain, mode: variant if mode == name else registered(domain, mode)
    )
    return name
