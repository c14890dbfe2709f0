"""Orchestration of a scoring run: read, grade, report (``score`` on the command line).

By default only the configs a predictions file touches are graded: a file of answers to
one config is not a table of zeros for every other. The configs left out are listed as
"not attempted" (``all_configs`` grades every selected config, missing rows scoring 0).

Both inputs are streamed: the dataset's key rows a batch at a time, config by config;
the predictions file is read once into an index of where each id's line is
(``scorer.io.predictions.index_predictions``) and each line is read back when its row is
judged. Each row's line goes to a spool on disk (``scorer.scoring.spool``); a config keeps
only the small ScoredRows its metrics are made from. Memory grows by about 200 bytes per
row, not with the responses or the PDDL, and results are byte-identical to holding
everything at once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

from scorer.executors import Executor, in_process
from scorer.io.dataset import KeyedDataset, KeyRow, KeyShards, built_splits, key_shards
from scorer.io.predictions import (
    SAMPLES,
    InputProblem,
    Prediction,
    PredictionIndex,
    index_predictions,
    not_in_dataset,
)
from scorer.scoring.grading import Grader, Grading, judged_pairs, row_windows
from scorer.scoring.pair import rows_path_for
from scorer.scoring.provenance import provenance
from scorer.scoring.references import reference_line, reference_prediction
from scorer.scoring.results import results_document, row_line, row_lines, write_results
from scorer.scoring.spool import RowSpool


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
    keep_rows: bool = True,
    executor: Executor | None = None,
    asked: dict[str, Any] | None = None,
    only: Callable[[str], bool] | None = None,
) -> ScoreRun:
    """Score a predictions file (or the gold answers) against the dataset in ``data``.
    ``keep_rows``: keep every (row, judgement) in ``ScoreRun.grading.rows`` (heat maps and the
    HTML report read them); without it memory stays small however many rows there are.
    ``executor``: where the costly rows (replays, planner calls: ``TaskKind.costly``) are
    judged, WINDOW_ROWS rows at a time (default: this process); the results do not change.
    ``asked``: the record of the run that asked the model (a rescore passes the old results'
    ``run``), from which each config's protocol is judged; default: this scoring run's.
    ``only``: which row ids are scored (a rescore of an eval: the rows it scored); default: all."""
    executor = executor or in_process()
    shards = key_shards(data, split, configs)  # checks the selection before reading anything big
    answers: Answers = GoldAnswers() if gold else FileAnswers(index_predictions(_given(predictions_path), duplicates))
    with answers, RowSpool(rows_path_for(out)) as spool:
        grader = Grader(keep_rows, answers.samples)
        rows = _progress(shards, show_progress)
        chosen = rows if only is None else (row for row in rows if only(row.id))
        touched = _grade_into(chosen, answers, grader, spool, executor)
        seen = sorted(grader.tallies)
        if not seen:
            raise shards.no_rows()
        problems, sha256 = answers.finish(why_not_scored(shards, configs))
        # No prediction matches a row: grade everything, so the table shows them all missing.
        attempted = seen if gold or all_configs else sorted(touched) or seen
        not_attempted = [name for name in seen if name not in attempted]
        grading = grader.grading(attempted)
        settings = {
            "split": split,
            "configs": sorted(configs) if configs else None,
            "gold": gold,
            "all_configs": all_configs,
            "duplicates": duplicates,
        }
        run = provenance(answers.models, settings)
        document = results_document(grading, shards, split, sha256, problems, run, asked)
        document["not_attempted"] = not_attempted  # beside the configs graded: an absent config is not a zero
        rows_path = write_results(document, spool.lines(attempted), out)
    return ScoreRun(grading, problems, out, rows_path, not_attempted)


def _grade_into(
    rows: Iterator[KeyRow], answers: Answers, grader: Grader, spool: RowSpool, executor: Executor
) -> set[str]:
    """Judge every row (each of its samples, numbered, under --duplicates samples) a window
    at a time, count it in ``grader`` and spool its rows-file line; the configs a prediction touched."""
    touched: set[str] = set()
    for window in row_windows(rows):
        sampled = [(row, prediction, index) for row in window for index, prediction in enumerate(answers.takes(row))]
        pairs = [(row, prediction) for row, prediction, _ in sampled]
        for (row, prediction, index), judged in zip(sampled, judged_pairs(grader, pairs, executor), strict=True):
            sample = index if answers.samples > 1 else None
            spool.add(row.config, row_line(row, grader.record(row, *judged), prediction, sample))
            if prediction is not None:
                touched.add(row.config)
    return touched


def score_samples(
    dataset: KeyedDataset,
    predictions_path: Path,
    samples: int,
    out: Path,
    split: str,
    run: dict[str, Any],
    executor: Executor | None = None,
) -> ScoreRun:
    """Score ``samples`` lines per row of ``dataset`` (the rows an ``eval --samples`` run
    asked), each as a sample: the mean over samples and pass@k (``scorer.scoring.samples``);
    ``run``: the record of the run that asked the model."""
    answers = FileAnswers(index_predictions(predictions_path, SAMPLES), samples)
    with answers, RowSpool(rows_path_for(out)) as spool:
        grader = Grader(True, samples)
        _grade_into(iter(dataset.rows.values()), answers, grader, spool, executor or in_process())
        problems, sha256 = answers.finish(not_in_dataset)
        grading = grader.grading()
        document = results_document(grading, dataset, split, sha256, problems, run)
        document["not_attempted"] = []
        rows_path = write_results(document, spool.lines(grading.configs), out)
    return ScoreRun(grading, problems, out, rows_path)


class Answers(Protocol):
    """Where each row's prediction comes from, one row at a time in dataset order."""

    models: set[str]
    samples: int  # predictions per row: 1, or the most lines an id has under --duplicates samples

    def takes(self, row: KeyRow) -> list[Prediction | None]:
        """The row's ``samples`` predictions, None where it has no more lines."""
        ...

    def finish(self, why: Callable[[str], tuple[str, str]]) -> tuple[list[InputProblem], str]:
        """The input problems (file order) and the sha256 of the predictions, once every row took its own."""
        ...

    def __enter__(self) -> Answers: ...

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None: ...


