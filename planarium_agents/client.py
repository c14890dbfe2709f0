"""A small client of the rollout server's HTTP API (standard library only)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any


class ServerError(Exception):
    """The server answered with an error: its status and message."""


class RolloutClient:
    def __init__(self, url: str, timeout_s: float = 120.0) -> None:
        self.url = url.rstrip("/")
        self.timeout_s = timeout_s

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url}{path}", data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            message = json.loads(error.read() or b"{}").get("error", error.reason)
            raise ServerError(f"{method} {path}: {error.code} {message}") from None

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
