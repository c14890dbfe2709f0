"""Orchestration of a scoring run: read, grade, report (``score`` on the command line).

By default only the configs a predictions file touches are graded: a file of answers to
one config is not a table of zeros for every other. The configs left out are listed as
"not attempted" (``all_configs`` grades every selected config, missing rows scoring 0).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sized
from dataclasses import dataclass, field, replace
from pathlib import Path

from scorer.dataset import KeyedDataset, KeyRow, built_splits, check_selection, load_keys
from scorer.grading import Grading, grade
from scorer.predictions import InputProblem, Prediction, PredictionSet, mark_unknown, read_predictions
from scorer.references import reference_lines, reference_predictions
from scorer.report.provenance import provenance
from scorer.report.results import results_document, row_lines, write_results


@dataclass
class ScoreRun:
    grading: Grading
    problems: list[InputProblem]
    results_path: Path
    rows_path: Path
    not_attempted: list[str] = field(default_factory=list)  # selected configs no prediction touched


def score_file(
    predictions_path: Path | None,
    data: Path,
    out: Path,
    split: str = "test",
    gold: bool = False,
    configs: set[str] | None = None,
    all_configs: bool = False,
    duplicates: str = "first",
    show_progress: bool = False,
) -> ScoreRun:
    """Score a predictions file (or the gold answers) against the dataset in ``data``."""
    check_selection(data, split, configs)  # before reading anything big
    prediction_set = None if gold else read_predictions(_given(predictions_path), duplicates)
    dataset = load_keys(data, split, configs)
    predictions, problems, sha256 = _predictions(dataset, prediction_set, split, configs)
    attempted = dataset.configs() if gold or all_configs else _touched(dataset, predictions)
    not_attempted = [name for name in dataset.configs() if name not in attempted]
    grading = grade(_only(dataset, attempted), predictions, _progress_bar(show_progress))
    settings = {
        "split": split,
        "configs": sorted(configs) if configs else None,
        "gold": gold,
        "all_configs": all_configs,
        "duplicates": duplicates,
    }
    run = provenance((p.model for p in predictions.values()), settings)
    return write_scored(grading, dataset, predictions, problems, sha256, out, split, run, not_attempted)


def write_scored(
    grading: Grading,
    dataset: KeyedDataset,
    predictions: dict[str, Prediction],
    problems: list[InputProblem],
    sha256: str,
    out: Path,
    split: str,
    run: dict,
    not_attempted: list[str] | None = None,
) -> ScoreRun:
    """Write results.json (with ``run``: what produced the predictions) and its rows file."""
    document = results_document(grading, dataset, split, sha256, problems, run)
    document["not_attempted"] = not_attempted or []  # beside the configs graded: an absent config is not a zero
    rows_path = write_results(document, row_lines(grading, predictions), out)
    return ScoreRun(grading, problems, out, rows_path, not_attempted or [])


def _progress_bar(shown: bool) -> Callable[[Iterable[KeyRow]], Iterable[KeyRow]]:
    def wrap(rows: Iterable[KeyRow]) -> Iterable[KeyRow]:
        from tqdm import tqdm

        return tqdm(
            rows,
            desc="scoring",
            unit="row",
            disable=not shown,
            leave=False,
            total=len(rows) if isinstance(rows, Sized) else None,
        )

    return wrap


def _given(path: Path | None) -> Path:
    if path is None:
        raise ValueError("a predictions file is needed unless the gold answers are scored")
    return path


def _predictions(
    dataset: KeyedDataset, prediction_set: PredictionSet | None, split: str, configs: set[str] | None
) -> tuple[dict[str, Prediction], list[InputProblem], str]:
    if prediction_set is None:
        text = "".join(line + "\n" for line in reference_lines(dataset, "gold"))
        return reference_predictions(dataset, "gold"), [], hashlib.sha256(text.encode()).hexdigest()
    built = built_splits(dataset.root)

    def why(prediction_id: str) -> tuple[str, str]:
        """Why an id is not among the rows scored: another config, another split, or unknown."""
        config, _, rest = prediction_id.partition("/")
        id_split = rest.partition("/")[0]
        if configs and config in built and config not in configs:
            return "not_selected", f"is in config {config!r}, which --configs left out"
        if config in built and id_split != split and id_split in built[config]:
            return "unknown_id", f"is a {id_split!r} row, not {split!r}; to score it: --split {id_split}"
        return "unknown_id", "is not in the dataset"

    mark_unknown(prediction_set, dataset.rows, why)
    return prediction_set.predictions, prediction_set.problems, prediction_set.sha256


def _touched(dataset: KeyedDataset, predictions: dict[str, Prediction]) -> list[str]:
    touched = sorted({dataset.rows[i].config for i in predictions if i in dataset.rows})
    # No prediction matches a row: grade everything, so the table shows them all missing.
    return touched or dataset.configs()


def _only(dataset: KeyedDataset, configs: list[str]) -> KeyedDataset:
    wanted = set(configs)
    return replace(dataset, rows={i: row for i, row in dataset.rows.items() if row.config in wanted})
