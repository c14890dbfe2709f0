"""The row contract shared by every config, as one ``datasets.Features`` object.

Features are written both into each shard's Parquet schema metadata and into the
card's YAML, both generated from the same object so they can never disagree.
"""

from __future__ import annotations

import json
from typing import Any

from datasets import Features, Image, List, Value

BASE_COLUMNS = ("id", "domain", "task", "difficulty", "images", "prompt")
KEY_COLUMNS = ("domain_pddl", "problem_pddl", "answer_key", "meta")


def row_features(extra_text_columns: tuple[str, ...] = ()) -> Features:
    """Base columns, then config-specific text columns (e.g. ``cot``), then the keys."""
    columns: dict[str, Any] = {name: Value("string") for name in BASE_COLUMNS}
    columns["images"] = List(Image())
    for name in extra_text_columns:
        columns[name] = Value("string")
    for name in KEY_COLUMNS:
        columns[name] = Value("string")
    return Features(columns)


def image_cell(png: bytes) -> dict[str, Any]:
    return {"bytes": png, "path": None}


def dumps(value: Any) -> str:
    """Canonical JSON for answer_key / meta cells: sorted keys, so builds are byte-stable."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
