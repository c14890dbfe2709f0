"""OpenEnv's protocol over the episode service, so openenv-core's clients play Planarium episodes.

What openenv-core (0.3) speaks, as its source has it (``openenv/core/env_client.py``,
``env_server/http_server.py``, ``env_server/types.py``, ``env_server/serialization.py``):

- WebSocket ``/ws``, the form its ``EnvClient`` (and ``GenericEnvClient``) uses: one
  connection is one session. The client sends ``{"type": "reset", "data": {...}}``,
  ``{"type": "step", "data": ACTION}``, ``{"type": "state"}`` and ``{"type": "close"}``; the
  server answers ``{"type": "observation", "data": {"observation", "reward", "done"}}``,
  ``{"type": "state", "data": STATE}`` or ``{"type": "error", "data": {"message", "code"}}``.
- HTTP ``POST /reset`` (the reset's data as the body), ``POST /step`` (``{"action": ACTION}``),
  ``GET /state``, ``/schema`` and ``/metadata`` (``scorer.rollout.routes``). OpenEnv's own
  server builds a fresh environment per HTTP request; here the HTTP routes share one session,
  so one client can play over plain HTTP (several would take turns on one episode: they use
  the WebSocket). ``/health`` stays Planarium's; OpenEnv's providers only wait for its 200.

Planarium's side of it:

- reset data: ``{"id": ROW_ID}``, or ``{"config": NAME, "split": SPLIT}`` (any split the data
  folder holds: ``test`` by default, ``dev``, ``train`` once ``planarium build --split train`` made it) with
  ``"index": N`` (the N-th episode row of that config and split, in id order) or ``"seed": S``
  (the row the gymnasium environment draws from seed S); optional ``"settings"`` (the mode and
  its settings, as ``POST /episodes`` takes them), ``"model"`` (written in the log line) and
  ``"shaped"`` (the reward). A reset while the session's episode runs abandons it (logged).
- action: ``{"reply": "raw model text"}``; OpenEnv's ``metadata`` field is accepted and ignored.
- observation: ``text``, ``messages`` and ``images`` (base64 PNGs) as ``POST /episodes``
  answers them, with the engine's ``terminated``, ``truncated`` and ``info``;
  ``done`` is terminated or truncated.
- reward: None at reset; after each step the change of the episode's value, as
  ``scorer.training.rewards.step_rewards`` computes it (sparse by default: 1 on the step that reaches
  the goal, else 0; ``"shaped": true`` for the shaped formula), so the rewards of an episode
  sum to its ``score`` verdict.
- state: OpenEnv's ``episode_id`` and ``step_count``, then ``GET /episodes/{id}``'s fields.

``EpisodeService`` plays, logs and releases every episode, as for Planarium's routes. A
WebSocket that closes with its episode running has it abandoned (logged as such); at
shutdown the server logs it as interrupted.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import traceback
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from contextlib import suppress
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

import numpy as np
from starlette.websockets import WebSocket, WebSocketDisconnect

from scorer import __version__
from scorer.io.dataset import KeyRow
from scorer.io.predictions import MAX_REPLY_CHARS
from scorer.rollout import payload
from scorer.rollout.catalog import ordered_splits, split_of
from scorer.rollout.errors import ApiError
from scorer.rollout.service import EpisodeFailed, EpisodeService
from scorer.training.rewards import EPISODE_TASK, outcome_components, shaped_value

RESET_SHAPE = (
    '{"id": ROW_ID} or {"config": NAME, "split": "test" | "dev" | "train", "index": N | "seed": S}, '
    'with optional "settings": {...}, "model": "name", "shaped": false'
)
RESET_FIELDS = ("id", "config", "split", "index", "seed", "settings", "model", "shaped")
ACTION_SHAPE = '{"reply": "raw model text"}'
STEP_SHAPE = '{"action": {"reply": "raw model text"}}'
DEFAULT_SPLIT = "test"

ACTION_SCHEMA: dict[str, Any] = {
    "title": "PlanariumAction",
    "type": "object",
    "properties": {
        "reply": {"type": "string", "maxLength": MAX_REPLY_CHARS, "description": "the model's raw reply"},
        "metadata": {"type": "object", "description": "accepted and ignored"},
    },
    "required": ["reply"],
    "additionalProperties": False,
}
OBSERVATION_SCHEMA: dict[str, Any] = {
    "title": "PlanariumObservation",
    "type": "object",
    "properties": {
        "text": {"type": "string", "description": "the prompt, one <image> marker per image"},
        "messages": {"type": "array", "items": {"type": "object"}, "description": "the prompt as chat turns"},
        "images": {"type": "array", "items": {"type": "string"}, "description": "base64 PNGs, in marker order"},
        "terminated": {"type": "boolean"},
        "truncated": {"type": "boolean"},
        "info": {"type": "object"},
    },
}
STATE_SCHEMA: dict[str, Any] = {
    "title": "PlanariumState",
    "type": "object",
    "properties": {
        "episode_id": {"type": ["string", "null"]},
        "step_count": {"type": "integer", "minimum": 0},
        "id": {"type": "string", "description": "the row id"},
        "done": {"type": "boolean"},
        "settings": {"type": "object"},
        "log": {"type": ["object", "null"], "description": "the episode's log line, once it ended"},
        "outcome": {"type": ["object", "null"]},
    },
}


def schemas() -> dict[str, Any]:
    """``GET /schema``: OpenEnv's SchemaResponse."""
    return {"action": ACTION_SCHEMA, "observation": OBSERVATION_SCHEMA, "state": STATE_SCHEMA}


