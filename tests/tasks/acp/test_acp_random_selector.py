"""ACPBench Hard, table 7's last row: a random pick among the applicable actions."""

from __future__ import annotations

import pytest

from scorer.tasks.acp.kind import random_selector
from scorer.tasks.base import Judgement, Reason, ScoredRow


def _nexta(domain: str, applicable: int, yes: int, complete: bool = True) -> ScoredRow:
    key = {"applicable": [f"(a{i})" for i in range(applicable)], "yes": [f"(a{i})" for i in range(yes)]}
    meta = {"acp_task": "nexta", "domain": domain}
    return ScoredRow("r", "nexta", {**key, "complete": complete}, meta, Judgement(0.0, Reason.WRONG))


def test_the_share_of_goal_closing_actions_per_question_averaged_per_domain() -> None:
    rows = [_nexta("ferry", 4, 1), _nexta("ferry", 2, 1), _nexta("grid", 10, 1), _nexta("grid", 5, 5, complete=False)]
    metrics = {m.name: m for m in random_selector(rows)}
    assert metrics["nexta_random_selector[ferry]"].value == pytest.approx((0.25 + 0.5) / 2)
    assert metrics["nexta_random_selector[grid]"].value == pytest.approx(0.1)  # the incomplete key is left out
    assert metrics["nexta_random_selector"].value == pytest.approx((0.25 + 0.5 + 0.1) / 3)
    assert metrics["nexta_random_selector"].n == 3


def test_other_kinds_have_no_random_selector() -> None:
    row = ScoredRow(
        "r", "app", {"applicable": ["(a)"]}, {"acp_task": "app", "domain": "ferry"}, Judgement(1.0, Reason.CORRECT)
    )
    assert random_selector([row]) == []
