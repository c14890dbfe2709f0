"""What the ``episode`` task kind adds for kitchen episodes (AsgardBench's scores).

Beside the shared ones (success, steps, ...): the fraction of goals reached (its
partial credit), the step ratio to the expert plan over successful episodes, the
undoable and unparsable rates per step, and the share of episodes ending by each of its
termination reasons as it counts them (``end[Max_Steps]`` holds the hard-limit endings too,
``end[Hit_Hard_Limit]`` those alone). Results come per task type (the rows' difficulty) like every
metric. Rates carry sqrt(p(1-p)/n), means the sample standard error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.families.kitchen import strings as S
from scorer.tasks.base import ScoredRow, mean, rate
from scorer.tasks.stats import Metric

END_REASONS = (S.SUCCESS, S.MAX_REPEATS, S.MAX_FAILURES, S.MAX_STEPS, S.HARD_LIMIT)


def kitchen_metrics(rows: Sequence[ScoredRow]) -> list[Metric]:
    outcomes = _outcomes(rows)
    metrics = [mean("goals_reached", [o["goals_reached"] for o in outcomes])]
    metrics.append(mean("step_ratio", [o["step_ratio"] for o in outcomes if o["step_ratio"] is not None]))
    steps = [o for o in outcomes if o["steps"]]
    metrics.append(mean("undoable_rate", [o["undoable"] / o["steps"] for o in steps]))
    metrics.append(mean("unparsable_rate", [o["unparsable"] / o["steps"] for o in steps]))
    metrics += [rate(f"end[{reason}]", [_ended_by(o, reason) for o in outcomes]) for reason in END_REASONS]
    return metrics


def _ended_by(outcome: dict[str, Any], reason: str) -> bool:
    """AsgardBench's count: its ``fail_reason`` is Max_Steps at the soft limit and at the hard
    one alike (the hard limit is its step extension Hit_Hard_Limit, counted apart)."""
    if reason == S.MAX_STEPS:
        return outcome["end"] in (S.MAX_STEPS, S.HARD_LIMIT)
    return bool(outcome["end"] == reason)


def _outcomes(rows: Sequence[ScoredRow]) -> list[dict[str, Any]]:
    return [
        r.judgement.parsed
        for r in rows
        if isinstance(r.judgement.parsed, dict) and "goals_reached" in r.judgement.parsed
    ]
