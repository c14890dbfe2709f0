"""What every task kind provides: judge one response, aggregate a config's rows.

A task module exposes a ``TaskKind``; the scoring run looks it up by the row's
``task`` field, so adding a kind never touches the scoring loop.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.report.stats import Metric


@dataclass(frozen=True)
class Verdict:
    """How one row scored: ``score`` in [0, 1] and why."""

    score: float
    reason: str  # correct | wrong | unparsable | missing | invalid | undecided
    parsed: Any = None


MISSING = Verdict(0.0, "missing")


@dataclass(frozen=True)
class ScoredRow:
    id: str
    difficulty: str
    answer_key: dict[str, Any]
    meta: dict[str, Any]
    verdict: Verdict


@dataclass(frozen=True)
class TaskKind:
    name: str
    judge: Callable[[str, dict[str, Any]], Verdict]
    aggregate: Callable[[Sequence[ScoredRow]], list[Metric]]
    gold_response: Callable[[dict[str, Any]], str]
    wrong_response: Callable[[dict[str, Any]], str]
    extra_columns: dict[str, str] = field(default_factory=dict)


def loads_json(text: str) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"expected a JSON object, got {type(value).__name__}")
    return value
