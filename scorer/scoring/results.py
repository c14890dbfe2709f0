"""results.json, the per-row sidecar and the terminal table, from a Grading."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scorer import __version__
from scorer.episodes.protocol import config_protocol
from scorer.io.dataset import KeyedDataset, KeyRow, KeyShards
from scorer.io.predictions import InputProblem, Prediction
from scorer.io.table import Cell, format_table, shown_stderr
from scorer.registry.listing import OUR_READING
from scorer.scoring.coverage import config_coverage
from scorer.scoring.grading import ConfigReport, Grading, Judged, readings_differ
from scorer.scoring.pair import write_pair
from scorer.tasks import Judgement

SCHEMA_VERSION = 3  # 2: input_problems summarised per kind; not_attempted. 3: run (what produced them)
EXAMPLES_KEPT = 5  # problems quoted per kind; a file of 100,000 duplicates stays a small results.json
# The rows file keeps a response and a target this long; the rest is cut, with a marker
# that says how much (lm-eval's sample logs keep everything, which makes them huge).
MAX_RESPONSE_CHARS = 2000
MAX_TARGET_CHARS = 200
CUT_MARKER = "...[cut: {} more characters]"


def results_document(
    grading: Grading,
    dataset: KeyedDataset | KeyShards,
    split: str,
    predictions_sha256: str,
    problems: list[InputProblem],
    run: dict[str, Any] | None = None,
    asked: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything a leaderboard needs; no timestamps, so equal inputs give equal files.
    ``run`` says what produced the predictions (``scorer.scoring.provenance``); ``asked``, where
    it is another run's record, how the model was asked (a rescored eval keeps its sampling
    and prompt variant): each config's ``protocol`` is judged from it (``scorer.episodes.protocol``)."""
    asked = asked if asked is not None else run or {}
    return {
        "run": run or {},
        "schema_version": SCHEMA_VERSION,
        "scorer_version": __version__,
        "split": split,
        "dataset": {"fingerprint": dataset_fingerprint(dataset.checksums), "checksums": dataset.checksums},
        "predictions_sha256": predictions_sha256,
        "configs": {name: _config_entry(report, asked) for name, report in grading.configs.items()},
        "input_problems": problems_summary(problems),
    }


def problems_summary(problems: list[InputProblem]) -> dict[str, Any]:
    """Per kind: how many lines, and the first few (line and message)."""
    summary: dict[str, Any] = {}
    for problem in problems:
        entry = summary.setdefault(problem.kind, {"count": 0, "first": []})
        entry["count"] += 1
        if len(entry["first"]) < EXAMPLES_KEPT:
            entry["first"].append({"line": problem.line, "message": problem.message})
    return summary


def dataset_fingerprint(checksums: dict[str, str]) -> str:
    return hashlib.sha256(json.dumps(checksums, sort_keys=True).encode()).hexdigest()


