"""Task kind ``acp``: the eight generative questions of ACPBench Hard (seed 002).

A row's ``task`` is "acp", its ``difficulty`` and ``meta["acp_task"]`` the
question kind (app, prog, reach, areach, val, just, land, nexta) and
``meta["domain"]`` the planning domain. Metrics, per group (all rows, then
each kind as a difficulty): accuracy, which per kind group is seed 002's
table 2; accuracy per domain, which within a kind group is the domain x kind cell of
seed 002 figure 3; and the rate of undecided answers (a planner bound was
hit; scored 0). Standard errors are sqrt(p(1-p)/n).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.dataset import KeyRow
from scorer.predictions import Prediction
from scorer.report.stats import Metric
from scorer.tasks.base import NOT_A_RESPONSE, Judgement, Reason, ScoredRow, TaskKind, rate

from .judge import judge_text
from .reference import gold_answer, wrong_answer

KINDS = ("app", "prog", "reach", "areach", "val", "just", "land", "nexta")


def judge(row: KeyRow, prediction: Prediction) -> Judgement:
    # Not base.question_judge: that passes only the key, and ours needs the row's PDDL and meta.
    if prediction.response is None:
        return NOT_A_RESPONSE
    return judge_text(row, prediction.response)


def aggregate(rows: Sequence[ScoredRow]) -> list[Metric]:
    # Accuracy per kind (seed 002 table 2) is the plain accuracy of each kind's group.
    metrics = [rate("accuracy", [_hit(r) for r in rows])]
    for domain in sorted({r.meta["domain"] for r in rows}):
        metrics.append(rate(f"accuracy[{domain}]", [_hit(r) for r in rows if r.meta["domain"] == domain]))
    metrics.append(rate("undecided", [r.judgement.reason is Reason.UNDECIDED for r in rows]))
    return metrics


def _hit(row: ScoredRow) -> bool:
    return row.judgement.score == 1.0


def reference(kind: str, row: KeyRow) -> dict[str, Any]:
    acp_kind = row.meta["acp_task"]
    text = gold_answer(acp_kind, row.answer_key) if kind == "gold" else wrong_answer(acp_kind, row.answer_key)
    return {"response": text}


ACP = TaskKind("acp", judge, aggregate, reference)
