"""Observation -> chat messages, shared by the OpenAI-compatible and the vLLM agents.

The prompt text carries one ``<image>`` marker per image; each marker becomes an
``image_url`` part with a base64 data URL in its place (vLLM's docs ask for no
placeholder text in the message), so the model sees text and images interleaved.
"""

from __future__ import annotations

from typing import Any

MARKER = "<image>"


def chat_messages(observation: dict[str, Any]) -> list[dict[str, Any]]:
    pieces = observation["text"].split(MARKER)
    images = observation.get("images") or []
    if len(pieces) - 1 != len(images):
        raise ValueError(f"{len(pieces) - 1} <image> markers but {len(images)} images")
    content: list[dict[str, Any]] = []
    for index, piece in enumerate(pieces):
        if piece.strip():
            content.append({"type": "text", "text": piece})
        if index < len(images):
            content.append({"type": "image_url", "image_url": {"url": f"data:image/png;base64,{images[index]}"}})
    return [{"role": "user", "content": content}]
