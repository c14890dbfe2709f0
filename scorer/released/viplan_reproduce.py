"""ViPlan's numbers beside Planarium's, per run and metric (``reproduction.csv``).

ViPlan's number is read from the top of its results file; Planarium's from the rows file
``score`` wrote for the submission, under ViPlan's reading of the replies (the ``paper``
judgement: what ViPlan's code makes of them), over the run's rows. ``success_ours`` is the
same success under our own reading, beside the paper's number, so what our lenient reading
does to a real model shows too.

The metrics, as ViPlan's code computes them:
- ``success``: planner, ``statistics.task_completion_rate`` (goal reached / episodes);
  grounder, ``task_accuracy``.
- ``action_accuracy``: planner, ``statistics.action_success_rate``: actions the simulator
  ran / actions its loop took (a step whose reply held no JSON takes no action); grounder,
  ``action_accuracy``: actions whose every precondition and effect answer matched the true
  state / (actions checked + actions its plan still held), an episode that never had a plan
  counting 0 of 1.
- ``predicate_accuracy`` and ``macro_predicate_accuracy`` (grounder): the enumeration
  answers only (its ``compute_metrics`` adds the others only to episodes without a replans
  list, which never happens), overall and as the mean of the per-predicate rates.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import astuple, dataclass, fields, replace
from pathlib import Path
from typing import Any

from scorer.io.dataset import KeyRow
from scorer.registry.listing import OUR_READING, PAPER_READING
from scorer.released.viplan_runs import RunFile
from scorer.scoring.results import reading_fields

TOLERANCE = 1e-9
# The departure row (by its test) of ViPlan's planner loop counting a failed lookup twice
DOUBLE_COUNT = "tests/released/test_viplan_import.py::test_viplans_planner_counts_an_action_that_does_not_exist_twice"


@dataclass(frozen=True)
class ReproductionLine:
    domain: str
    experiment: str
    method: str
    split: str
    model: str
    metric: str
    viplan: float
    planarium: float
    difference: float
    departure: str = ""

    @property
    def equal(self) -> bool:
        return abs(self.difference) <= TOLERANCE


COLUMNS = tuple(f.name for f in fields(ReproductionLine))


def reproduction_lines(
    runs: Sequence[RunFile],
    reported: Mapping[str, dict[str, Any]],
    rows_path: Path,
    rows: Mapping[str, KeyRow],
    untaken: Mapping[str, int],
    simulator_departure: str = "",
) -> list[ReproductionLine]:
    """One line per run and metric: ViPlan's number (``reported``: each split's file) and ours.
    ``untaken``: per row id, the replies of its log that took no action in ViPlan's loop (the
    reply it kept no text of, which ended its episode)."""
    by_id = {row.id: row for row in rows.values()}
    scored = _scored_by_split(rows_path, by_id)
    lines = []
    for run in runs:
        ours = run_metrics(run.method, scored.get(run.split, []), untaken)
        theirs = _viplan(run.method, reported[run.split])
        for metric, value in ours.items():
            viplan = theirs["success" if metric == "success_ours" else metric]
            why = _departure(run, metric, value, reported[run.split], simulator_departure)
            line = ReproductionLine(*run.submission[:3], run.split, run.model, metric, viplan, value, value - viplan)
            lines.append(line if line.equal else replace(line, departure=why))
    return lines


def _departure(run: RunFile, metric: str, ours: float, document: dict[str, Any], simulator: str) -> str:
    """The departure row that explains a difference: ViPlan's double count where counting each
    step once gives exactly our number, else the simulator's, else none (unexplained)."""
    if run.method == "vila" and metric == "action_accuracy" and abs(ours - _counted_once(document)) <= TOLERANCE:
        return DOUBLE_COUNT
    return simulator


def _counted_once(document: dict[str, Any]) -> float:
    """ViPlan's action success rate with each step counted once: its loop's first entry of a
    step whose simulator raised has no ``success`` field (the second, its ``except``'s, does)."""
    actions = [a for record in document.values() if isinstance(record, dict) for a in record.get("actions", [])]
    steps = [a for a in actions if "success" in a]
    return sum(bool(a["success"]) for a in steps) / len(steps) if steps else 0.0


def _scored_by_split(rows_path: Path, by_id: Mapping[str, KeyRow]) -> dict[str, list[dict[str, Any]]]:
    """The rows file's lines with a prediction, by the row's difficulty (ViPlan's split)."""
    found: dict[str, list[dict[str, Any]]] = defaultdict(list)
    with rows_path.open(encoding="utf-8") as stream:
        for line in stream:
            entry = json.loads(line)
            if entry.get("reason") != "missing":
                found[by_id[entry["id"]].difficulty].append(entry)
    return found


def _reading(entry: Mapping[str, Any], reading: str) -> dict[str, Any]:
    found = reading_fields(dict(entry), reading)
    if found is None:
        raise ValueError(f"row {entry.get('id')}: the rows file holds no {reading} reading")
    return found


def _viplan(method: str, document: dict[str, Any]) -> dict[str, float]:
    if method == "vila":
        statistics = document["statistics"]
        return {"success": statistics["task_completion_rate"], "action_accuracy": statistics["action_success_rate"]}
    return {
        name: float(document[name]) for name in ("predicate_accuracy", "macro_predicate_accuracy", "action_accuracy")
    } | {"success": float(document["task_accuracy"])}


def run_metrics(method: str, entries: Sequence[dict[str, Any]], untaken: Mapping[str, int]) -> dict[str, float]:
    """Planarium's numbers of one run: ``entries`` are its rows file's lines with a prediction."""
    papers = [_reading(e, PAPER_READING) for e in entries]
    played = [(e, p["parsed"]) for e, p in zip(entries, papers) if isinstance(p["parsed"], dict)]
    outcomes = [outcome for _, outcome in played]
    numbers = {
        "success": _mean([p["score"] for p in papers]),
        "success_ours": _mean([_reading(e, OUR_READING)["score"] for e in entries]),
    }
    if method == "vila":
        taken = sum(o["steps"] - untaken.get(e["id"], 0) for e, o in played)
        return numbers | {"action_accuracy": sum(o["legal_actions"] for o in outcomes) / taken if taken else 0.0}
    return numbers | _grounder_numbers(outcomes)


def _grounder_numbers(outcomes: Sequence[dict[str, Any]]) -> dict[str, float]:
    enumerated: dict[str, list[bool]] = defaultdict(list)
    for outcome in outcomes:
        for correct, phase, predicate in zip(
            outcome["answers_correct"], outcome["answers_phase"], outcome["answers_predicate"]
        ):
            if phase == "enumerate":
                enumerated[predicate].append(correct)
    answers = [c for values in enumerated.values() for c in values]
    checked = [o.get("actions_state_correct", []) for o in outcomes]
    # An episode never planned counts as one wrong action (ViPlan's "failed" problem).
    total = sum(len(c) + o.get("actions_left", 0) if o.get("planned") else 1 for c, o in zip(checked, outcomes))
    return {
        "predicate_accuracy": _mean(answers),
        "macro_predicate_accuracy": _mean([_mean(values) for values in enumerated.values()]),
        "action_accuracy": sum(sum(c) for c in checked) / total if total else 0.0,
    }


def _mean(values: Sequence[float | bool]) -> float:
    return sum(values) / len(values) if values else 0.0


def csv_text(lines: Iterable[ReproductionLine]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for line in lines:
        writer.writerow([_cell(value) for value in astuple(line)])
    return buffer.getvalue()


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return "nan" if math.isnan(value) else repr(round(value, 12))
    return str(value)
