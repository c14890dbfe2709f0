"""Pure grading: predictions + answer keys -> a judgement per row and metrics per config.

No I/O here (SWE-bench's split of orchestration, grading and reporting). Missing rows
score 0 and are counted; a prediction of the wrong shape for its row is ``invalid``.

Two readings: ours and, for the kinds that declare one, the paper's own parser and
evaluator (``TaskKind.paper``). A config's metrics count one of them, its headline reading
(``scorer.registry.headline_reading``): the paper's for a config made from the paper's own
data, so its numbers compare with the paper's tables; ours for Planarium's generated
configs. Each config reports the accuracy of both and how many rows they score
differently. A reply's ``<think>`` block is removed before our reading
(``scorer.readers.think``); the paper's reading sees the reply whole, as the papers' code did.
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any

from scorer.episodes.protocol import merged_departures
from scorer.executors import Executor, in_process
from scorer.io.dataset import KeyedDataset, KeyRow
from scorer.io.predictions import MAX_REPLY_CHARS, Prediction
from scorer.readers.think import strip_think
from scorer.registry import headline_reading, task_kinds
from scorer.registry.listing import OUR_READING, PAPER_READING
from scorer.scoring.samples import HEADLINES, with_samples
from scorer.tasks import MISSING, Judgement, Reason, ScoredRow, TaskKind
from scorer.tasks.base import mean, rate
from scorer.tasks.stats import Metric, mean_stderr

ALL = "all"
MEAN = "mean"  # the unweighted mean of the difficulty groups, with ViPlan's appendix E eq. 2 error
COUNTED_REASONS = (Reason.MISSING, Reason.UNPARSABLE, Reason.INVALID, Reason.UNDECIDED)
# Equal judgements (and equal trimmed metas) are one object, so a million rows answered
# "yes" hold one Judgement; this many distinct values are shared, the rest kept per row.
SHARED_VALUES_MAX = 4096


@dataclass
class ConfigReport:
    config: str
    task: str
    groups: dict[str, list[Metric]] = field(default_factory=dict)  # "all", a difficulty, or "mean" of them
    counts: dict[str, int] = field(default_factory=dict)
    # "ours" and "paper": the accuracy (mean score) of each reading; empty without a paper reading
    readings: dict[str, Metric] = field(default_factory=dict)
    reading: str = OUR_READING  # the reading its metrics count (``Judged.reading`` of every row)
    paper_source: str = ""  # what the paper reading reproduces
    differing: int = 0  # rows the two readings score differently
    # The settings its rows' logs set off their defaults (scorer.episodes.protocol.merged_departures)
    departures: dict[str, Any] = field(default_factory=dict)
    samples: int = 1  # samples per row (score --duplicates samples): its headline is their mean, with pass@k


@dataclass(frozen=True)
class Judged:
    """A row's readings, the headline first: ``headline`` is the judgement its config's
    metrics count, made by ``reading``; ``other`` the other reading's (None where the row's
    kind has no paper reading)."""

    headline: Judgement
    other: Judgement | None = None
    reading: str = OUR_READING

    @property
    def other_reading(self) -> str:
        return OUR_READING if self.reading == PAPER_READING else PAPER_READING

    @property
    def ours(self) -> Judgement:
        return self.headline if self.reading == OUR_READING or self.other is None else self.other

    @property
    def paper(self) -> Judgement | None:
        return self.headline if self.reading == PAPER_READING else self.other


@dataclass
class Grading:
    rows: list[tuple[KeyRow, Judgement]]  # each row's headline judgement; empty when told not to keep them
    configs: dict[str, ConfigReport]
    judged: dict[str, Judged] = field(default_factory=dict)  # row id -> both readings, where there are two

    def readings_of(self, row: KeyRow, headline: Judgement) -> Judged:
        """The row's readings, its headline judgement alone where it has one reading."""
        return self.judged.get(row.id) or Judged(headline)


