"""The ground kind's metrics as ViPlan reports them: accuracy per predicate, their macro
mean (with appendix E eq. 2's error) and accuracy per true answer (appendix L)."""

from __future__ import annotations

import math

import pytest

from scorer.tasks.base import Judgement, Reason, ScoredRow
from scorer.tasks.ground import aggregate


def _row(predicate: str, truth: bool, said_yes: bool) -> ScoredRow:
    right = truth == said_yes
    judgement = Judgement(float(right), Reason.CORRECT if right else Reason.WRONG, "yes" if said_yes else "no")
    return ScoredRow(
        f"{predicate}-{truth}-{said_yes}", "simple", {"answer": truth}, {"predicate": predicate}, judgement
    )


def test_macro_accuracy_and_accuracy_per_true_answer() -> None:
    # "on": 4 questions, all right; "clear": 2 questions, one right. A model answering yes to clear.
    rows = [_row("on", t, t) for t in (True, False, True, False)]
    rows += [_row("clear", True, True), _row("clear", False, True)]
    metrics = {m.name: m for m in aggregate(rows)}
    assert metrics["accuracy"].value == pytest.approx(5 / 6)  # micro: every question counts once
    assert metrics["macro_accuracy"].value == pytest.approx((1.0 + 0.5) / 2)  # every predicate counts once
    assert metrics["macro_accuracy"].stderr == pytest.approx(math.sqrt(0.0 + 0.25 / 2) / 2)
    assert metrics["accuracy[truth=yes]"].value == 1.0 and metrics["accuracy[truth=yes]"].n == 3
    assert metrics["accuracy[truth=no]"].value == pytest.approx(2 / 3) and metrics["accuracy[truth=no]"].n == 3
