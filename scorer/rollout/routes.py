"""The HTTP API: each route a function of the context, the path parameters and the body.

Planarium's own routes:

POST   /episodes                {"id", "settings", "model"}  -> 201 first observation
POST   /episodes/{eid}/step     {"reply"}                     -> observation, terminated, truncated, info
GET    /episodes/{eid}                                         -> state, log line and outcome once done
GET    /episodes/{eid}/transcript                              -> every reply, info and observation text
DELETE /episodes/{eid}                                         -> abandoned: logged and removed
GET    /health                                                 -> status, active episodes, rows, version

OpenEnv's HTTP routes (``scorer.rollout.openenv``; its WebSocket session is ``/ws``), on one
episode shared by the HTTP clients:

POST   /reset                   {"id" | "config", ...}        -> observation, reward, done
POST   /step                    {"action": {"reply"}}         -> observation, reward, done
GET    /state | /schema | /metadata
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from scorer.rollout import payload
from scorer.rollout.errors import ApiError
from scorer.rollout.openenv import OpenEnvSession, metadata, schemas
from scorer.rollout.service import EpisodeService


@dataclass(frozen=True)
class Reply:
    status: HTTPStatus
    document: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Context:
    """What a route acts on: the episode service, and the episode of OpenEnv's HTTP routes."""

    service: EpisodeService
    openenv: OpenEnvSession


Action = Callable[[Context, dict[str, str], bytes], Reply]


def create(context: Context, params: dict[str, str], body: bytes) -> Reply:
    request = payload.create_request(body)
    document = context.service.open(request.row_id, request.settings, request.model)
    return Reply(HTTPStatus.CREATED, document, {"Location": f"/episodes/{document['episode_id']}"})


def step(context: Context, params: dict[str, str], body: bytes) -> Reply:
    service = context.service
    return Reply(HTTPStatus.OK, service.step(params["eid"], payload.step_reply(body, service.max_reply_bytes)))


def describe(context: Context, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, context.service.describe(params["eid"]))


def transcript(context: Context, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, context.service.transcript(params["eid"]))


def abandon(context: Context, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, context.service.abandon(params["eid"]))


def health(context: Context, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, context.service.health())


def openenv_reset(context: Context, params: dict[str, str], body: bytes) -> Reply:
    # OpenEnv's reset takes an empty body; here it must name a row, so the session says what is missing.
    request = payload.json_object(body, "") if body.strip() else {}
    return Reply(HTTPStatus.OK, context.openenv.reset(request))


def openenv_step(context: Context, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, context.openenv.step_request(payload.json_object(body, '{"action": {"reply": ...}}')))


def openenv_state(context: Context, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, context.openenv.state())


def openenv_schema(context: Context, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, schemas())


def openenv_metadata(context: Context, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, metadata())


EPISODE_ID = r"(?P<eid>[^/]+)"
ROUTES: list[tuple[re.Pattern[str], dict[str, Action]]] = [
    (re.compile(r"/episodes"), {"POST": create}),
    (re.compile(rf"/episodes/{EPISODE_ID}/step"), {"POST": step}),
    (re.compile(rf"/episodes/{EPISODE_ID}/transcript"), {"GET": transcript}),
    (re.compile(rf"/episodes/{EPISODE_ID}"), {"GET": describe, "DELETE": abandon}),
    (re.compile(r"/health"), {"GET": health}),
    (re.compile(r"/reset"), {"POST": openenv_reset}),
    (re.compile(r"/step"), {"POST": openenv_step}),
    (re.compile(r"/state"), {"GET": openenv_state}),
    (re.compile(r"/schema"), {"GET": openenv_schema}),
    (re.compile(r"/metadata"), {"GET": openenv_metadata}),
]


def route(method: str, path: str) -> tuple[Action, dict[str, str]]:
    """The action for ``method`` on ``path`` with its path parameters; 404 or 405 otherwise."""
    for pattern, actions in ROUTES:
        match = pattern.fullmatch(path)
        if match is None:
            continue
        if method not in actions:
            allowed = ", ".join(sorted(actions))
            raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED, f"{method} is not allowed on {path}; use {allowed}")
        return actions[method], match.groupdict()
    raise ApiError(
        HTTPStatus.NOT_FOUND,
        f"no route {path}; routes: POST /episodes, POST /episodes/{{id}}/step, "
        "GET /episodes/{id}/transcript, GET|DELETE /episodes/{id}, GET /health; "
        "OpenEnv's: POST /reset, POST /step, GET /state, GET /schema, GET /metadata, WebSocket /ws",
    )


def allowed_methods(path: str) -> str | None:
    """The ``Allow`` header for a known path (sent with a 405)."""
    for pattern, actions in ROUTES:
        if pattern.fullmatch(path):
            return ", ".join(sorted(actions))
    return None
