"""``planarium import viplan-results DIR --data FOLDER --out FOLDER``: ViPlan's released runs
of 16 VLMs replayed through Planarium, and the paper's numbers set beside ours.

For every submission (domain, experiment, method, model; its three splits together, as the
rows of the imported config hold all three difficulties) the import writes
``OUT/<domain>/<experiment>/<method>/<model>/predictions.jsonl`` (one episode log per
recorded episode, ``viplan_logs``) and scores it with ``score``'s own code, which writes
``results.json`` and its rows file beside it. Nothing of ViPlan's metrics is copied: every
Planarium number is read back from what ``score`` wrote. ``OUT/reproduction.csv`` then holds
one line per run and metric, ViPlan's number beside ours (``viplan_reproduce``).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from scorer.episodes.recorded import ViplanRuns
from scorer.executors import Executor
from scorer.io import atomic
from scorer.io.dataset import KeyRow, load_keys
from scorer.released.viplan_logs import UNRECORDED_REPLY, grounder_log, planner_log
from scorer.released.viplan_reproduce import ReproductionLine, reproduction_lines
from scorer.released.viplan_runs import RunFile, adapters, episodes, run_files


@dataclass(frozen=True)
class Submission:
    """One submission folder's runs (one per split) and where it goes."""

    runs: tuple[RunFile, ...]
    data: Path
    out: Path

    @property
    def first(self) -> RunFile:
        return self.runs[0]

    @property
    def folder(self) -> Path:
        domain, experiment, method, model = self.first.submission
        return self.out / domain / experiment / method / model


def submissions(directory: Path, data: Path, out: Path, only: Sequence[str] = ()) -> list[Submission]:
    """The runs of ``directory`` grouped by submission; ``only``: keep runs whose path holds
    every one of these words (a subset for tests and quick looks)."""
    known = adapters()
    grouped: dict[tuple[str, ...], list[RunFile]] = defaultdict(list)
    for run in run_files(directory):
        if run.domain in known and all(word in run.path.as_posix() for word in only):
            grouped[run.submission].append(run)
    return [Submission(tuple(runs), data, out) for _, runs in sorted(grouped.items())]


def replay_submission(submission: Submission) -> list[ReproductionLine]:
    """Write the submission's logs, score them, and compare each run's numbers with ViPlan's."""
    from scorer.scoring.run import score_file  # here: scoring imports every family

    runs = adapters()[submission.first.domain]
    rows = rows_by_key(submission.data, runs.config)
    logs, reported = [], {}
    for run in submission.runs:
        document = run.load()
        reported[run.split] = document
        logs += [_log(run, _row(rows, key, run), record, runs) for key, record in episodes(document).items()]
    folder = submission.folder
    folder.mkdir(parents=True, exist_ok=True)
    predictions = folder / "predictions.jsonl"
    atomic.write_lines(predictions, (json.dumps(log, sort_keys=True) for log in logs))
    scored = score_file(predictions, submission.data, folder / "results.json", configs={runs.config})
    untaken = {log["id"]: log["episode"]["replies"].count(UNRECORDED_REPLY) for log in logs}
    return reproduction_lines(submission.runs, reported, scored.rows_path, rows, untaken, runs.simulator_departure)


def _log(run: RunFile, row: KeyRow, record: Any, runs: ViplanRuns) -> dict[str, Any]:
    if run.method == "vila":
        return planner_log(run, row, record, runs)
    return grounder_log(run, row, record, runs)


@lru_cache(maxsize=4)
def rows_by_key(data: Path, config: str) -> dict[str, KeyRow]:
    """The config's rows by the end of their key in ViPlan's results files."""
    runs = next(r for r in adapters().values() if r.config == config)
    return {runs.episode_key(row.meta): row for row in load_keys(data, "test", {config}).rows.values()}


def _row(rows: dict[str, KeyRow], key: str, run: RunFile) -> KeyRow:
    for suffix, row in rows.items():
        if key.endswith(suffix):
            return row
    raise ValueError(f"{run.path}: episode {key!r} is no row of the imported config (run `planarium import viplan`)")


def replay_all(items: Sequence[Submission], executor: Executor, show_progress: bool) -> list[ReproductionLine]:
    """Every submission replayed (in parallel over ``executor``), its lines in a stable order."""
    done = executor.map(replay_submission, list(items), desc="submissions", show_progress=show_progress)
    return [line for lines in done for line in lines]
