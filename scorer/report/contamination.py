"""The contamination report: a model's scores on the published split beside a fresh split's.

A model that saw the published rows in training scores higher on them than on fresh rows
drawn by the same generators (``planarium build --seed S`` or ``--size N``). Per config,
difficulty and metric: both values, the difference fresh - static with its standard
error sqrt(se_static^2 + se_fresh^2) (the splits are independent samples), and a two-sided
p value, flagged below ``alpha``. With many metrics some flags come by chance (about alpha
of them): read a flag as a lead.

The p value must hold at the n a config has: the normal approximation does not at small n
(two rows right on one split and wrong on the other have standard error 0, and it called
that p = 0). So a rate (each row 0 or 1: its value times n is a count) is compared with
Fisher's exact test on the 2x2 table of right and wrong rows, valid at any n (at n = 2 no
difference reaches p < 0.05); any other metric (a mean of steps, a distance) gets the
normal approximation only from MIN_ROWS_FOR_NORMAL rows on each split, and no p value below.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from scorer.io.errors import PlanariumError

DEFAULT_ALPHA = 0.05
# The rows each split needs before a metric that is not a rate gets a p value (the usual
# rule of thumb for a normal approximation of a mean); the README names it.
MIN_ROWS_FOR_NORMAL = 30
FISHER, NORMAL, NO_TEST = "fisher", "normal", "none"


@dataclass(frozen=True)
class Delta:
    config: str
    difficulty: str
    metric: str
    static: float
    fresh: float
    n_static: int
    n_fresh: int
    difference: float  # fresh - static: negative when the published split scores higher
    stderr: float | None  # None when a metric has no standard error
    z: float | None
    p_value: float | None
    significant: bool
    test: str = NO_TEST  # FISHER (rates), NORMAL (other metrics from MIN_ROWS_FOR_NORMAL rows), or NO_TEST


def read_results(path: Path) -> dict[str, Any]:
    """A results.json of ``score``, checked to have per-config metrics."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PlanariumError(f"{path}: no such file (expected the results.json that score wrote)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PlanariumError(f"{path}: not a results.json ({type(error).__name__}: {error})") from None
    if not isinstance(document, dict) or not isinstance(document.get("configs"), dict):
        raise PlanariumError(f"{path}: field 'configs' missing or not an object (expected the results.json of score)")
    return document


def compare(static: dict[str, Any], fresh: dict[str, Any], alpha: float = DEFAULT_ALPHA) -> list[Delta]:
    """Every (config, difficulty, metric) both results report with a value, in name order."""
    deltas = []
    for config in sorted(set(static["configs"]) & set(fresh["configs"])):
        static_groups = _groups(static, config)
        fresh_groups = _groups(fresh, config)
        for group in sorted(set(static_groups) & set(fresh_groups), key=_group_order):
            for metric in sorted(set(static_groups[group]) & set(fresh_groups[group])):
                delta = _delta(config, group, metric, static_groups[group][metric], fresh_groups[group][metric], alpha)
                if delta is not None:
                    deltas.append(delta)
    return deltas


def _groups(document: dict[str, Any], config: str) -> dict[str, dict[str, dict[str, Any]]]:
    metrics = document["configs"][config].get("metrics")
    return metrics if isinstance(metrics, dict) else {}


def _group_order(group: str) -> tuple[bool, str]:
    return (group == "all", group)  # the difficulties, then all of them


def _delta(config: str, group: str, metric: str, a: dict, b: dict, alpha: float) -> Delta | None:
    if a.get("value") is None or b.get("value") is None:
        return None
    difference = b["value"] - a["value"]
    stderr = None if a.get("stderr") is None or b.get("stderr") is None else math.hypot(a["stderr"], b["stderr"])
    n_a, n_b = _rows(a), _rows(b)
    z = p_value = None
    test = NO_TEST
    counts = (_successes(a), _successes(b))
    if counts[0] is not None and counts[1] is not None:
        test, p_value = FISHER, fisher_p(counts[0], n_a, counts[1], n_b)
        z = difference / stderr if stderr else None
    elif stderr is not None and stderr > 0 and min(n_a, n_b) >= MIN_ROWS_FOR_NORMAL:
        test, z = NORMAL, difference / stderr
        p_value = math.erfc(abs(z) / math.sqrt(2))  # two-sided
    significant = p_value is not None and p_value < alpha
    return Delta(
        config, group, metric, a["value"], b["value"], n_a, n_b, difference, stderr, z, p_value, significant, test
    )


def fisher_p(right_a: int, n_a: int, right_b: int, n_b: int) -> float:
    """Two-sided p of Fisher's exact test on [[right, wrong] of a, [right, wrong] of b]."""
    from scipy.stats import fisher_exact  # scipy is a dependency; imported only when a report is made

    result = fisher_exact([[right_a, n_a - right_a], [right_b, n_b - right_b]], alternative="two-sided")
    return float(min(1.0, result.pvalue))


def _rows(metric: dict) -> int:
    n = metric.get("n", 0)
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else 0


def _successes(metric: dict) -> int | None:
    """The rows right, when the metric is a rate: a value in [0, 1] whose standard error is the
    binomial sqrt(p(1-p)/n) and whose value times n is a whole count (None otherwise)."""
    value, stderr, n = metric.get("value"), metric.get("stderr"), _rows(metric)
    if n == 0 or not isinstance(value, int | float) or not 0.0 <= value <= 1.0 or not isinstance(stderr, int | float):
        return None
    count = round(value * n)
    binomial = math.sqrt(value * (1.0 - value) / n)
    return count if abs(value * n - count) < 1e-6 and abs(stderr - binomial) < 1e-9 else None


def report_document(
    static_path: Path, fresh_path: Path, static: dict, fresh: dict, deltas: list[Delta], alpha: float
) -> dict:
    """The file: what was compared, and one entry per delta (no timestamps: equal inputs, equal files)."""

    def source(path: Path, document: dict) -> dict[str, Any]:
        dataset = document.get("dataset") or {}
        return {
            "path": str(path),
            "dataset_fingerprint": dataset.get("fingerprint"),
            "predictions_sha256": document.get("predictions_sha256"),
            "run": document.get("run") or {},
        }

    return {
        "alpha": alpha,
        "static": source(static_path, static),
        "fresh": source(fresh_path, fresh),
        "configs_only_in_one": sorted(set(static["configs"]) ^ set(fresh["configs"])),
        "deltas": [{k: _json_number(v) for k, v in asdict(d).items()} for d in deltas],
    }


def _json_number(value: Any) -> Any:
    if isinstance(value, float) and math.isinf(value):
        return "inf" if value > 0 else "-inf"  # JSON has no infinity
    return value


def same_dataset(static: dict, fresh: dict) -> bool:
    fingerprint = (static.get("dataset") or {}).get("fingerprint")
    return fingerprint is not None and fingerprint == (fresh.get("dataset") or {}).get("fingerprint")
