"""The one number a board shows per config: success for episodes, accuracy for questions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

HEADLINES = ("success", "accuracy")  # the first a config reports is its headline
ALL = "all"


# Fewer rows than this make a standard error no one should read (sqrt(p(1-p)/n) is 0 at n = 1 or
# whenever two rows agree): the board shows the score and its n without one.
MIN_ROWS_FOR_STDERR = 5
OFF_MARK = "†"  # beside a score made (in part) off the paper's protocol (scorer.episodes.protocol)


@dataclass(frozen=True)
class Score:
    value: float | None
    stderr: float | None
    n: int
    # (config, its departures as text) for each config it is made of that ran off the paper's protocol
    off_protocol: tuple[tuple[str, str], ...] = ()


def headline_name(config_entry: dict[str, Any]) -> str | None:
    metrics = config_entry.get("metrics", {}).get(ALL, {})
    return next((name for name in HEADLINES if name in metrics), None)


def headline(config_entry: dict[str, Any], group: str = ALL) -> Score | None:
    """The headline metric of a config in one group (a difficulty, or "all")."""
    name = headline_name(config_entry)
    metric = config_entry.get("metrics", {}).get(group, {}).get(name) if name else None
    if metric is None:
        return None
    return Score(metric["value"], metric["stderr"], int(metric["n"]))


def labelled(config_entry: dict[str, Any], group: str = ALL) -> dict[str, float | None]:
    """``headline[label]`` metrics of a group (per predicate, per domain...), by label."""
    name = headline_name(config_entry)
    found: dict[str, float | None] = {}
    for metric_name, metric in config_entry.get("metrics", {}).get(group, {}).items():
        if name and metric_name.startswith(f"{name}[") and metric_name.endswith("]"):
            found[metric_name[len(name) + 1 : -1]] = metric["value"]
    return found


def groups(config_entry: dict[str, Any]) -> list[str]:
    """The groups of a config other than "all" (its difficulties, or ACP's kinds), in the
    scorer's order where the file records it."""
    ordered = config_entry.get("groups") or list(config_entry.get("metrics", {}))
    return [group for group in ordered if group != ALL]


def cell_text(score: Score | None) -> str:
    """``0.812 ± 0.031 (n=120)``: the score, its standard error where enough rows make it
    meaningful (MIN_ROWS_FOR_STDERR), and the rows it stands on."""
    if score is None or score.value is None:
        return "-"
    mark = f" {OFF_MARK}" if score.off_protocol else ""
    error = f" ± {score.stderr:.3f}" if score.stderr is not None and score.n >= MIN_ROWS_FOR_STDERR else ""
    return f"{score.value:.3f}{error} (n={score.n:,}){mark}"


def off_protocol_text(score: Score) -> str:
    """What made ``score`` off-protocol: ``config: max_steps=40; other: variant=cot``."""
    return "; ".join(f"{config}: {departures}" for config, departures in score.off_protocol)
