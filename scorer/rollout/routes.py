"""The API: five routes, each a function of the service, the path parameters and the body.

POST   /episodes                {"id", "settings", "model"}  -> 201 first observation
POST   /episodes/{eid}/step     {"reply"}                     -> observation, terminated, truncated, info
GET    /episodes/{eid}                                         -> state, log line and outcome once done
GET    /episodes/{eid}/transcript                              -> every reply, info and observation text
DELETE /episodes/{eid}                                         -> abandoned: logged and removed
GET    /health                                                 -> status, active episodes, rows, version
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from scorer.rollout import payload
from scorer.rollout.errors import ApiError
from scorer.rollout.service import EpisodeService


@dataclass(frozen=True)
class Reply:
    status: HTTPStatus
    document: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)


Action = Callable[[EpisodeService, dict[str, str], bytes], Reply]


def create(service: EpisodeService, params: dict[str, str], body: bytes) -> Reply:
    request = payload.create_request(body)
    document = service.open(request.row_id, request.settings, request.model)
    return Reply(HTTPStatus.CREATED, document, {"Location": f"/episodes/{document['episode_id']}"})


def step(service: EpisodeService, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, service.step(params["eid"], payload.step_reply(body, service.max_reply_bytes)))


def describe(service: EpisodeService, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, service.describe(params["eid"]))


def transcript(service: EpisodeService, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, service.transcript(params["eid"]))


def abandon(service: EpisodeService, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, service.abandon(params["eid"]))


def health(service: EpisodeService, params: dict[str, str], body: bytes) -> Reply:
    return Reply(HTTPStatus.OK, service.health())


EPISODE_ID = r"(?P<eid>[^/]+)"
ROUTES: list[tuple[re.Pattern[str], dict[str, Action]]] = [
    (re.compile(r"/episodes"), {"POST": create}),
    (re.compile(rf"/episodes/{EPISODE_ID}/step"), {"POST": step}),
    (re.compile(rf"/episodes/{EPISODE_ID}/transcript"), {"GET": transcript}),
    (re.compile(rf"/episodes/{EPISODE_ID}"), {"GET": describe, "DELETE": abandon}),
    (re.compile(r"/health"), {"GET": health}),
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
        "GET /episodes/{id}/transcript, GET|DELETE /episodes/{id}, GET /health",
    )


def allowed_methods(path: str) -> str | None:
    """The ``Allow`` header for a known path (sent with a 405)."""
    for pattern, actions in ROUTES:
        if pattern.fullmatch(path):
            return ", ".join(sorted(actions))
    return None
