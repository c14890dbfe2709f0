"""Orchestration of a scoring run: read, grade, report (``score`` on the command line)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from scorer.dataset import KeyedDataset, load_keys
from scorer.grading import Grading, grade
from scorer.predictions import InputProblem, Prediction, mark_unknown, read_predictions
from scorer.references import reference_lines, reference_predictions
from scorer.report.results import results_document, row_lines, write_results


@dataclass
class ScoreRun:
    grading: Grading
    problems: list[InputProblem]
    results_path: Path
    rows_path: Path


def score_file(predictions_path: Path | None, data: Path, out: Path, split: str = "test",
               gold: bool = False, configs: set[str] | None = None) -> ScoreRun:
    """Score a predictions file (or the gold answers) against the dataset in ``data``."""
    dataset = load_keys(data, split, configs)
    predictions, problems, sha256 = _predictions(dataset, predictions_path, gold)
    grading = grade(dataset, predictions)
    document = results_document(grading, dataset, split, sha256, problems)
    rows_path = write_results(document, row_lines(grading), out)
    return ScoreRun(grading, problems, out, rows_path)


def _predictions(dataset: KeyedDataset, path: Path | None, gold: bool
                 ) -> tuple[dict[str, Prediction], list[InputProblem], str]:
    if gold:
        text = "".join(line + "\n" for line in reference_lines(dataset, "gold"))
        return reference_predictions(dataset, "gold"), [], hashlib.sha256(text.encode()).hexdigest()
    assert path is not None
    prediction_set = read_predictions(path)
    mark_unknown(prediction_set, dataset.rows)
    return prediction_set.predictions, prediction_set.problems, prediction_set.sha256
