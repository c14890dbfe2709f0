"""The row contract shared by every config, as one ``datasets.Features`` object.

Features are written both into each shard's Parquet schema metadata and into the
card's YAML, both generated from the same object so they can never disagree.

Every prompt column (``prompt``, and the variants ``cot``, ``fewshot``, ``pddl``) has a
chat twin (``messages``, ``cot_messages``, ...): the same prompt as a list of
``{role, content}`` messages, system and user as the paper's code sent them, the
``<image>`` markers in the content. A config that gives only the flat text gets one
user message holding it (``with_messages``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorer.episodes.base import Message, Observation, flat_text
from scorer.io.dataset import PROMPT_VARIANTS, messages_column

if TYPE_CHECKING:  # datasets is imported where features are made: a config's module is imported without it
    from datasets import Features

BASE_COLUMNS = ("id", "domain", "task", "difficulty", "images", "prompt")
KEY_COLUMNS = ("domain_pddl", "problem_pddl", "answer_key", "meta")


def row_features(extra_text_columns: tuple[str, ...] = ()) -> Features:
    """Base columns, then config-specific text columns (e.g. ``cot``), then the keys; each
    prompt column followed by its chat twin."""
    from datasets import Features, Image, List, Value

    chat = List({"role": Value("string"), "content": Value("string")})
    columns: dict[str, Any] = {name: Value("string") for name in BASE_COLUMNS}
    columns["images"] = List(Image())
    columns[messages_column("prompt")] = chat
    for name in extra_text_columns:
        columns[name] = Value("string")
        if name in PROMPT_VARIANTS:
            columns[messages_column(name)] = chat
    for name in KEY_COLUMNS:
        columns[name] = Value("string")
    return Features(columns)


def chat_column(messages: Sequence[Message]) -> list[dict[str, str]]:
    """Messages as a chat column's cell."""
    return [message.to_json() for message in messages]


def chat_prompt(column: str, messages: Sequence[Message]) -> dict[str, Any]:
    """A prompt column (the flat text) and its chat twin, from the prompt's messages."""
    return {column: flat_text(messages), messages_column(column): chat_column(messages)}


def prompt_columns(observation: Observation) -> dict[str, Any]:
    """An episode row's ``prompt`` and ``messages``: its first observation's."""
    return {"prompt": observation.text, "messages": chat_column(observation.roles())}


def with_messages(rows: list[dict[str, Any]], features: Features) -> list[dict[str, Any]]:
    """``rows`` with every chat twin the features declare filled in: where a config gave
    only the flat prompt, one user message holding it."""
    missing = [(name, messages_column(name)) for name in PROMPT_VARIANTS if messages_column(name) in features]
    filled = []
    for row in rows:
        extra = {chat: chat_column([Message("user", row[name])]) for name, chat in missing if chat not in row}
        filled.append({**row, **extra} if extra else row)
    return filled


def image_cell(png: bytes) -> dict[str, Any]:
    return {"bytes": png, "path": None}


def dumps(value: Any) -> str:
    """Canonical JSON for answer_key / meta cells: sorted keys, so builds are byte-stable."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