def grade(
    dataset: KeyedDataset,
    predictions: dict[str, Prediction],
    progress: Callable[[Iterable[KeyRow]], Iterable[KeyRow]] = lambda rows: rows,
    executor: Executor | None = None,
) -> Grading:
    """``progress`` wraps the rows as they are judged (a progress bar on the command line);
    ``executor`` judges the costly rows (as ``score --executor``); the grading is the same."""
    grader = Grader()
    for window in row_windows(iter(progress(dataset.rows.values()))):
        pairs = [(row, predictions.get(row.id)) for row in window]
        for (row, _), judged in zip(pairs, judged_pairs(grader, pairs, executor or in_process()), strict=True):
            grader.record(row, *judged)
    return grader.grading()


WINDOW_ROWS = 256  # rows read ahead together: the costly among them go to the executor as one map


def row_windows(rows: Iterator[KeyRow]) -> Iterator[list[KeyRow]]:
    """The rows, WINDOW_ROWS at a time."""
    while window := list(islice(rows, WINDOW_ROWS)):
        yield window


def judged_pairs(
    grader: Grader, pairs: list[tuple[KeyRow, Prediction | None]], executor: Executor
) -> list[tuple[Judgement, Judgement | None]]:
    """Both readings of each pair, in order: the costly ones on the executor's workers, the rest here."""
    costly = [index for index, pair in enumerate(pairs) if executor.workers > 1 and grader.costly(*pair)]
    elsewhere = dict(zip(costly, executor.map(judge_pair, [pairs[i] for i in costly]) if costly else [], strict=True))
    return [elsewhere[index] if index in elsewhere else grader.judge(*pair) for index, pair in enumerate(pairs)]


@dataclass
class _Tally:
    """What one config's report is made from, gathered a row at a time."""

    task: str
    first_row: KeyRow  # the paper reading's source is asked of it
    reading: str  # the config's headline reading (scorer.registry.headline_reading)
    scored: list[ScoredRow] = field(default_factory=list)
    reasons: Counter[Reason] = field(default_factory=Counter)
    ours: array[float] = field(default_factory=lambda: array("d"))  # our score of each row the paper reads ...
    paper: array[float] = field(default_factory=lambda: array("d"))  # ... and the paper's


class Grader:
    """Judges rows one at a time (in both readings) and keeps, per config, only what its
    metrics need: a ScoredRow with the meta keys its kind aggregates (``TaskKind.aggregate_meta``).
    With ``keep_rows`` it also keeps every (row, judgement) and paper judgement for the
    consumers that read them all (heat maps, the HTML report)."""

    def __init__(self, keep_rows: bool = True, samples: int = 1) -> None:
        """``samples``: how many samples of each row are recorded, one after the other
        (``score --duplicates samples``); 1 is one judgement per row."""
        self.keep_rows = keep_rows
        self.samples = samples
        self.kinds = task_kinds()
        self.tallies: dict[str, _Tally] = {}
        self.rows: list[tuple[KeyRow, Judgement]] = []
        self.judged: dict[str, Judged] = {}
        self._shared: dict[Hashable, Any] = {}

    def add(self, row: KeyRow, prediction: Prediction | None) -> Judged:
        """Judge ``row`` (its prediction None when there is none): ours and the paper's reading."""
        return self.record(row, *self.judge(row, prediction))

    def judge(self, row: KeyRow, prediction: Prediction | None) -> tuple[Judgement, Judgement | None]:
        """Both readings of the row, here (``judge_pair`` in another worker), not yet counted."""
        kind = self.kinds[row.task]
        return _judge(kind, row, prediction), _judge_paper(kind, row, prediction)

    def costly(self, row: KeyRow, prediction: Prediction | None) -> bool:
        """Whether judging the row is worth sending to another worker (``TaskKind.costly``)."""
        return prediction is not None and self.kinds[row.task].costly

    def record(self, row: KeyRow, judgement: Judgement, paper: Judgement | None) -> Judged:
        """Count a row judged elsewhere (``judge_pair``), as ``add`` counts the rows it judges."""
        kind = self.kinds[row.task]
        tally = self.tallies.get(row.config) or self.tallies.setdefault(
            row.config, _Tally(row.task, row, headline_reading(row.config))
        )
        judged = _headline_first(self._share(judgement), paper, tally.reading)
        tally.scored.append(
            ScoredRow(row.id, row.difficulty, row.answer_key, self._meta(kind, row), judged.headline, row.domain)
        )
        tally.reasons[judged.headline.reason] += 1
        if paper is not None:
            tally.ours.append(judgement.score)
            tally.paper.append(paper.score)
        if self.keep_rows:
            self.rows.append((row, judged.headline))
            if paper is not None:
                self.judged[row.id] = judged
        return judged

    def grading(self, configs: Collection[str] | None = None) -> Grading:
        """The reports of ``configs`` (default: every config seen), in name order."""
        names = sorted(self.tallies if configs is None else configs)
        reports = {name: _config_report(name, self.tallies[name], self.kinds, self.samples) for name in names}
        if configs is None:
            return Grading(self.rows, reports, self.judged)
        rows = [(row, judgement) for row, judgement in self.rows if row.config in reports]
        return Grading(rows, reports, {row.id: self.judged[row.id] for row, _ in rows if row.id in self.judged})

    def _meta(self, kind: TaskKind, row: KeyRow) -> dict[str, Any]:
        if kind.aggregate_meta is None:
            return row.meta
        return self._share({key: row.meta[key] for key in kind.aggregate_meta if key in row.meta})

    def _share(self, value: Any) -> Any:
        """The one object equal to ``value`` (a Judgement or a trimmed meta), where sharing it
        cannot change what is written (equal values of equal types only)."""
        key = _share_key(value)
        if key is None:
            return value
        shared = self._shared.get(key)
        if shared is not None:
            return shared
        if len(self._shared) < SHARED_VALUES_MAX:
            self._shared[key] = value
        return value


