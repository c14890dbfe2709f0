"""Planarium's own numbers of ViPlan's released runs, read back from the submission folders.

``planarium import viplan-results`` writes ``OUT/<domain>/<experiment>/<method>/<model>/``
with the episode logs (``predictions.jsonl``) and what ``score`` wrote of them
(``results.rows.jsonl``). Here every folder there is, whichever import wrote it, gives one
``RunNumbers`` per split, so ViPlan's notebook tables (``viplan_tables``) print from our
replay exactly as they print from ViPlan's own metrics.

The numbers are those of ``reproduction.csv``'s ``planarium`` column (the same reading of the
rows, under ViPlan's reading of the replies: the ``paper`` judgement), recomputed from the
rows so that they are exact and cover every folder, not only the last import's. Beside them,
the notebook's counts: ``problems``, the rows of the split with a prediction, and
``predictions``, its prediction count (the enumeration answers, the accuracy's n).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorer.io import atomic
from scorer.registry.listing import PAPER_READING
from scorer.released.viplan_logs import UNRECORDED_REPLY
from scorer.released.viplan_reproduce import run_metrics
from scorer.released.viplan_runs import SPLITS
from scorer.released.viplan_tables import RunNumbers, report
from scorer.scoring.results import reading_fields

PREDICTIONS, ROWS = "predictions.jsonl", "results.rows.jsonl"
TABLES = "tables.md"
ENUMERATE = "enumerate"  # the phase of the grounder's enumeration questions


@dataclass
class _Split:
    """One split's logs of a submission: the rows ``score`` wrote and the replies each log left untaken."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    untaken: dict[str, int] = field(default_factory=dict)


def submission_folders(out: Path) -> list[Path]:
    """Every scored submission folder under ``out`` (``<domain>/<experiment>/<method>/<model>``)."""
    return sorted(rows.parent for rows in out.glob(f"*/*/*/*/{ROWS}") if (rows.parent / PREDICTIONS).is_file())


def planarium_numbers(out: Path) -> list[RunNumbers]:
    """One ``RunNumbers`` per run (submission and split) of every submission folder under ``out``."""
    return [run for folder in submission_folders(out) for run in folder_numbers(folder)]


def folder_numbers(folder: Path) -> list[RunNumbers]:
    domain, experiment, method, model = folder.parts[-4:]
    splits = _splits(folder)
    return [
        _run_numbers(RunNumbers(domain, experiment, method, split, model, 0.0, 0), splits[split])
        for split in SPLITS
        if splits[split].entries
    ]


def _run_numbers(blank: RunNumbers, split: _Split) -> RunNumbers:
    numbers = run_metrics(blank.method, split.entries, split.untaken)
    return RunNumbers(
        **{
            **blank.__dict__,
            **{name: value for name, value in numbers.items() if name != "success_ours"},
            "problems": len(split.entries),
            "predictions": sum(_enumeration_answers(entry) for entry in split.entries),
        }
    )


def _enumeration_answers(entry: Mapping[str, Any]) -> int:
    paper = reading_fields(dict(entry), PAPER_READING) or {}
    outcome = paper.get("parsed")
    return list(outcome.get("answers_phase", [])).count(ENUMERATE) if isinstance(outcome, dict) else 0


def _splits(folder: Path) -> dict[str, _Split]:
    """The folder's scored rows with a prediction, by ViPlan's split. A row's split is that of
    the run its log was replayed from (``recorded.source``): the rows file does not carry it."""
    splits: dict[str, _Split] = defaultdict(_Split)
    split_of = {}
    for log in _lines(folder / PREDICTIONS):
        episode = log["episode"]
        split = source_split(str(episode["recorded"]["source"]))
        split_of[log["id"]] = split
        splits[split].untaken[log["id"]] = list(episode["replies"]).count(UNRECORDED_REPLY)
    for entry in _lines(folder / ROWS):
        if entry.get("reason") != "missing":
            splits[split_of[entry["id"]]].entries.append(entry)
    return splits


def source_split(source: str) -> str:
    """The split of ``viplan_logs.source_of``'s text, which ends in ViPlan's results path
    ``<domain>/<experiment>/<method>/<split>/<model>/<file>``."""
    parts = source.rsplit(" ", 1)[-1].split("/")
    split = parts[-3] if len(parts) >= 6 else ""
    if split not in SPLITS:
        raise ValueError(f"recorded.source {source!r} names no split of ViPlan's ({', '.join(SPLITS)})")
    return split


def _lines(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as stream:
        for line in stream:
            if line.strip():
                yield json.loads(line)


def tables_text(runs: Sequence[RunNumbers], labels: Mapping[str, str] | None = None) -> str:
    """``tables.md``: ViPlan's notebook tables from Planarium's numbers, under a line that says so."""
    heading = (
        "# ViPlan's notebook tables from Planarium's replay\n\n"
        "Each run's numbers are Planarium's (its replay of ViPlan's released episodes, under ViPlan's "
        "reading of the replies), put through the arithmetic of ViPlan's `Extract_results.ipynb`.\n\n"
    )
    return heading + report(runs, labels)


def write_tables(out: Path, labels: Mapping[str, str] | None = None) -> Path | None:
    """``OUT/tables.md`` from every submission folder under ``out`` (None when there is none)."""
    runs = planarium_numbers(out)
    if not runs:
        return None
    path = out / TABLES
    atomic.write_text(path, tables_text(runs, labels))
    return path