def metadata() -> dict[str, Any]:
    """``GET /metadata``: OpenEnv's EnvironmentMetadata."""
    return {
        "name": "planarium",
        "description": "Visual planning episodes (PDDL-backed), rewarded by the benchmark's own judge.",
        "version": __version__,
        "readme_content": None,
        "author": None,
        "documentation_url": None,
    }


@dataclass(frozen=True)
class ResetRequest:
    request: payload.CreateRequest
    shaped: bool


class RowPicker:
    """Which row a reset names: by id, or by config, split and index (or seed)."""

    def __init__(self, rows: Mapping[str, KeyRow]) -> None:
        self._ids: dict[tuple[str, str], list[str]] = {}
        for row_id in sorted(rows):
            row = rows[row_id]
            if row.task == EPISODE_TASK:
                self._ids.setdefault((row.config, split_of(row_id)), []).append(row_id)

    def pick(self, fields: Mapping[str, Any]) -> str:
        if "id" in fields:
            if any(name in fields for name in ("config", "split", "index", "seed")):
                raise payload.bad(f'give "id" alone or "config" with "index" or "seed"; expected {RESET_SHAPE}')
            return payload.required_string(dict(fields), "id", RESET_SHAPE)
        if "config" not in fields:
            raise payload.bad(f"the reset names no row; expected {RESET_SHAPE}")
        config = payload.required_string(dict(fields), "config", RESET_SHAPE)
        split = fields.get("split", DEFAULT_SPLIT)
        ids = self._ids.get((config, split)) if isinstance(split, str) else None
        if not ids:
            raise ApiError(HTTPStatus.NOT_FOUND, self._no_rows(config, split))
        return ids[self._number(fields, len(ids))]

    def _no_rows(self, config: str, split: object) -> str:
        held = ordered_splits(held_split for name, held_split in self._ids if name == config)
        if held:
            return (
                f"no {split!r} episode rows of config {config!r}: the data holds its {', '.join(held)} split(s); "
                f"a train split is made by: planarium build --split train --configs {config}"
            )
        known = ", ".join(sorted({name for name, _ in self._ids}))
        return f"no episode rows of config {config!r} in the data; configs: {known}"

    @staticmethod
    def _number(fields: Mapping[str, Any], count: int) -> int:
        if ("index" in fields) == ("seed" in fields):
            raise payload.bad(f'give one of "index" and "seed" with "config"; expected {RESET_SHAPE}')
        name = "index" if "index" in fields else "seed"
        value = fields[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise payload.bad(f'"{name}" must be a whole number >= 0, got {value!r}')
        if name == "seed":
            # The draw of scorer.training.gym_env (gymnasium's np_random(seed) is default_rng(seed)): the same row.
            return int(np.random.default_rng(value).integers(count))
        if value >= count:
            raise payload.bad(f'"index" must be a row number from 0 to {count - 1}, got {value}')
        return value


def parse_reset(fields: Mapping[str, Any], picker: RowPicker) -> ResetRequest:
    payload.refuse_unknown(dict(fields), RESET_FIELDS, RESET_SHAPE)
    shaped = fields.get("shaped", False)
    if not isinstance(shaped, bool):
        raise payload.bad(f'"shaped" must be a boolean, got {payload.json_type(shaped)}')
    opening = {"id": picker.pick(fields), "settings": fields.get("settings"), "model": fields.get("model")}
    return ResetRequest(payload.create_fields(opening, RESET_SHAPE), shaped)


def parse_action(action: Any, max_reply_bytes: int) -> str:
    if not isinstance(action, dict):
        raise payload.bad(f"an action must be a JSON object {ACTION_SHAPE}, got {payload.json_type(action)}")
    payload.refuse_unknown(action, ("reply", "metadata"), ACTION_SHAPE)
    reply = payload.required_string(action, "reply", ACTION_SHAPE, allow_empty=True)
    return payload.checked_reply(reply, max_reply_bytes)


class OpenEnvSession:
    """One OpenEnv session's episode (a WebSocket's, or the HTTP routes' shared one)."""

    def __init__(self, service: EpisodeService, picker: RowPicker) -> None:
        self.service = service
        self.picker = picker
        self.episode_id: str | None = None
        self._shaped = False
        self._value = 0.0  # the episode's value so far: each step's reward is its change
        self._done = False
        self._lock = threading.Lock()  # the HTTP session is shared by request threads

    def reset(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        request = parse_reset(fields, self.picker)
        with self._lock:
            self._abandon_running()
            opened = self.service.open(request.request.row_id, request.request.settings, request.request.model)
            self.episode_id, self._shaped, self._value, self._done = opened["episode_id"], request.shaped, 0.0, False
        observation = {**opened["observation"], "terminated": False, "truncated": False, "info": opened["info"]}
        return {"observation": observation, "reward": None, "done": False}

    def step(self, action: Any) -> dict[str, Any]:
        reply = parse_action(action, self.service.max_reply_bytes)
        with self._lock:
            if self.episode_id is None:
                raise ApiError(HTTPStatus.CONFLICT, "no episode in this session; reset first")
            answer = self.service.step(self.episode_id, reply, with_outcome=True)
            reward = self._reward(answer.pop("outcome"))
            self._done = answer["terminated"] or answer["truncated"]
        observation = {**answer.pop("observation"), **answer}
        return {"observation": observation, "reward": reward, "done": self._done}

    def step_request(self, fields: dict[str, Any]) -> dict[str, Any]:
        """HTTP ``POST /step``: OpenEnv's StepRequest (its ``request_id`` is accepted and ignored)."""
        payload.refuse_unknown(fields, ("action", "request_id"), STEP_SHAPE)
        if "action" not in fields:
            raise payload.bad(f'the body has no "action" field; expected {STEP_SHAPE}')
        return self.step(fields["action"])

    def state(self) -> dict[str, Any]:
        with self._lock:
            if self.episode_id is None:
                return {"episode_id": None, "step_count": 0}
            described = self.service.describe(self.episode_id)
        return {"episode_id": described.pop("episode_id"), "step_count": described.pop("steps"), **described}

    def close(self) -> bool:
        """The session ended: its running episode is abandoned (and logged). Whether one was."""
        with self._lock:
            return self._abandon_running()

    def _abandon_running(self) -> bool:
        abandoned = False
        if self.episode_id is not None and not self._done:
            with suppress(ApiError):  # it expired or failed meanwhile, and was logged then
                self.service.abandon(self.episode_id)
                abandoned = True
        self.episode_id = None
        return abandoned

    def _reward(self, outcome: dict[str, Any]) -> float:
        components = outcome_components(outcome, 1.0 if outcome["success"] else 0.0)
        value = shaped_value(EPISODE_TASK, components) if self._shaped else components["correct"]
        reward, self._value = value - self._value, value
        return float(reward)


def error_code(status: HTTPStatus) -> str:
    """OpenEnv's WSErrorCode for one of our statuses."""
    if status == HTTPStatus.SERVICE_UNAVAILABLE:
        return "CAPACITY_REACHED"
    return "VALIDATION_ERROR" if status < 500 else "EXECUTION_ERROR"


def answer_message(session: OpenEnvSession, text: str) -> str | None:
    """The JSON answer to one WebSocket message; None for ``close``. Runs in a worker thread."""
    try:
        message = payload.json_object(text.encode("utf-8", errors="surrogatepass"), '{"type": ..., "data": ...}')
    except ApiError as error:
        return _error(error.message, "INVALID_JSON", error.status)
    kind = message.get("type")
    try:
        if kind == "reset":
            data = message.get("data") or {}
            if not isinstance(data, dict):
                raise payload.bad(f'"data" of a reset must be an object {RESET_SHAPE}')
            return json.dumps({"type": "observation", "data": session.reset(data)})
        if kind == "step":
            return json.dumps({"type": "observation", "data": session.step(message.get("data"))})
        if kind == "state":
            return json.dumps({"type": "state", "data": session.state()})
        if kind == "close":
            return None
    except ApiError as error:
        if isinstance(error, EpisodeFailed):  # keep the episode's traceback for the operator
            traceback.print_exception(error.__cause__, file=sys.stderr)
        return _error(error.message, error_code(error.status), error.status)
    except Exception as error:  # a bug must cost one message, not the session
        traceback.print_exception(error, file=sys.stderr)
        return _error(f"internal error: {type(error).__name__}: {error}", "EXECUTION_ERROR", 500)
    return _error(f"Unknown message type: {kind!r}; send reset, step, state or close", "UNKNOWN_TYPE", 400)


def _error(message: str, code: str, status: int) -> str:
    return json.dumps({"type": "error", "data": {"message": message, "code": code, "status": int(status)}})


class OpenEnvSockets:
    """The ``/ws`` endpoint: one session, and at most one running episode, per connection."""

    def __init__(
        self, service: EpisodeService, picker: RowPicker, executor: Executor, stopping: Callable[[], bool]
    ) -> None:
        self.service = service
        self.picker = picker
        self.executor = executor
        self.stopping = stopping

    async def play(self, websocket: WebSocket) -> None:
        await websocket.accept()
        session = OpenEnvSession(self.service, self.picker)
        loop = asyncio.get_running_loop()
        abandoned = False
        code: int | None = None
        try:
            code = await self._converse(websocket, session)
        finally:
            if not self.stopping():  # at shutdown the server logs the episode as interrupted
                abandoned = await loop.run_in_executor(self.executor, session.close)
        if code is None:  # the client sent {"type": "close"}: close our side, unless it already has
            with suppress(WebSocketDisconnect):  # OpenEnv's client closes the socket right after its message
                await websocket.close()
        elif code not in CLEAN_CLOSE_CODES:
            _say_disconnected(websocket, code, abandoned)

    async def _converse(self, websocket: WebSocket, session: OpenEnvSession) -> int | None:
        """Answer the session's messages until it ends: None on its close message, else the
        WebSocket close code (1006 when the connection dropped without a close frame)."""
        loop = asyncio.get_running_loop()
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return int(message.get("code", ABNORMAL_CLOSE))
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", errors="replace")
            answer = await loop.run_in_executor(self.executor, answer_message, session, text)
            if answer is None:
                return None
            try:
                await websocket.send_text(answer)
            except WebSocketDisconnect as gone:  # gone while its step ran: the step is logged, the episode abandoned
                return gone.code


# A close frame the client sent on purpose (normal closure, going away): nothing to report. Not 1005:
# uvicorn reports a connection dropped without any close frame as 1005 (no status), as well as 1006.
CLEAN_CLOSE_CODES = frozenset({1000, 1001})
ABNORMAL_CLOSE = 1006


def _say_disconnected(websocket: WebSocket, code: int, abandoned: bool) -> None:
    """One line on stderr for a session whose client vanished (a traceback would say nothing more)."""
    host, port = websocket.client or ("?", 0)
    episode = "; its running episode was logged as abandoned" if abandoned else ""
    print(
        f"planarium serve: OpenEnv session {host}:{port} disconnected without a clean close (code {code}){episode}",
        file=sys.stderr,
    )