def _headline_first(ours: Judgement, paper: Judgement | None, reading: str) -> Judged:
    """The row's readings with the config's headline reading first; ours where the paper's
    reading does not apply to the row (an episode mode with no paper parser)."""
    if paper is None:
        return Judged(ours)
    if reading == PAPER_READING:
        return Judged(paper, ours, PAPER_READING)
    return Judged(ours, paper, OUR_READING)


def _share_key(value: Judgement | dict[str, Any]) -> Hashable | None:
    # Typed keys: 1 == 1.0 == True, yet each is written differently to the rows file.
    if isinstance(value, Judgement):
        plain = value.parsed is None or type(value.parsed) is str
        return (type(value.score), value) if plain else None
    plain = all(type(item) is str for item in value.values())
    return ("meta", *value.items()) if plain else None


def judge_pair(pair: tuple[KeyRow, Prediction | None]) -> tuple[Judgement, Judgement | None]:
    """Both readings of one (row, prediction): what a worker of ``score --executor`` runs."""
    row, prediction = pair
    kind = task_kinds()[row.task]
    return _judge(kind, row, prediction), _judge_paper(kind, row, prediction)


def judge_row(row: KeyRow, prediction: Prediction | None) -> Judgement:
    return _judge(task_kinds()[row.task], row, prediction)


def judge_row_paper(row: KeyRow, prediction: Prediction | None) -> Judgement | None:
    """The paper's reading of the row; None when its kind has none."""
    return _judge_paper(task_kinds()[row.task], row, prediction)


def _judge(kind: TaskKind, row: KeyRow, prediction: Prediction | None) -> Judgement:
    if prediction is None:
        return MISSING
    return _too_long(prediction) or kind.judge(row, _without_thinking(prediction))


def _judge_paper(kind: TaskKind, row: KeyRow, prediction: Prediction | None) -> Judgement | None:
    reading = kind.paper
    if reading is None:
        return None
    if prediction is None:
        return MISSING if reading.applies(row) else None
    # the papers' parsers read the raw reply, think block and all
    return _too_long(prediction) or reading.judge(row, prediction)


