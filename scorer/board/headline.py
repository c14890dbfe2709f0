"""The one number a board shows per config: success for episodes, accuracy for questions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.io.table import MIN_ROWS_FOR_STDERR  # the board shows no standard error from fewer rows

HEADLINES = ("success", "accuracy")  # the first a config reports is its headline
ALL = "all"

OFF_MARK = "†"  # beside a score made (in part) off the paper's protocol (scorer.episodes.protocol)
INCOMPLETE_MARK = "‡"  # beside a score of a run that left asked rows unanswered (scorer.scoring.coverage)
SAMPLED_MARK = "§"  # beside a score of a --limit sample of a config's rows


@dataclass(frozen=True)
class Score:
    value: float | None
    stderr: float | None
    n: int
    # (config, its departures as text) for each config it is made of that ran off the paper's protocol
    off_protocol: tuple[tuple[str, str], ...] = ()
    # (config, what is missing) for each config it is made of whose run left asked rows unanswered
    incomplete: tuple[tuple[str, str], ...] = ()
    # (config, the sample) for each config it is made of that a --limit run sampled
    sampled: tuple[tuple[str, str], ...] = ()
    samples: int = 1  # samples per row (score --duplicates samples): the value is their mean
    pass_at_n: float | None = None  # with samples: pass@k at k = samples


def headline_name(config_entry: dict[str, Any]) -> str | None:
    metrics = config_entry.get("metrics", {}).get(ALL, {})
    return next((name for name in HEADLINES if name in metrics), None)


def headline(config_entry: dict[str, Any], group: str = ALL) -> Score | None:
    """The headline metric of a config in one group (a difficulty, or "all")."""
    name = headline_name(config_entry)
    metric = config_entry.get("metrics", {}).get(group, {}).get(name) if name else None
    if metric is None:
        return None
    samples = _samples(config_entry)
    found = config_entry.get("metrics", {}).get(group, {}).get(f"pass@{samples}") if samples > 1 else None
    best = found.get("value") if isinstance(found, dict) else None
    return Score(metric["value"], metric["stderr"], int(metric["n"]), samples=samples, pass_at_n=best)


def _samples(config_entry: dict[str, Any]) -> int:
    recorded = config_entry.get("samples")
    n = recorded.get("n") if isinstance(recorded, dict) else None
    return n if isinstance(n, int) and not isinstance(n, bool) and n > 1 else 1


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
    meaningful (MIN_ROWS_FOR_STDERR), and the rows it stands on (with the samples per row and
    pass@k where it is a mean over samples)."""
    if score is None or score.value is None:
        return "-"
    mark = "".join(f" {m}" for m, on in marks(score) if on)
    error = f" ± {score.stderr:.3f}" if score.stderr is not None and score.n >= MIN_ROWS_FOR_STDERR else ""
    return f"{score.value:.3f}{error} ({_stands_on(score)}){mark}"


def _stands_on(score: Score) -> str:
    """``n=120``, or with samples ``n=120, k=4, pass@4 0.900``: rows, samples per row, pass@k."""
    if score.samples == 1:
        return f"n={score.n:,}"
    best = "-" if score.pass_at_n is None else f"{score.pass_at_n:.3f}"
    return f"n={score.n:,}, k={score.samples}, pass@{score.samples} {best}"


def marks(score: Score) -> tuple[tuple[str, bool], ...]:
    """Each mark a cell can carry, and whether ``score`` carries it."""
    return (
        (OFF_MARK, bool(score.off_protocol)),
        (INCOMPLETE_MARK, bool(score.incomplete)),
        (SAMPLED_MARK, bool(score.sampled)),
    )


def pairs_text(pairs: tuple[tuple[str, str], ...]) -> str:
    """``config: why; other: why``."""
    return "; ".join(f"{config}: {why}" for config, why in pairs)


def off_protocol_text(score: Score) -> str:
    """What made ``score`` off-protocol: ``config: max_steps=40; other: variant=cot``."""
    return pairs_text(score.off_protocol)
