"""What a config's numbers stand on besides their n: whether every row the run asked was
answered, and whether the rows are a sample of the config.

An ``eval`` whose requests fail past their retries leaves those rows out of the scores (a
flaky endpoint is not a wrong model): its numbers are of the rows that were answered, so
the run is *incomplete* until a rerun asks the rest. A ``--limit N`` run scores a seeded
sample of each config: its numbers are *sampled*, not the config's. Both are judged from
the record of the run that asked the model (``run`` in results.json, or the ``asked``
record a rescore keeps), so a rescored file says what the original run was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def config_coverage(config: str, asked: Mapping[str, Any]) -> dict[str, Any]:
    """``{"complete": bool, "unanswered": k, "sampled": {"limit": N, "rows": r} | None}``:
    rows of ``config`` the run asked and left without a reply, and the ``--limit`` sample
    it scored (None: every row of the config)."""
    unanswered = _count(_mapping(_mapping(asked.get("api_failures")).get("by_config")).get(config))
    return {"complete": unanswered == 0, "unanswered": unanswered, "sampled": _sampled(config, asked)}


def scored_rows(asked: Mapping[str, Any]) -> Callable[[str], bool] | None:
    """Whether a row id is among those the asking run scored: its ``--limit`` sample, less the
    rows it left unanswered (None: every row). A rescore scores the same rows, so a sampled or
    incomplete run is not read again as a full run with its other rows missing."""
    sample = _mapping(asked.get("sample"))
    chosen: set[str] | None = None
    if sample.get("limit") is not None:
        chosen = {i for ids in _mapping(sample.get("ids")).values() if isinstance(ids, list) for i in ids}
    rows = _mapping(asked.get("api_failures")).get("rows")
    failed = {_mapping(row).get("id") for row in rows} if isinstance(rows, list) else set()
    if chosen is None and not failed:
        return None
    return lambda row_id: (chosen is None or row_id in chosen) and row_id not in failed


def coverage_of(document: Mapping[str, Any], config: str) -> dict[str, Any]:
    """The coverage of ``config`` in a results document; computed from its run record where
    the file predates the field."""
    entry = _mapping(_mapping(document.get("configs")).get(config))
    found = entry.get("coverage")
    if isinstance(found, dict) and isinstance(found.get("complete"), bool):
        return found
    return config_coverage(config, _mapping(document.get("run")))


def incomplete_text(coverage: Mapping[str, Any]) -> str:
    """``7 asked rows unanswered (API failures)``."""
    return f"{_count(coverage.get('unanswered')):,} asked row(s) unanswered (API failures)"


def sampled_text(coverage: Mapping[str, Any]) -> str:
    """``a sample of 12 rows (--limit 12)``."""
    sampled = _mapping(coverage.get("sampled"))
    return f"a sample of {_count(sampled.get('rows')):,} rows (--limit {_count(sampled.get('limit'))})"


def _sampled(config: str, asked: Mapping[str, Any]) -> dict[str, int] | None:
    sample = _mapping(asked.get("sample"))
    if sample.get("limit") is None:
        return None
    ids = _mapping(sample.get("ids")).get(config)
    return {"limit": _count(sample.get("limit")), "rows": len(ids) if isinstance(ids, list) else 0}


def _mapping(value: Any) -> Mapping[str, Any]:
    # A results file is input: a field of the wrong type reads as absent, never as a crash.
    return value if isinstance(value, Mapping) else {}


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0