def _too_long(prediction: Prediction) -> Judgement | None:
    """A reply past MAX_REPLY_CHARS is invalid at once: no parser's work grows with a flood."""
    length = len(prediction.response or "")
    if length <= MAX_REPLY_CHARS:
        return None
    return Judgement(
        0.0, Reason.INVALID, detail=f"the reply has {length:,} characters; at most {MAX_REPLY_CHARS:,} are read"
    )


def _without_thinking(prediction: Prediction) -> Prediction:
    if prediction.response is None:
        return prediction  # an episode: its replies are stripped where the episode steps
    response = strip_think(prediction.response)
    return prediction if response is prediction.response else replace(prediction, response=response)


def _config_report(config: str, tally: _Tally, kinds: dict[str, TaskKind], samples: int = 1) -> ConfigReport:
    kind = kinds[tally.task]
    scored = tally.scored
    report = ConfigReport(config, tally.task, departures=merged_departures(s.judgement.parsed for s in scored))
    report.reading = _config_reading(tally)
    report.samples = samples
    _add_readings(report, tally, kind)
    aggregate = kind.aggregate if samples == 1 else _sampled_aggregate(kind, samples)
    report.groups[ALL] = aggregate(scored)
    difficulties = _difficulties(scored)
    for difficulty in difficulties:
        report.groups[difficulty] = aggregate([s for s in scored if s.difficulty == difficulty])
    if len(difficulties) > 1:
        report.groups[MEAN] = mean_of_groups([report.groups[d] for d in difficulties])
    report.counts = {"n": len(scored) // samples, **{reason.value: tally.reasons[reason] for reason in COUNTED_REASONS}}
    if samples > 1:
        report.counts["samples"] = len(scored)  # the reasons count samples, n rows
    return report


def _sampled_aggregate(kind: TaskKind, samples: int) -> Callable[[Sequence[ScoredRow]], list[Metric]]:
    """The kind's aggregate over every sample, its headline made the mean over each row's
    ``samples`` samples with its error over rows, and pass@k (``scorer.scoring.samples``).
    A sample's headline value is the kind's own headline of it alone, so what counts as
    correct is the kind's to say."""

    def aggregate(scored: Sequence[ScoredRow]) -> list[Metric]:
        metrics = kind.aggregate(scored)
        headline = next((name for name in HEADLINES if any(m.name == name for m in metrics)), None)
        if headline is None:
            return metrics
        rows = [scored[start : start + samples] for start in range(0, len(scored), samples)]
        values = [[_headline_value(kind, sample, headline) for sample in row] for row in rows]
        return with_samples(metrics, headline, values, samples)

    return aggregate


def _headline_value(kind: TaskKind, sample: ScoredRow, headline: str) -> float:
    found = next((m.value for m in kind.aggregate([sample]) if m.name == headline), None)
    return float(found) if found is not None else 0.0


def _config_reading(tally: _Tally) -> str:
    """The reading a config's metrics count: its headline reading where every row has it; a
    row the paper's reading does not apply to (an episode mode with no paper parser) counts
    ours, and the rows file's ``reading`` says which, row by row."""
    read, total = len(tally.paper), len(tally.scored)
    if tally.reading == OUR_READING or read == total:
        return tally.reading
    if read == 0:
        return OUR_READING
    return f"{tally.reading} on {read} of {total} rows, {OUR_READING} on the rest"


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


def _add_readings(report: ConfigReport, tally: _Tally, kind: TaskKind) -> None:
    """Our accuracy beside the paper's reading, where the config's rows have one."""
    reading = kind.paper
    if reading is None or not tally.paper:
        return
    report.readings = {"ours": _accuracy(tally.ours), "paper": _accuracy(tally.paper)}
    report.paper_source = reading.source(tally.first_row) if callable(reading.source) else reading.source
    report.differing = sum(ours != paper for ours, paper in zip(tally.ours, tally.paper, strict=True))


def readings_differ(ours: Judgement, paper: Judgement | None) -> bool:
    """Whether the paper's reading scores the row differently from ours."""
    return paper is not None and paper.score != ours.score


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
