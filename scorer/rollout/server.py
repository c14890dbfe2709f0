"""The rollout server: gymnasium-shaped episodes over plain HTTP + JSON.

Routes: ``POST /episodes`` {id, settings, model} -> first observation;
``POST /episodes/{eid}/step`` {reply} -> observation, terminated, truncated, info;
``GET /episodes/{eid}``; ``DELETE /episodes/{eid}``; ``GET /health``.

Built on the standard library's ``ThreadingHTTPServer``: the API is five routes, and a
web framework would add a dependency without removing code. Each episode has its own
lock (its steps are serialised) and different episodes step in parallel. Every
finished, abandoned, expired or failed episode is appended to the log that ``score``
replays. Errors are JSON ``{"error": ...}`` with a 4xx (5xx for a failing episode);
nothing a client sends can stop the server.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from scorer import __version__
from scorer.dataset import KeyRow
from scorer.episodes.base import Episode, SettingsError
from scorer.episodes.engine import make_episode
from scorer.rollout.catalog import EPISODE_TASK, count_episode_rows, load_rows
from scorer.rollout.errors import ApiError
from scorer.rollout.log import EpisodeLog, log_record

MAX_BODY_BYTES = 2**20
MAX_REPLY_CHARS = 200_000


@dataclass
class Slot:
    """One live episode and what the server knows about it."""

    row: KeyRow
    model: str | None
    episode: Episode
    lock: threading.Lock = field(default_factory=threading.Lock)
    last_seen: float = field(default_factory=time.monotonic)


class Episodes:
    """The live episodes: create, step, show, abandon, expire. No HTTP here."""

    def __init__(self, rows: dict[str, KeyRow], log: EpisodeLog, timeout_s: float, max_episodes: int) -> None:
        self.rows = rows
        self.log = log
        self.timeout_s = timeout_s
        self.max_episodes = max_episodes
        self.slots: dict[str, Slot] = {}
        # eid -> (log record, outcome), so GET still answers after the end
        self.finished: dict[str, tuple[dict[str, Any], dict[str, Any] | None]] = {}
        self.registry_lock = threading.Lock()

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        row = self._row(body.get("id"))
        settings = body.get("settings") or {}
        model = body.get("model")
        if not isinstance(settings, dict):
            raise ApiError(HTTPStatus.BAD_REQUEST, "field 'settings' must be an object")
        if model is not None and not isinstance(model, str):
            raise ApiError(HTTPStatus.BAD_REQUEST, "field 'model' must be a string")
        try:
            episode = make_episode(row, settings)
            observation, info = episode.reset()
        except SettingsError as error:
            raise ApiError(HTTPStatus.BAD_REQUEST, str(error)) from None
        eid = uuid.uuid4().hex
        with self.registry_lock:
            if len(self.slots) >= self.max_episodes:
                raise ApiError(HTTPStatus.SERVICE_UNAVAILABLE, f"{self.max_episodes} episodes are live; finish some")
            self.slots[eid] = Slot(row, model, episode)
        return {"episode_id": eid, "observation": observation.to_json(), "info": info}

    def _row(self, row_id: Any) -> KeyRow:
        if not isinstance(row_id, str):
            raise ApiError(HTTPStatus.BAD_REQUEST, "field 'id' must be a row id string, e.g. blocksworld-episodes/test/0000")
        row = self.rows.get(row_id)
        if row is None:
            raise ApiError(HTTPStatus.NOT_FOUND, f"no row {row_id!r} in this dataset")
        if row.task != EPISODE_TASK:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"row {row_id} is a {row.task!r} question, not an episode")
        return row

    def step(self, eid: str, body: dict[str, Any]) -> dict[str, Any]:
        reply = body.get("reply")
        if not isinstance(reply, str):
            raise ApiError(HTTPStatus.BAD_REQUEST, "field 'reply' must be the raw reply text (a string)")
        if len(reply) > MAX_REPLY_CHARS:
            raise ApiError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"reply longer than {MAX_REPLY_CHARS} characters")
        slot = self._slot(eid)
        with slot.lock:
            if slot.episode.done:
                raise ApiError(HTTPStatus.CONFLICT, f"episode {eid} is over")
            slot.last_seen = time.monotonic()
            try:
                result = slot.episode.step(reply)
            except Exception as error:  # one broken episode must not take the server down
                self._close(eid, slot, "error")
                raise ApiError(HTTPStatus.INTERNAL_SERVER_ERROR, f"episode {eid} failed: {error}") from None
            if result.terminated or result.truncated:
                self._close(eid, slot, "finished")
        observation = None if result.observation is None else result.observation.to_json()
        return {"observation": observation, "terminated": result.terminated,
                "truncated": result.truncated, "info": result.info}

    def show(self, eid: str) -> dict[str, Any]:
        with self.registry_lock:
            finished = self.finished.get(eid)
            slot = self.slots.get(eid)
        if finished is not None:
            record, outcome = finished
            return {"episode_id": eid, "id": record["id"], "done": True, "steps": len(record["episode"]["replies"]),
                    "settings": record["episode"]["settings"], "log": record, "outcome": outcome}
        if slot is None:
            raise ApiError(HTTPStatus.NOT_FOUND, f"no episode {eid}")
        return {"episode_id": eid, "id": slot.row.id, "done": False, "steps": len(slot.episode.replies),
                "settings": slot.episode.settings, "log": None, "outcome": None}

    def abandon(self, eid: str) -> dict[str, Any]:
        slot = self._slot(eid)
        with slot.lock:
            self._close(eid, slot, "abandoned")
        return {"episode_id": eid, "abandoned": True}

    def expire(self, now: float) -> int:
        with self.registry_lock:
            stale = [(eid, s) for eid, s in self.slots.items() if now - s.last_seen > self.timeout_s]
        for eid, slot in stale:
            with slot.lock:
                if eid in self.slots:
                    self._close(eid, slot, "expired")
        return len(stale)

    def _slot(self, eid: str) -> Slot:
        with self.registry_lock:
            slot = self.slots.get(eid)
        if slot is None:
            status = HTTPStatus.CONFLICT if eid in self.finished else HTTPStatus.NOT_FOUND
            raise ApiError(status, f"episode {eid} is over" if eid in self.finished else f"no episode {eid}")
        return slot

    def _close(self, eid: str, slot: Slot, end: str) -> None:
        """Log the episode once and move it from the live set to the finished set."""
        record = log_record(slot.row.id, slot.model, slot.episode.settings, slot.episode.replies, end)
        self.log.append(record)
        with self.registry_lock:
            self.slots.pop(eid, None)
            self.finished[eid] = (record, _safe_outcome(slot.episode))


def _safe_outcome(episode: Episode) -> dict[str, Any] | None:
    try:
        return episode.outcome()
    except Exception:  # an outcome is informative only; the scorer recomputes it
        return None


class RolloutServer:
    """A running server: ``url``, ``shutdown()``; requests are served in threads."""

    def __init__(self, episodes: Episodes, host: str, port: int, sweep_every_s: float) -> None:
        self.episodes = episodes
        self.httpd = ThreadingHTTPServer((host, port), _handler_for(episodes))
        self.httpd.daemon_threads = True
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self.httpd.serve_forever, daemon=True),
                         threading.Thread(target=self._sweep, args=(sweep_every_s,), daemon=True)]

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> "RolloutServer":
        for thread in self._threads:
            thread.start()
        return self

    def _sweep(self, every_s: float) -> None:
        while not self._stop.wait(every_s):
            self.episodes.expire(time.monotonic())

    def shutdown(self) -> None:
        self._stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        self.episodes.log.close()


def start_server(data: Path, host: str = "127.0.0.1", port: int = 8765, log: Path = Path("episodes.jsonl"),
                 timeout_s: float = 900.0, max_episodes: int = 256) -> RolloutServer:
    """Load the rows and start serving in background threads (port 0 picks a free port)."""
    episodes = Episodes(load_rows(data), EpisodeLog(log), timeout_s, max_episodes)
    return RolloutServer(episodes, host, port, sweep_every_s=min(30.0, max(timeout_s / 4, 0.05))).start()


serve = start_server


def health(episodes: Episodes) -> dict[str, Any]:
    with episodes.registry_lock:
        live = len(episodes.slots)
    return {"status": "ok", "episodes": live, "rows": count_episode_rows(episodes.rows), "version": __version__}


def _handler_for(episodes: Episodes) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = f"planarium/{__version__}"

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet by default
            return

        def do_GET(self) -> None:  # noqa: N802
            self._answer("GET")

        def do_POST(self) -> None:  # noqa: N802
            self._answer("POST")

        def do_DELETE(self) -> None:  # noqa: N802
            self._answer("DELETE")

        def _answer(self, method: str) -> None:
            try:
                status, payload = _route(episodes, method, self.path.split("?")[0].rstrip("/"), self)
            except ApiError as error:
                status, payload = error.status, {"error": error.message}
            except Exception as error:  # the last guard: a bug answers 500, the server lives on
                status, payload = HTTPStatus.INTERNAL_SERVER_ERROR, {"error": f"internal error: {error}"}
            body = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return Handler


def _route(episodes: Episodes, method: str, path: str, request: BaseHTTPRequestHandler) -> tuple[int, dict]:
    parts = [p for p in path.split("/") if p]
    if parts == ["health"]:
        _allow(method, "GET")
        return HTTPStatus.OK, health(episodes)
    if parts == ["episodes"]:
        _allow(method, "POST")
        return HTTPStatus.CREATED, episodes.create(_json_body(request))
    if len(parts) == 2 and parts[0] == "episodes":
        _allow(method, "GET", "DELETE")
        return HTTPStatus.OK, episodes.show(parts[1]) if method == "GET" else episodes.abandon(parts[1])
    if len(parts) == 3 and parts[0] == "episodes" and parts[2] == "step":
        _allow(method, "POST")
        return HTTPStatus.OK, episodes.step(parts[1], _json_body(request))
    raise ApiError(HTTPStatus.NOT_FOUND, f"no route {path or '/'}; see /health, /episodes")


def _allow(method: str, *allowed: str) -> None:
    if method not in allowed:
        raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED, f"use {' or '.join(allowed)} here")


def _json_body(request: BaseHTTPRequestHandler) -> dict[str, Any]:
    try:
        length = int(request.headers.get("Content-Length") or 0)
    except ValueError:
        raise ApiError(HTTPStatus.BAD_REQUEST, "Content-Length must be a number") from None
    if length > MAX_BODY_BYTES:
        raise ApiError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"request body over {MAX_BODY_BYTES} bytes")
    raw = request.rfile.read(length)
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ApiError(HTTPStatus.BAD_REQUEST, "the body must be a JSON object") from None
    if not isinstance(body, dict):
        raise ApiError(HTTPStatus.BAD_REQUEST, "the body must be a JSON object, e.g. {\"reply\": \"...\"}")
    return body
