"""What the ``episode`` task kind adds for sliding geom episodes (iVISPAR).

**Metrics.** Beside the shared episode metrics (``success`` is the paper's completed
episodes): episodes won at the optimal length (iVISPAR's ``won_at_spl``), mean step
deviation from the optimal path, minimal and final A* distance, the mean count per
episode of each action class, and the normalised progress after each of the 20 moves
(``progress[step=t]``, ``progress.py``). Completion, step deviation and minimal distance
are also given per view and per complexity, as ``name[label]`` metrics (labels
``view=3d``, ``geoms=5``, ``length=7``; the results table shows each family as a label x
group matrix), and, when several views were played, averaged over them with equal
weight (``view=average``, the paper's average across modalities, with ViPlan's appendix
E eq. 2 error). Rates carry sqrt(p(1-p)/n), means the sample standard error.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from scorer.families.slidegeom.progress import STEPS, progress_trace, won_at_optimal
from scorer.tasks.base import ScoredRow, macro, mean, rate
from scorer.tasks.stats import Metric

ACTION_CLASSES = ("effective_moves", "ineffective_moves", "occupied_destination", "out_of_bounds", "illegal_commands")
LABELLED = ("success", "step_deviation", "min_distance")  # the metric families given per view and complexity


def slidegeom_metrics(rows: Sequence[ScoredRow]) -> list[Metric]:
    outcomes = _outcomes(rows)
    metrics = [rate("won_at_optimal", [isinstance(r.judgement.parsed, dict) and _won_at_optimal(r) for r in rows])]
    metrics += _distance_metrics("", rows)
    metrics += [mean(name, [o["action_classes"][name] for o in outcomes]) for name in ACTION_CLASSES]
    metrics += _progress_metrics(outcomes)
    per_view: list[Metric] = []
    for label, members in _labelled_groups(rows):
        labelled = _distance_metrics(f"[{label}]", members, with_final=False)
        per_view += labelled if label.startswith("view=") else []
        metrics += labelled
    return metrics + _view_average(per_view)


def _won_at_optimal(row: ScoredRow) -> bool:
    return "distances" in row.judgement.parsed and won_at_optimal(row.judgement.parsed)


def _progress_metrics(outcomes: Sequence[dict[str, Any]]) -> list[Metric]:
    """The mean normalised progress after each move, 0 to 20 (iVISPAR's progress curve)."""
    traces = [progress_trace(o["distances"]) for o in outcomes if "distances" in o]
    return [mean(f"progress[step={t}]", [trace[t] for trace in traces]) for t in range(STEPS + 1)]


def _view_average(per_view: Sequence[Metric]) -> list[Metric]:
    """Each labelled metric averaged over the views played (when there are several)."""
    by_name: dict[str, list[Metric]] = {}
    for metric in per_view:
        by_name.setdefault(metric.name.split("[", 1)[0], []).append(metric)
    if len({m.name for m in per_view if m.name.startswith("success[")}) < 2:
        return []
    return [macro(f"{name}[view=average]", metrics) for name, metrics in by_name.items()]


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