def _config_entry(report: ConfigReport, asked: dict[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "task": report.task,
        "reading": report.reading,  # the reading its metrics count: "paper" (the paper's own) or "ours"
        "protocol": config_protocol(report.config, report.task, report.departures, asked),
        # whether every asked row was answered, and whether the rows are a --limit sample
        "coverage": config_coverage(report.config, asked),
        "counts": report.counts,
        "groups": list(report.groups),  # in the scorer's order (difficulties easy to hard); "metrics" keys get sorted
        "metrics": {
            group: {m.name: {"value": m.value, "stderr": m.stderr, "n": m.n} for m in metrics}
            for group, metrics in report.groups.items()
        },
    }
    if report.samples > 1:  # the headline is the mean over n samples per row; pass@k for each k
        entry["samples"] = {"n": report.samples, "k": list(range(1, report.samples + 1))}
    if report.readings:
        entry["readings"] = {
            **{name: {"value": m.value, "stderr": m.stderr, "n": m.n} for name, m in report.readings.items()},
            "differing_rows": report.differing,
            "paper_source": report.paper_source,
        }
    return entry


def row_lines(grading: Grading, predictions: dict[str, Prediction] | None = None) -> list[str]:
    """One JSON line per dataset row (``row_line``)."""
    found = predictions or {}
    return [row_line(row, grading.readings_of(row, judgement), found.get(row.id)) for row, judgement in grading.rows]


def row_line(row: KeyRow, judged: Judged, prediction: Prediction | None, sample: int | None = None) -> str:
    """A row as lm-eval's sample logs give it: id, config, the raw response (cut at
    MAX_RESPONSE_CHARS), then its headline reading's parsed answer, score, reason and detail
    (null when the judge has none), with ``reading`` naming that reading, and a short form of
    the target. Where the row has a second reading: that reading's judgement under its name
    (``paper`` or ``ours``: score, reason, parsed answer and detail) and ``readings_differ``.
    ``sample``: the prediction's index among its row's samples (absent with one per row)."""
    entry: dict[str, Any] = {
        "id": row.id,
        "config": row.config,
        "response": cut(prediction.response, MAX_RESPONSE_CHARS) if prediction else None,
        "target": cut(json.dumps(row.answer_key, sort_keys=True), MAX_TARGET_CHARS),
        "reading": judged.reading,
        **_judgement_fields(judged.headline),
    }
    if judged.other is not None:
        entry[judged.other_reading] = _judgement_fields(judged.other)
        entry["readings_differ"] = readings_differ(judged.headline, judged.other)
    if sample is not None:
        entry["sample"] = sample
    return json.dumps(entry, sort_keys=True)


def _judgement_fields(judgement: Judgement) -> dict[str, Any]:
    return {
        "score": judgement.score,
        "reason": judgement.reason.value,
        "parsed": judgement.parsed,
        "detail": judgement.detail or None,
    }


def reading_fields(entry: dict[str, Any], reading: str) -> dict[str, Any] | None:
    """One reading's score, reason, parsed answer and detail in a rows-file line: the line's
    own fields when it is the headline reading, else its block (None when it has none)."""
    if entry.get("reading", OUR_READING) == reading:
        return {name: entry.get(name) for name in ("score", "reason", "parsed", "detail")}
    block = entry.get(reading)
    return block if isinstance(block, dict) else None


def cut(text: str | None, limit: int) -> str | None:
    if text is None or len(text) <= limit:
        return text
    return text[:limit] + CUT_MARKER.format(len(text) - limit)


def write_results(document: dict[str, Any], rows: Iterable[str], out: Path) -> Path:
    """Write results.json and its sidecar ``<stem>.rows.jsonl`` atomically, tied by a shared
    run id (``scorer.scoring.pair``); return the sidecar path."""
    return write_pair(document, rows, out)


def results_table(grading: Grading) -> str:
    """The main table, then one pivot per family of ``metric[label]`` metrics.

    A metric named ``accuracy[<domain>]`` in group ``nexta`` is one cell of a
    label x group matrix (for ACP: ACPBench Hard's domain x task figure), far easier
    to read as a matrix than as one line per cell.
    """
    table_rows = []
    pivots: dict[tuple[str, str], dict[tuple[str, str], float | None]] = {}
    totals: dict[tuple[str, str], dict[tuple[str, str], float | None]] = {}
    for name, report in grading.configs.items():
        for group, metrics in report.groups.items():
            for metric in metrics:
                family, label = _split_label(metric.name)
                if label is None:
                    stderr = shown_stderr(metric.stderr, metric.n)
                    table_rows.append([name, group, metric.name, metric.value, stderr, metric.n])
                    totals.setdefault((name, family), {})[(TOTAL_LABEL, group)] = metric.value
                else:
                    pivots.setdefault((name, family), {})[(label, group)] = metric.value
    tables = [format_table(table_rows, ["config", "difficulty", "metric", "value", "stderr", "n"])]
    for (name, family), cells in pivots.items():
        tables.append(_pivot_table(f"{name}: {family}", {**cells, **totals.get((name, family), {})}))
    return "\n\n".join(tables)


TOTAL_LABEL = "(all)"  # the pivot's last row: the family's plain metric per group


def _split_label(metric_name: str) -> tuple[str, str | None]:
    """``accuracy[<domain>]`` -> ("accuracy", "<domain>"); ``accuracy`` -> ("accuracy", None)."""
    if metric_name.endswith("]") and "[" in metric_name:
        family, label = metric_name[:-1].split("[", 1)
        return family, label
    return metric_name, None


def _pivot_table(title: str, cells: dict[tuple[str, str], float | None]) -> str:
    labels = list(dict.fromkeys(label for label, _ in cells))
    groups = list(dict.fromkeys(group for _, group in cells))
    rows = [[label, *(cells.get((label, group)) for group in groups)] for label in labels]
    return format_table(rows, [title, *groups])


def readings_table(grading: Grading) -> str:
    """Per config with a paper reading: our accuracy beside the paper's, and the rows
    they score differently (listed in the rows file with ``readings_differ``). Empty
    when no config has one."""
    headers = ["config", "ours", "paper", "differing rows", "n", "paper reading"]
    table_rows: list[list[Cell]] = []
    for name, report in grading.configs.items():
        if report.readings:
            ours, paper = report.readings["ours"], report.readings["paper"]
            table_rows.append([name, ours.value, paper.value, report.differing, ours.n, report.paper_source])
    return format_table(table_rows, headers) if table_rows else ""


SUMMARY_METRICS = ("success", "accuracy")  # a config's headline: the first of these it reports


def summary_table(grading: Grading) -> str:
    """One line per config: its headline metric over all its rows, and the counts; with
    several samples per row, the samples per row and pass@n beside it."""
    headers = ["config", "metric", "reading", "value", "stderr", "n", "missing", "unparsable", "invalid", "undecided"]
    if any(report.samples > 1 for report in grading.configs.values()):
        return _samples_summary(grading)
    table_rows: list[list[Cell]] = []
    for name, report in grading.configs.items():
        metrics = {metric.name: metric for metric in report.groups.get("all", [])}
        headline = next((metrics[m] for m in SUMMARY_METRICS if m in metrics), None)
        shown: list[Cell] = (
            [None, None, None, None, None]
            if headline is None
            else [
                headline.name,
                report.reading,
                headline.value,
                shown_stderr(headline.stderr, headline.n),
                headline.n,
            ]
        )
        table_rows.append([name, *shown, *(report.counts.get(h, 0) for h in headers[6:])])
    return format_table(table_rows, headers)


def _samples_summary(grading: Grading) -> str:
    headers = ["config", "metric", "value", "stderr", "n", "samples", "pass@n", "missing", "unparsable", "invalid"]
    table_rows: list[list[Cell]] = []
    for name, report in grading.configs.items():
        metrics = {metric.name: metric for metric in report.groups.get("all", [])}
        headline = next((metrics[m] for m in SUMMARY_METRICS if m in metrics), None)
        best = metrics.get(f"pass@{report.samples}")
        shown: list[Cell] = (
            [None] * 4
            if headline is None
            else [headline.name, headline.value, shown_stderr(headline.stderr, headline.n), headline.n]
        )
        counts = [report.counts.get(h, 0) for h in headers[7:]]
        table_rows.append([name, *shown, report.samples, best.value if best else None, *counts])
    return format_table(table_rows, headers)


def counts_table(grading: Grading) -> str:
    headers = ["config", "n", "missing", "unparsable", "invalid", "undecided"]
    table_rows: list[list[Cell]] = [[name, *(r.counts[h] for h in headers[1:])] for name, r in grading.configs.items()]
    return format_table(table_rows, headers)
