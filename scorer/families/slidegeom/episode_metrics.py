"""What the ``episode`` task kind adds for sliding geom episodes (iVISPAR).

**Metrics.** Beside the shared episode metrics (``success`` is the paper's completed
episodes): mean step deviation from the optimal path, minimal and final A* distance,
and the mean count per episode of each action class. Completion, step deviation and
minimal distance are also given per view and per complexity, as ``name[label]``
metrics (labels ``view=3d``, ``geoms=5``, ``length=7``; the results table shows each
family as a label x group matrix). Rates carry sqrt(p(1-p)/n), means the sample
standard error.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from scorer.report.stats import Metric
from scorer.tasks.base import ScoredRow, mean, rate

ACTION_CLASSES = ("effective_moves", "ineffective_moves", "occupied_destination", "out_of_bounds", "illegal_commands")
LABELLED = ("success", "step_deviation", "min_distance")  # the metric families given per view and complexity


def slidegeom_metrics(rows: Sequence[ScoredRow]) -> list[Metric]:
    metrics = _distance_metrics("", rows)
    outcomes = _outcomes(rows)
    metrics += [mean(name, [o["action_classes"][name] for o in outcomes]) for name in ACTION_CLASSES]
    for label, members in _labelled_groups(rows):
        metrics += _distance_metrics(f"[{label}]", members, with_final=False)
    return metrics


def _distance_metrics(suffix: str, rows: Sequence[ScoredRow], with_final: bool = True) -> list[Metric]:
    """Completion (only in labelled groups: the shared ``success`` covers the whole
    group), step deviation, minimal distance and, for the whole group, final distance."""
    outcomes = _outcomes(rows)
    metrics = [rate(f"success{suffix}", [r.judgement.score == 1.0 for r in rows])] if suffix else []
    metrics.append(mean(f"step_deviation{suffix}", [o["step_deviation"] for o in outcomes]))
    metrics.append(mean(f"min_distance{suffix}", [o["min_distance"] for o in outcomes]))
    if with_final:
        metrics.append(mean(f"final_distance{suffix}", [o["final_distance"] for o in outcomes]))
    return metrics


def _outcomes(rows: Sequence[ScoredRow]) -> list[dict[str, Any]]:
    return [
        r.judgement.parsed
        for r in rows
        if isinstance(r.judgement.parsed, dict) and "step_deviation" in r.judgement.parsed
    ]


def _labelled_groups(rows: Sequence[ScoredRow]) -> list[tuple[str, list[ScoredRow]]]:
    """(label, rows) per view played, then per number of geoms, then per optimal length."""
    keys: list[tuple[str, Callable[[ScoredRow], Any]]] = [
        ("view", _view),
        ("geoms", lambda r: r.meta.get("n_geoms")),
        ("length", lambda r: r.meta.get("optimal_length")),
    ]
    groups: list[tuple[str, list[ScoredRow]]] = []
    for name, key in keys:
        values = sorted({key(r) for r in rows if key(r) is not None})
        groups += [(f"{name}={v}", [r for r in rows if key(r) == v]) for v in values]
    return groups


def _view(row: ScoredRow) -> str | None:
    # A missing or invalid prediction played no view; it only counts in the complexity groups.
    parsed = row.judgement.parsed
    return parsed.get("view") if isinstance(parsed, dict) else None
