"""iVISPAR's per-step numbers of sliding geom episodes: normalised progress over the 20
steps, and episodes won at the optimal length (the anchors notes on iVISPAR's evaluation
code, section 1.8: ``normalized_progress``, ``won_at_spl``).

Normalised progress after t moves is ``round(100 * (1 - d_t / c1), 2)``, where d_t is the
A* distance to the goal after t moves and c1 the optimal length (the distance at the
start). An episode that ended before the 20th move is padded with its last distance, as
iVISPAR pads: a won episode stays at 100%.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scorer.report.curves import Curve, config_path, write_curves
from scorer.scoring.grading import Grading
from scorer.tasks.stats import sample_stderr

STEPS = 20  # iVISPAR's cap on moves per episode (section 5; max_game_length in its code)


def progress_trace(distances: Sequence[int], steps: int = STEPS) -> list[float]:
    """Normalised progress (%) after 0, 1, ..., ``steps`` moves."""
    optimal = distances[0]
    padded = list(distances[: steps + 1]) + [distances[-1]] * (steps + 1 - len(distances))
    return [round(100 * (1 - d / optimal), 2) if optimal else 100.0 for d in padded]


def won_at_optimal(outcome: dict[str, Any]) -> bool:
    """Won with exactly as many moves as the optimal solution has."""
    return bool(outcome["success"]) and outcome["steps"] == outcome["distances"][0]


def mean_trace(outcomes: Sequence[dict[str, Any]]) -> tuple[list[float], list[float]]:
    """The mean progress per step over ``outcomes`` and its standard error (0 for one episode)."""
    traces = [progress_trace(o["distances"]) for o in outcomes]
    columns = list(zip(*traces, strict=True))
    means = [sum(column) / len(column) for column in columns]
    errors = [sample_stderr(column) if len(column) > 1 else 0.0 for column in columns]
    return means, errors


def _played(grading: Grading) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """config -> view -> the outcomes of its played episodes."""
    played: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for row, judgement in grading.rows:
        parsed = judgement.parsed
        if row.domain == "slidegeom" and isinstance(parsed, dict) and "distances" in parsed:
            played.setdefault(row.config, {}).setdefault(str(parsed.get("view", "?")), []).append(parsed)
    return played


def write_progress_curves(grading: Grading, path: Path) -> list[Path]:
    """iVISPAR's normalised progress curve: one chart per config, one line per view played."""
    played = _played(grading)
    if not played:
        raise ValueError("the scored configs hold no played sliding geom episodes; nothing to draw")
    written = []
    for config in sorted(played):
        curves = []
        for view, outcomes in sorted(played[config].items()):
            means, errors = mean_trace(outcomes)
            curves.append(Curve(f"view {view} ({len(outcomes)} episodes)", range(STEPS + 1), means, errors))
        written.append(
            write_curves(
                config_path(path, config, len(played) > 1),
                f"{config}: normalised progress (iVISPAR)",
                "moves",
                "progress to the goal (%)",
                curves,
                (min(0.0, *(min(c.ys) for c in curves)) - 2, 102.0),
            )
        )
    return written
