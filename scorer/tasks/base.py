"""What every task kind provides: judge one prediction, aggregate a config's rows,
and make the reference predictions (gold and wrong) that prove the harness.

A task module exposes a ``TaskKind``; the scoring run looks it up by the row's
``task`` field, so adding a kind never touches the scoring loop.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.tasks.stats import Metric, mean_stderr, rate_stderr, sample_stderr


class Reason(enum.StrEnum):
    """Why a row scored what it did. The value is what results files hold."""

    CORRECT = "correct"  # a question answered right
    WRONG = "wrong"  # a question answered, wrongly
    UNPARSABLE = "unparsable"  # no answer of the asked form in the reply
    INVALID = "invalid"  # an answer the question's rules refuse, or a prediction of the wrong shape
    UNDECIDED = "undecided"  # the scorer's bounds left the answer undecided (scored 0)
    MISSING = "missing"  # no prediction for the row
    SUCCESS = "success"  # an episode reached its goal
    FAILURE = "failure"  # an episode did not


@dataclass(frozen=True, slots=True)
class Judgement:
    """How one row scored: ``score`` in [0, 1], the ``reason``, what the scorer read
    from the prediction (``parsed``: an answer, an episode's outcome, counts), and
    ``detail``: the why in words, where the reason needs explaining."""

    score: float
    reason: Reason
    parsed: Any = None
    detail: str = ""


MISSING = Judgement(0.0, Reason.MISSING)
NOT_A_RESPONSE = Judgement(0.0, Reason.INVALID, detail="expected a text response for a question row, got an episode")


@dataclass(frozen=True, slots=True)
class ScoredRow:
    id: str
    difficulty: str
    answer_key: dict[str, Any]
    meta: dict[str, Any]
    judgement: Judgement
    domain: str = ""  # the row's domain: families add metrics of their own by it


@dataclass(frozen=True)
class AnswerFormat:
    """What a valid answer looks like, for guided decoding (``planarium eval --constrained``):
    a lark grammar (vLLM's ``guided_grammar``) or a JSON schema (``guided_json``)."""

    kind: str  # "grammar" | "json"
    text: str  # the grammar, or the schema as JSON text


@dataclass(frozen=True)
class PaperReading:
    """A kind's second reading: the paper's own parser and evaluator rules, reproduced
    exactly (quirks included), judged against the same key. ``score`` reports it beside
    ours and lists the rows where the two differ; ``source`` names what it reproduces
    (paper, section, and the code it follows). ``judge`` gives None for a row the paper's
    reading does not apply to (an episode mode with no paper parser)."""

    judge: Callable[[KeyRow, Prediction], Judgement | None]
    source: str | Callable[[KeyRow], str]  # or what it is for a config's rows, asked of its first
    # Whether the reading applies to a row with no prediction (it then scores it missing).
    applies: Callable[[KeyRow], bool] = lambda row: True


@dataclass(frozen=True)
class TaskKind:
    name: str
    judge: Callable[[KeyRow, Prediction], Judgement]
    aggregate: Callable[[Sequence[ScoredRow]], list[Metric]]
    # ("gold" | "wrong", row) -> the prediction fields: {"response": ...} or {"episode": ...}
    reference: Callable[[str, KeyRow], dict[str, Any]]
    # The system parts a prompt of this kind starts with (the paper's system message), so a
    # chat client can send them in the system role and the rest as the user's message.
    system_prompts: tuple[str, ...] = ()
    # (row, prompt column) -> the answer's format, or None when the kind has none to enforce.
    answer_format: Callable[[KeyRow, str], AnswerFormat | None] | None = None
    # The paper's own reading, where the kind has a paper whose parser differs from ours.
    paper: PaperReading | None = None
    # The meta keys ``aggregate`` reads; the scorer keeps only these of each row until the
    # config's metrics are made (None: the whole meta). A million rows then fit in memory.
    aggregate_meta: tuple[str, ...] | None = None
    # Whether judging a row replays or plans (milliseconds to seconds, where a look-up takes
    # microseconds): ``score --executor`` spreads such rows over its workers, the rest stay put.
    costly: bool = False


def question_judge(judge_text: Callable[[str, dict[str, Any]], Judgement]) -> Callable[[KeyRow, Prediction], Judgement]:
    """Adapt a judge of raw text to predictions: an episode line for a question is invalid."""

    def judge(row: KeyRow, prediction: Prediction) -> Judgement:
        if prediction.response is None:
            return NOT_A_RESPONSE
        return judge_text(prediction.response, row.answer_key)

    return judge


def rate(name: str, hits: Sequence[bool]) -> Metric:
    n = len(hits)
    if not n:  # a rate over nothing has no value: null in JSON, "-" in the table, never 0
        return Metric(name, None, None, 0)
    value = sum(hits) / n
    return Metric(name, value, rate_stderr(value, n), n)


def mean(name: str, values: Sequence[float]) -> Metric:
    n = len(values)
    if not n:
        return Metric(name, None, None, 0)
    value = sum(values) / n
    return Metric(name, value, sample_stderr(values) if n >= 2 else None, n)


def macro(name: str, parts: Sequence[Metric]) -> Metric:
    """The unweighted mean of ``parts`` (e.g. per-predicate accuracies, ViPlan's macro
    accuracy), its error propagated as ViPlan, appendix E eq. 2; parts without a value
    are left out."""
    valued = [m for m in parts if m.value is not None]
    if not valued:
        return Metric(name, None, None, 0)
    value = sum(m.value for m in valued if m.value is not None) / len(valued)
    errors = [m.stderr for m in valued if m.stderr is not None]
    stderr = mean_stderr(errors) if len(errors) == len(valued) else None
    return Metric(name, value, stderr, sum(m.n for m in valued))


def by_truth(name: str, hits: Sequence[bool], truths: Sequence[bool]) -> list[Metric]:
    """``name[truth=yes]`` and ``name[truth=no]``: the rate among questions whose true
    answer is yes, then no (ViPlan, appendix L: it exposes a bias to one answer)."""
    return [
        rate(f"{name}[truth={label}]", [hit for hit, truth in zip(hits, truths, strict=True) if truth == wanted])
        for label, wanted in (("yes", True), ("no", False))
    ]
