"""Pure grading: predictions + answer keys -> a judgement per row and metrics per config.

No I/O here (SWE-bench's split of orchestration, grading and reporting). Missing rows
score 0 and are counted; a prediction of the wrong shape for its row is ``invalid``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from scorer.dataset import KeyedDataset, KeyRow
from scorer.families import task_kinds
from scorer.predictions import Prediction
from scorer.report.stats import Metric, mean_stderr
from scorer.tasks import MISSING, Judgement, Reason, ScoredRow

ALL = "all"
MEAN = "mean"  # the unweighted mean of the difficulty groups, with ViPlan's appendix E eq. 2 error
COUNTED_REASONS = (Reason.MISSING, Reason.UNPARSABLE, Reason.INVALID, Reason.UNDECIDED)


@dataclass
class ConfigReport:
    config: str
    task: str
    groups: dict[str, list[Metric]] = field(default_factory=dict)  # "all", a difficulty, or "mean" of them
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
    difficulties = [report.groups[d] for d in _difficulties(scored)]
    if len(difficulties) > 1:
        report.groups[MEAN] = mean_of_groups(difficulties)
    reasons = Counter(v.reason for _, v in graded)
    report.counts = {"n": len(graded), **{reason.value: reasons[reason] for reason in COUNTED_REASONS}}
    return report


def mean_of_groups(groups: list[list[Metric]]) -> list[Metric]:
    """Each metric every group has a value of, averaged with equal weight per group:
    ViPlan's "average over difficulty splits", whose error is appendix E eq. 2,
    sqrt(sum e_i^2) / m (None when a group's error is unknown). Pooling the rows ("all")
    weights a group by its size instead."""
    by_name = [{m.name: m for m in metrics} for metrics in groups]
    averaged = []
    for name in by_name[0]:
        found = [group.get(name) for group in by_name]
        values = [m.value for m in found if m is not None and m.value is not None]
        if len(values) < len(groups):
            continue
        errors = [m.stderr for m in found if m is not None and m.stderr is not None]
        stderr = mean_stderr(errors) if len(errors) == len(groups) else None
        averaged.append(Metric(name, math.fsum(values) / len(values), stderr, sum(m.n for m in found if m)))
    return averaged


def _difficulties(scored: list[ScoredRow]) -> list[str]:
    seen: dict[str, None] = {}
    for row in scored:
        seen.setdefault(row.difficulty, None)
    return list(seen)
