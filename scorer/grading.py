"""Pure grading: predictions + answer keys -> a judgement per row and metrics per config.

No I/O here (SWE-bench's split of orchestration, grading and reporting). Missing rows
score 0 and are counted; a prediction of the wrong shape for its row is ``invalid``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from scorer.dataset import KeyedDataset, KeyRow
from scorer.families import task_kinds
from scorer.predictions import Prediction
from scorer.report.stats import Metric
from scorer.tasks import MISSING, Judgement, Reason, ScoredRow

ALL = "all"
COUNTED_REASONS = (Reason.MISSING, Reason.UNPARSABLE, Reason.INVALID, Reason.UNDECIDED)


@dataclass
class ConfigReport:
    config: str
    task: str
    groups: dict[str, list[Metric]] = field(default_factory=dict)  # "all" or a difficulty
    counts: dict[str, int] = field(default_factory=dict)


@dataclass
class Grading:
    rows: list[tuple[KeyRow, Judgement]]
    configs: dict[str, ConfigReport]


def grade(
    dataset: KeyedDataset,
    predictions: dict[str, Prediction],
    progress: Callable[[Iterable[KeyRow]], Iterable[KeyRow]] = lambda rows: rows,
) -> Grading:
    """``progress`` wraps the rows as they are judged (a progress bar on the command line)."""
    graded = [(row, judge_row(row, predictions.get(row.id))) for row in progress(dataset.rows.values())]
    by_config: dict[str, list[tuple[KeyRow, Judgement]]] = {}
    for row, judgement in graded:
        by_config.setdefault(row.config, []).append((row, judgement))
    reports = {name: _config_report(name, by_config[name]) for name in sorted(by_config)}
    return Grading(graded, reports)


def judge_row(row: KeyRow, prediction: Prediction | None) -> Judgement:
    if prediction is None:
        return MISSING
    return task_kinds()[row.task].judge(row, prediction)


def _config_report(config: str, graded: list[tuple[KeyRow, Judgement]]) -> ConfigReport:
    task = graded[0][0].task
    scored = [ScoredRow(r.id, r.difficulty, r.answer_key, r.meta, v, r.domain) for r, v in graded]
    report = ConfigReport(config, task)
    report.groups[ALL] = task_kinds()[task].aggregate(scored)
    for difficulty in _difficulties(scored):
        report.groups[difficulty] = task_kinds()[task].aggregate([s for s in scored if s.difficulty == difficulty])
    reasons = Counter(v.reason for _, v in graded)
    report.counts = {"n": len(graded), **{reason.value: reasons[reason] for reason in COUNTED_REASONS}}
    return report


def _difficulties(scored: list[ScoredRow]) -> list[str]:
    seen: dict[str, None] = {}
    for row in scored:
        seen.setdefault(row.difficulty, None)
    return list(seen)
