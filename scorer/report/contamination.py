"""The contamination report: a model's scores on the published split beside a fresh split's.

A model that saw the published rows in training scores higher on them than on fresh rows
drawn by the same generators (``planarium build --seed S`` or ``--size N``). Per config,
difficulty and metric: both values, the difference fresh - static with its standard
error sqrt(se_static^2 + se_fresh^2) (the splits are independent samples), the z score
and a two-sided p value under the normal approximation, flagged below ``alpha``. With
many metrics some flags come by chance (about alpha of them): read a flag as a lead.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from scorer.io.errors import PlanariumError

DEFAULT_ALPHA = 0.05


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
    z = p_value = None
    if stderr is not None and stderr > 0:
        z = difference / stderr
        p_value = math.erfc(abs(z) / math.sqrt(2))  # two-sided, normal approximation
    elif stderr == 0 and difference != 0:  # both exact (e.g. 0% and 100% rates): any difference is real
        z, p_value = math.copysign(math.inf, difference), 0.0
    significant = p_value is not None and p_value < alpha
    return Delta(
        config,
        group,
        metric,
        a["value"],
        b["value"],
        a.get("n", 0),
        b.get("n", 0),
        difference,
        stderr,
        z,
        p_value,
        significant,
    )


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
