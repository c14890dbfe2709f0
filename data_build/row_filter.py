"""Which generated rows a train split takes: a curriculum's stage.

``--difficulty hard,medium`` keeps rows of the config's own difficulty labels;
``--where optimal_length=4..8`` keeps rows whose ``meta`` holds a number in the range (both
ends included, either may be left open: ``4..`` or ``..8``). The measures are what each
config writes in ``meta`` (plan length, board size, number of objects, ...), so nothing here
names a family: a measure the config's rows do not have is refused, naming the ones they do.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from scorer.io.errors import PlanariumError

RANGE_FORM = "KEY=LOW..HIGH (numbers; either end may be left out, as in optimal_length=4.. or n_objects=..6)"


@dataclass(frozen=True)
class MetaRange:
    key: str
    low: float = -math.inf
    high: float = math.inf

    def admits(self, meta: dict[str, Any]) -> bool:
        value = meta.get(self.key)
        return _is_number(value) and self.low <= value <= self.high

    def __str__(self) -> str:
        low = "" if self.low == -math.inf else _number_text(self.low)
        high = "" if self.high == math.inf else _number_text(self.high)
        return f"{self.key}={low}..{high}"


def parse_range(text: str) -> MetaRange:
    """``KEY=LOW..HIGH`` as a range; a ValueError naming the option and the form otherwise."""
    key, equals, bounds = text.partition("=")
    low_text, dots, high_text = bounds.partition("..")
    if not (key.strip() and equals and dots) or not (low_text.strip() or high_text.strip()):
        raise ValueError(f"--where {text}: expected {RANGE_FORM}")
    try:
        low = float(low_text) if low_text.strip() else -math.inf
        high = float(high_text) if high_text.strip() else math.inf
    except ValueError:
        raise ValueError(f"--where {text}: expected {RANGE_FORM}") from None
    if low > high:
        raise ValueError(f"--where {text}: the low end {_number_text(low)} is above the high end {_number_text(high)}")
    return MetaRange(key.strip(), low, high)


@dataclass(frozen=True)
class RowFilter:
    difficulties: frozenset[str] = frozenset()
    ranges: tuple[MetaRange, ...] = ()

    def admits(self, row: dict[str, Any]) -> bool:
        if self.difficulties and row["difficulty"] not in self.difficulties:
            return False
        if not self.ranges:
            return True
        meta = _meta(row)
        return all(wanted.admits(meta) for wanted in self.ranges)

    def check_offered(self, config: str, rows: Sequence[dict[str, Any]]) -> None:
        """Refuse a difficulty or measure that none of ``rows`` (a draw holding every kind the
        generator makes) has, naming the config's own."""
        if not rows:
            return
        offered = {row["difficulty"] for row in rows}
        unknown = self.difficulties - offered
        if unknown:
            asked, theirs = ",".join(sorted(unknown)), ", ".join(sorted(offered))
            raise PlanariumError(f"--difficulty {asked}: {config}'s rows have difficulty {theirs}")
        measures = _numeric_keys(rows)
        for wanted in self.ranges:
            if wanted.key not in measures:
                raise PlanariumError(
                    f"--where {wanted}: {config}'s rows have no number {wanted.key!r} in meta; "
                    f"theirs: {', '.join(sorted(measures)) or 'none'}"
                )

    def options(self) -> str:
        """The options that asked for this filter, as a command line spells them."""
        parts = [f" --difficulty {','.join(sorted(self.difficulties))}"] if self.difficulties else []
        return "".join(parts + [f" --where {wanted}" for wanted in self.ranges])

    def __bool__(self) -> bool:
        return bool(self.difficulties or self.ranges)


def row_filter(difficulty: str | None, where: Sequence[str]) -> RowFilter:
    """The filter the build options ask for (``--difficulty a,b`` and each ``--where``)."""
    difficulties = frozenset(d.strip() for d in (difficulty or "").split(",") if d.strip())
    return RowFilter(difficulties, tuple(parse_range(text) for text in where))


def _meta(row: dict[str, Any]) -> dict[str, Any]:
    meta = json.loads(row.get("meta") or "{}")
    return meta if isinstance(meta, dict) else {}


def _numeric_keys(rows: Sequence[dict[str, Any]]) -> set[str]:
    return {key for row in rows for key, value in _meta(row).items() if _is_number(value)}


def _is_number(value: Any) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _number_text(value: float) -> str:
    return str(int(value)) if value.is_integer() else str(value)
