"""Task kind ``acp``: the eight generative questions of ACPBench Hard.

A row's ``task`` is "acp", its ``difficulty`` and ``meta["acp_task"]`` the
question kind (app, prog, reach, areach, val, just, land, nexta) and
``meta["domain"]`` the planning domain. Metrics, per group (all rows, then
each kind as a difficulty): accuracy, which per kind group is ACPBench Hard's
table 2; accuracy per domain, which within a kind group is the domain x kind cell of
ACPBench Hard, figure 3; and the rate of undecided answers (a planner bound was
hit; scored 0). Standard errors are sqrt(p(1-p)/n). The paper reading is ACPBench
Hard's own parser and evaluator (``paper_judge.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.pddl import PDDLError, split_init
from scorer.tasks.base import NOT_A_RESPONSE, Judgement, PaperReading, Reason, ScoredRow, TaskKind, mean, rate
from scorer.tasks.stats import Metric

from .answer_format import answer_format
from .judge import Case
from .paper_judge import SOURCE, judge_paper
from .parse import parse_answer
from .question_kinds import acp_kind
from .vocabulary import Vocabulary

Key = dict[str, Any]


def judge(row: KeyRow, prediction: Prediction) -> Judgement:
    # Not base.question_judge: that passes only the key, and ours needs the row's PDDL and meta.
    if prediction.response is None:
        return NOT_A_RESPONSE
    return judge_text(row, prediction.response)


def judge_text(row: KeyRow, text: str) -> Judgement:
    """Parse the reply, refuse a PDDL formula, then the kind's own judge (``judge.py``)."""
    declared = acp_kind(row.meta["acp_task"])
    answer = parse_answer(declared.name, text)
    if answer is None:
        return Judgement(0.0, Reason.UNPARSABLE, None, f"no {declared.form.replace('_', ' ')} answer found")
    if answer.formula is not None:
        return Judgement(0.0, Reason.INVALID, answer.formula, "a PDDL formula, not a ground proposition or action")
    key = row.answer_key
    case = Case(row, key, Vocabulary.from_json(key["vocabulary"]), answer)
    try:
        return declared.judge(case)
    except (PDDLError, ValueError) as error:  # the row's own PDDL, not the reply, failed
        return Judgement(0.0, Reason.UNDECIDED, None, f"undecided: the row's PDDL could not be used: {error}")


def aggregate(rows: Sequence[ScoredRow]) -> list[Metric]:
    # Accuracy per kind (ACPBench Hard, table 2) is the plain accuracy of each kind's group.
    metrics = [rate("accuracy", [_hit(r) for r in rows])]
    for domain in sorted({r.meta["domain"] for r in rows}):
        metrics.append(rate(f"accuracy[{domain}]", [_hit(r) for r in rows if r.meta["domain"] == domain]))
    metrics.append(rate("undecided", [r.judgement.reason is Reason.UNDECIDED for r in rows]))
    return metrics + random_selector(rows)


def random_selector(rows: Sequence[ScoredRow]) -> list[Metric]:
    """What picking an applicable action at random scores on next-action questions
    (ACPBench Hard, table 7's last row): per question, the share of its applicable
    actions that bring the goal closer; over its complete keys (where that share is known)."""
    shares: dict[str, list[float]] = {}
    for row in rows:
        key = row.answer_key
        if row.meta.get("acp_task") == "nexta" and key.get("complete") and key.get("applicable"):
            shares.setdefault(row.meta["domain"], []).append(len(key["yes"]) / len(key["applicable"]))
    if not shares:
        return []
    metrics = [mean("nexta_random_selector", [s for domain in sorted(shares) for s in shares[domain]])]
    return metrics + [mean(f"nexta_random_selector[{domain}]", shares[domain]) for domain in sorted(shares)]


def _hit(row: ScoredRow) -> bool:
    return row.judgement.score == 1.0


def reference(kind: str, row: KeyRow) -> dict[str, Any]:
    question = row.meta["acp_task"]
    text = gold_answer(question, row.answer_key) if kind == "gold" else _wrong_in_both_readings(row)
    return {"response": text}


def _wrong_in_both_readings(row: KeyRow) -> str:
    """The kind's wrong answer; for an imported key (``source_answer``) whose own answers the
    paper's reading judges, the first of the key's other answers that neither reading credits
    (where the source key says None but ours proves an answer exists, None is right to the paper)."""
    question, key = row.meta["acp_task"], row.answer_key
    text = wrong_answer(question, key)
    if "source_answer" not in key or _credited(row, text) == 0.0:
        return text
    known = [*key.get("reachable", []), *key.get("trivial", []), *key.get("non_landmarks", []), *key.get("no", [])]
    held = split_init(row.problem_pddl)  # what holds now is reachable
    candidates = [*known, *(held[1] if held else [])]
    return next((other for other in candidates if _credited(row, other) == 0.0), text)


def _credited(row: KeyRow, text: str) -> float:
    """The best score either reading gives ``text``."""
    prediction = Prediction(row.id, 0, text, None, "reference")
    return max(judge(row, prediction).score, judge_paper(row, prediction).score)


def gold_answer(kind: str, key: Key) -> str:
    """An answer that scores 1: an imported key's own gold answer, else the kind's (``reference.py``)."""
    if "source_answer" in key:
        return str(key["source_answer"])
    return acp_kind(kind).gold(key)


def wrong_answer(kind: str, key: Key) -> str:
    return acp_kind(kind).wrong(key)


ACP = TaskKind(
    "acp",
    judge,
    aggregate,
    reference,
    answer_format=answer_format,
    paper=PaperReading(judge_paper, SOURCE),
    costly=True,  # an answer the key leaves open is decided by search or a planner call
)
