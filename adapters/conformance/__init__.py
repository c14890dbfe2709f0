"""The conformance vectors: rows, responses and the verdicts the reference scorer gives.

``vectors.json`` is committed; ``python -m adapters.conformance.make_vectors`` writes it
again from a mini build (``planarium build --size mini``). ``score`` and every adapter
must reproduce each expected verdict exactly (``tests/adapters``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

VECTORS = Path(__file__).with_name("vectors.json")


def load_vectors(path: Path = VECTORS) -> dict[str, Any]:
    """``{"rows": {id: record}, "vectors": [{"id", "response" | "episode", "expected"}]}``."""
    return json.loads(path.read_text())


def question_vectors(document: dict[str, Any]) -> list[tuple[dict[str, Any], str, dict[str, Any]]]:
    """(row record, response, expected verdict) of every vector of a question row."""
    rows = document["rows"]
    return [(rows[v["id"]], v["response"], v["expected"]) for v in document["vectors"] if "response" in v]