class FileAnswers:
    """The predictions file's line for each row (its index: ``index_predictions``)."""

    def __init__(self, index: PredictionIndex, samples: int | None = None) -> None:
        """``samples``: the samples each row should have (default: the most lines an id has)."""
        self.index = index
        self.models = index.models
        self.samples = samples or index.samples

    def takes(self, row: KeyRow) -> list[Prediction | None]:
        if self.samples == 1:
            return [self.index.take(row.id)]
        found: list[Prediction | None] = [*self.index.take_samples(row.id)]
        return found + [None] * (self.samples - len(found))  # a sample not given scores 0, as a missing row

    def finish(self, why: Callable[[str], tuple[str, str]]) -> tuple[list[InputProblem], str]:
        self.index.mark_untaken(why)  # the ids no row took: another config, another split, or unknown
        return self.index.problems, self.index.sha256

    def __enter__(self) -> FileAnswers:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.index.close()


class GoldAnswers:
    """The answer keys as predictions, made row by row; their sha256 is that of the file
    ``planarium answers --kind gold`` writes for the same rows."""

    def __init__(self) -> None:
        self.models = {"gold"}
        self.samples = 1
        self._digest = hashlib.sha256()
        self._line = 0

    def takes(self, row: KeyRow) -> list[Prediction | None]:
        return [self.take(row)]

    def take(self, row: KeyRow) -> Prediction:
        self._line += 1
        prediction = reference_prediction(row, self._line, "gold")
        self._digest.update(reference_line(prediction).encode() + b"\n")
        return prediction

    def finish(self, why: Callable[[str], tuple[str, str]]) -> tuple[list[InputProblem], str]:
        return [], self._digest.hexdigest()

    def __enter__(self) -> GoldAnswers:
        return self

    def __exit__(self, *exc_info: object) -> None:
        pass


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


def _progress(shards: KeyShards, shown: bool) -> Iterator[KeyRow]:
    rows = shards.rows()
    if not shown:
        return rows
    from tqdm import tqdm

    return iter(tqdm(rows, desc="scoring", unit="row", leave=False, total=shards.count()))


def _given(path: Path | None) -> Path:
    if path is None:
        raise ValueError("a predictions file is needed unless the gold answers are scored")
    return path


def why_not_scored(shards: KeyShards, configs: set[str] | None) -> Callable[[str], tuple[str, str]]:
    built = built_splits(shards.root)

    def why(prediction_id: str) -> tuple[str, str]:
        """Why an id is not among the rows scored: another config, another split, or unknown."""
        config, _, rest = prediction_id.partition("/")
        id_split = rest.partition("/")[0]
        if configs and config in built and config not in configs:
            return "not_selected", f"is in config {config!r}, which --configs left out"
        if config in built and id_split != shards.split and id_split in built[config]:
            return "unknown_id", f"is a {id_split!r} row, not {shards.split!r}; to score it: --split {id_split}"
        return "unknown_id", "is not in the dataset"

    return why
