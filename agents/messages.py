"""Observation -> chat messages, shared by the OpenAI-compatible and the vLLM clients.

The prompt text carries one ``<image>`` marker per image; each marker becomes an
``image_url`` part with a base64 data URL in its place (vLLM's docs ask for no
placeholder text in the message), so the model sees text and images interleaved.
A prompt that starts with its task kind's system part (the paper's system message)
is sent as a system message and a user message, as the papers asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

MARKER = "<image>"


def chat_messages(observation: dict[str, Any], system_prompts: Sequence[str] = ()) -> list[dict[str, Any]]:
    system, text = split_system(observation["text"], system_prompts)
    pieces = text.split(MARKER)
    images = observation.get("images") or []
    if len(pieces) - 1 != len(images):
        raise ValueError(f"{len(pieces) - 1} <image> markers but {len(images)} images")
    content: list[dict[str, Any]] = []
    for index, piece in enumerate(pieces):
        if piece.strip():
            content.append({"type": "text", "text": piece})
        if index < len(images):
            content.append({"type": "image_url", "image_url": {"url": f"data:image/png;base64,{images[index]}"}})
    user = {"role": "user", "content": content}
    return [{"role": "system", "content": system}, user] if system else [user]


def split_system(text: str, system_prompts: Sequence[str]) -> tuple[str | None, str]:
    """(system part, the rest) when ``text`` starts with one of ``system_prompts``, else (None, text)."""
    for system in sorted(system_prompts, key=len, reverse=True):  # the longest match, should one extend another
        if text.startswith(system):
            return system, text[len(system) :].lstrip("\n")
    return None, text
