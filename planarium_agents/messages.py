"""Observation -> chat messages, shared by the OpenAI-compatible and the vLLM clients.

An observation carries its prompt as chat messages with roles (``messages``: system,
user, ... as the paper's code sent them) beside the flat ``text``. Each ``<image>``
marker of a user message becomes an ``image_url`` part with a base64 data URL in its
place (vLLM's docs ask for no placeholder text in the message), so the model sees text
and images interleaved; images follow the markers in order across messages.

An observation with only the flat text (a server or dataset from before roles) is one
user message, or, when it starts with its task kind's system part, a system message and
a user message.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

MARKER = "<image>"


def chat_messages(observation: dict[str, Any], system_prompts: Sequence[str] = ()) -> list[dict[str, Any]]:
    roles = observation.get("messages") or flat_messages(observation["text"], system_prompts)
    images = observation.get("images") or []
    markers = sum(message["content"].count(MARKER) for message in roles)
    if markers != len(images):
        raise ValueError(f"{markers} <image> markers but {len(images)} images")
    pending = iter(images)
    return [_chat_message(message, pending) for message in roles]


def _chat_message(message: dict[str, str], images: Iterator[str]) -> dict[str, Any]:
    role, text = message["role"], message["content"]
    if role != "user":
        if MARKER in text:
            raise ValueError(f"an <image> marker in a {role} message; images go in user messages")
        return {"role": role, "content": text}
    pieces = text.split(MARKER)
    content: list[dict[str, Any]] = []
    for index, piece in enumerate(pieces):
        if piece.strip():
            content.append({"type": "text", "text": piece})
        if index < len(pieces) - 1:
            content.append({"type": "image_url", "image_url": {"url": f"data:image/png;base64,{next(images)}"}})
    return {"role": "user", "content": content}


def flat_messages(text: str, system_prompts: Sequence[str]) -> list[dict[str, str]]:
    system, rest = split_system(text, system_prompts)
    user = {"role": "user", "content": rest}
    return [{"role": "system", "content": system}, user] if system else [user]


def split_system(text: str, system_prompts: Sequence[str]) -> tuple[str | None, str]:
    """(system part, the rest) when ``text`` starts with one of ``system_prompts``, else (None, text)."""
    for system in sorted(system_prompts, key=len, reverse=True):  # the longest match, should one extend another
        if text.startswith(system):
            return system, text[len(system) :].lstrip("\n")
    return None, text
