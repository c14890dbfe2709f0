"""Pure grading: predictions + answer keys -> a judgement per row and metrics per config.

No I/O here (SWE-bench's split of orchestration, grading and reporting). Missing rows
score 0 and are counted; a prediction of the wrong shape for its row is ``invalid``.

Two readings: ours (the default, which every metric uses) and, for the kinds that
declare one, the paper's own parser and evaluator (``TaskKind.paper``). Each config
reports the accuracy of both and how many rows they score differently. A reply's
``<think>`` block is removed before either reading (``scorer.tasks.think``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from scorer.dataset import KeyedDataset, KeyRow
from scorer.families import task_kinds
from scorer.predictions import Prediction
from scorer.report.stats import Metric, mean_stderr
from scorer.tasks import MISSING, Judgement, Reason, ScoredRow
from scorer.tasks.base import mean, rate
from scorer.tasks.think import strip_think

ALL = "all"
MEAN = "mean"  # the unweighted mean of the difficulty groups, with ViPlan's appendix E eq. 2 error
COUNTED_REASONS = (Reason.MISSING, Reason.UNPARSABLE, Reason.INVALID, Reason.UNDECIDED)


@dataclass
class ConfigReport:
    config: str
    task: str
    groups: dict[str, list[Metric]] = field(default_factory=dict)  # "all", a difficulty, or "mean" of them
    counts: dict[str, int] = field(default_factory=dict)
    # "ours" and "paper": the accuracy (mean score) of each reading; empty without a paper reading
    readings: dict[str, Metric] = field(default_factory=dict)
    paper_source: str = ""  # what the paper reading reproduces
    differing: int = 0  # rows the two readings score differently


@dataclass
class Grading:
    rows: list[tuple[KeyRow, Judgement]]
    configs: dict[str, ConfigReport]
    paper: dict[str, Judgement] = field(default_factory=dict)  # row id -> the paper's reading, where there is one


def grade(
    dataset: KeyedDataset,
    predictions: dict[str, Prediction],
    progress: Callable[[Iterable[KeyRow]], Iterable[KeyRow]] = lambda rows: rows,
) -> Grading:
    """``progress`` wraps the rows as they are judged (a progress bar on the command line)."""
    graded, paper = [], {}
    for row in progress(dataset.rows.values()):
        prediction = predictions.get(row.id)
        graded.append((row, judge_row(row, prediction)))
        paper_judgement = judge_row_paper(row, prediction)
        if paper_judgement is not None:
            paper[row.id] = paper_judgement
    by_config: dict[str, list[tuple[KeyRow, Judgement]]] = {}
    for row, judgement in graded:
        by_config.setdefault(row.config, []).append((row, judgement))
    reports = {name: _config_report(name, by_config[name], paper) for name in sorted(by_config)}
    return Grading(graded, reports, paper)


def judge_row(row: KeyRow, prediction: Prediction | None) -> Judgement:
    if prediction is None:
        return MISSING
    return task_kinds()[row.task].judge(row, _without_thinking(prediction))


def judge_row_paper(row: KeyRow, prediction: Prediction | None) -> Judgement | None:
    """The paper's reading of the row; None when its kind has none."""
    reading = task_kinds()[row.task].paper
    if reading is None:
        return None
    if prediction is None:
        return MISSING if reading.applies(row) else None
    return reading.judge(row, _without_thinking(prediction))


def _without_thinking(prediction: Prediction) -> Prediction:
    if prediction.response is None:
        return prediction  # an episode: its replies are stripped where the episode steps
    return replace(prediction, response=strip_think(prediction.response))


def _config_report(
    config: str, graded: list[tuple[KeyRow, Judgement]], paper: dict[str, Judgement] | None = None
) -> ConfigReport:
    task = graded[0][0].task
    scored = [ScoredRow(r.id, r.difficulty, r.answer_key, r.meta, v, r.domain) for r, v in graded]
    report = ConfigReport(config, task)
    _add_readings(report, graded, paper or {})
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


def _add_readings(report: ConfigReport, graded: list[tuple[KeyRow, Judgement]], paper: dict[str, Judgement]) -> None:
    """Our accuracy beside the paper's reading, where the config's rows have one."""
    reading = task_kinds()[report.task].paper
    if reading is None or not any(r.id in paper for r, _ in graded):
        return
    report.readings = _readings(graded, paper)
    first_row = graded[0][0]
    report.paper_source = reading.source(first_row) if callable(reading.source) else reading.source
    report.differing = sum(readings_differ(v, paper.get(r.id)) for r, v in graded)


def readings_differ(ours: Judgement, paper: Judgement | None) -> bool:
    """Whether the paper's reading scores the row differently from ours."""
    return paper is not None and paper.score != ours.score


def _readings(graded: list[tuple[KeyRow, Judgement]], paper: dict[str, Judgement]) -> dict[str, Metric]:
    pairs = [(v, paper[r.id]) for r, v in graded if r.id in paper]
    return {"ours": _accuracy([o.score for o, _ in pairs]), "paper": _accuracy([p.score for _, p in pairs])}


def _accuracy(scores: Sequence[float]) -> Metric:
    """The mean score: a rate when every score is 0 or 1 (its sqrt(p(1-p)/n) error), else a mean."""
    if all(score in (0.0, 1.0) for score in scores):
        return rate("accuracy", [score == 1.0 for score in scores])
    return mean("accuracy", scores)


def _difficulties(scored: list[ScoredRow]) -> list[str]:
    seen: dict[str, None] = {}
    for row in scored:
        seen.setdefault(row.difficulty, None)
    return list(seen)
