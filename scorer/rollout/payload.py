"""Request bodies: strict JSON objects with the fields each route expects, or an ApiError."""

from __future__ import annotations

import json
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from scorer.io.predictions import (
    MAX_REPLY_CHARS,
    json_error_text,
)  # the scorer reads no more, so the server takes no more
from scorer.rollout.errors import ApiError

CREATE_SHAPE = '{"id": ROW_ID, "settings": {...}, "model": "name"}'
STEP_SHAPE = '{"reply": "raw model text"}'


@dataclass(frozen=True)
class CreateRequest:
    row_id: str
    settings: dict[str, Any]
    model: str | None


def create_request(body: bytes) -> CreateRequest:
    fields = json_object(body, CREATE_SHAPE)
    refuse_unknown(fields, ("id", "settings", "model"), CREATE_SHAPE)
    return create_fields(fields)


def create_fields(fields: dict[str, Any], shape: str = CREATE_SHAPE) -> CreateRequest:
    """The checked ``id``, ``settings`` and ``model`` of a request that opens an episode."""
    row_id = required_string(fields, "id", shape)
    settings = fields.get("settings")
    if settings is None:  # null or absent: the mode's defaults
        settings = {}
    # Checked before anything falsy ([] , 0, "", false) could pass for "no settings".
    if not isinstance(settings, dict):
        raise bad(f'"settings" must be an object, got {json_type(settings)}; expected {shape}')
    model = fields.get("model")
    if model is not None and not isinstance(model, str):
        raise bad(f'"model" must be a string, got {json_type(model)}; expected {shape}')
    return CreateRequest(row_id, settings, model)


def step_reply(body: bytes, max_reply_bytes: int) -> str:
    fields = json_object(body, STEP_SHAPE)
    refuse_unknown(fields, ("reply",), STEP_SHAPE)
    return checked_reply(required_string(fields, "reply", STEP_SHAPE, allow_empty=True), max_reply_bytes)


def checked_reply(reply: str, max_reply_bytes: int) -> str:
    """``reply`` if it is within both bounds; 413 otherwise (every route that takes a reply)."""
    if len(reply) > MAX_REPLY_CHARS:
        raise ApiError(
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
            f'"reply" has {len(reply)} characters; at most {MAX_REPLY_CHARS} are accepted',
        )
    size = len(reply.encode("utf-8", errors="surrogatepass"))
    if size > max_reply_bytes:
        raise ApiError(
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
            f'"reply" has {size} bytes in UTF-8; this server accepts at most {max_reply_bytes} (--max-reply-bytes)',
        )
    return reply


def json_object(body: bytes, shape: str) -> dict[str, Any]:
    if not body.strip():
        raise bad(f"the body is empty; expected a JSON object {shape}")
    try:
        value = json.loads(body.decode("utf-8"), parse_constant=_refuse_constant, parse_int=_short_int)
    except UnicodeDecodeError:
        raise bad(f"the body is not UTF-8; expected a JSON object {shape}") from None
    except json.JSONDecodeError as error:
        raise bad(f"the body is not valid JSON ({json_error_text(error)}); expected a JSON object {shape}") from None
    except ValueError as error:  # NaN / Infinity, from _refuse_constant; a huge number, from _short_int
        raise bad(f"the body is not strict JSON ({error}); expected a JSON object {shape}") from None
    except RecursionError:
        raise bad(f"the body is nested too deeply; expected a JSON object {shape}") from None
    if not isinstance(value, dict):
        raise bad(f"the body must be a JSON object {shape}, got {json_type(value)}")
    return value


def required_string(fields: dict[str, Any], name: str, shape: str, allow_empty: bool = False) -> str:
    if name not in fields:
        raise bad(f'the body has no "{name}" field; expected {shape}')
    value = fields[name]
    if not isinstance(value, str):
        raise bad(f'"{name}" must be a string, got {json_type(value)}; expected {shape}')
    if not value and not allow_empty:
        raise bad(f'"{name}" is empty; expected {shape}')
    return value


def refuse_unknown(fields: dict[str, Any], known: tuple[str, ...], shape: str) -> None:
    # A typo such as "setting" would otherwise silently run the defaults.
    unknown = sorted(set(fields) - set(known))
    if unknown:
        raise bad(f"unknown field(s) {', '.join(map(repr, unknown))}; expected {shape}")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


MAX_INT_DIGITS = 30  # no field takes a number; a seed or a count fits with room to spare


def _short_int(text: str) -> int:
    # Python itself refuses past 4,300 digits, in words about its own internals.
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise ValueError(f"a number of {digits:,} digits; numbers have at most {MAX_INT_DIGITS}")
    return int(text)


def bad(message: str) -> ApiError:
    return ApiError(HTTPStatus.BAD_REQUEST, message)


def json_type(value: Any) -> str:
    names = {
        dict: "an object",
        list: "an array",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
    }
    return "null" if value is None else names.get(type(value), type(value).__name__)
