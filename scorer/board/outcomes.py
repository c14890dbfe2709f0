"""Why rows scored what they did, per config, counted from a results file's rows file."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from scorer.scoring.pair import rows_path_for

Outcomes = dict[str, Counter[str]]  # config -> outcome -> rows


def row_outcome(row: dict[str, Any]) -> str:
    """The row's reason; for an episode that ended other than by its goal, with how it
    ended (e.g. "failure: max_steps"), which is what a maintainer wants to see."""
    parsed = row.get("parsed")
    end = parsed.get("end") if isinstance(parsed, dict) else None
    reason = str(row.get("reason"))
    return f"{reason}: {end}" if reason == "failure" and isinstance(end, str) else reason


def outcomes_of(results_path: Path, document: dict[str, Any]) -> Outcomes:
    """From the rows file beside ``results_path`` when it is there, else from the counts
    results.json keeps (missing, unparsable, invalid, undecided, and the rest as scored)."""
    rows_file = rows_path_for(results_path)
    if rows_file.is_file():
        found: Outcomes = {}
        with rows_file.open(encoding="utf-8") as lines:
            for line in lines:
                row = json.loads(line)
                found.setdefault(str(row.get("config")), Counter())[row_outcome(row)] += 1
        return found
    return {name: _from_counts(entry.get("counts", {})) for name, entry in document["configs"].items()}


def _from_counts(counts: dict[str, int]) -> Counter[str]:
    named = {key: value for key, value in counts.items() if key != "n" and value}
    return Counter({"scored": counts.get("n", 0) - sum(named.values()), **named})
