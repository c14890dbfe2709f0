"""Errata re-scoring: score every stored submission again with the current scorer and
dataset, and say what changed (per config: old and new headline; per row: old and new
verdict, and the new reason), so a scorer fix updates the board instead of leaving stale
numbers.

A submissions folder holds one folder per submission with ``predictions.jsonl`` and the
``results.json`` (and its rows file) that scoring wrote for it.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from scorer.board.headline import Score, headline
from scorer.board.results_files import BoardError, read_results
from scorer.scoring.pair import rows_path_for

PREDICTIONS = "predictions.jsonl"
RESULTS = "results.json"


@dataclass(frozen=True)
class RowChange:
    id: str
    config: str
    old_score: float | None
    old_reason: str | None
    new_score: float
    new_reason: str
    detail: str | None  # the new verdict's detail: why it is what it is now


@dataclass(frozen=True)
class ConfigChange:
    config: str
    old: Score | None
    new: Score | None


@dataclass
class SubmissionChange:
    name: str
    configs: list[ConfigChange] = field(default_factory=list)
    rows: list[RowChange] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.rows) or any(c.old != c.new for c in self.configs)


def submissions(folder: Path) -> list[Path]:
    """The submission folders (each with predictions.jsonl and results.json), sorted."""
    if not folder.is_dir():
        raise BoardError(f"{folder}: no such submissions folder")
    found = sorted(p for p in folder.iterdir() if p.is_dir() and (p / PREDICTIONS).is_file())
    for path in found:
        if not (path / RESULTS).is_file():
            raise BoardError(f"{path}: has {PREDICTIONS} but no {RESULTS} to compare with (score it first)")
    if not found:
        raise BoardError(f"{folder}: no submission folders (expected <name>/{PREDICTIONS} with <name>/{RESULTS})")
    return found


def rescore_submission(folder: Path, data: Path, write: bool) -> SubmissionChange:
    """Score ``folder``'s predictions again with the settings its results record; with
    ``write`` the new results replace the old ones (atomically), else they go to a
    scratch folder and only the changes are reported."""
    old_path = folder / RESULTS
    old = read_results(old_path)
    old_rows = _rows(rows_path_for(old_path))
    with tempfile.TemporaryDirectory() as scratch:
        new_path = old_path if write else Path(scratch) / RESULTS
        rescored(folder / PREDICTIONS, old.document, data, new_path)
        new = read_results(new_path)
        new_rows = _rows(rows_path_for(new_path))
    change = SubmissionChange(folder.name)
    for config in sorted({*old.configs, *new.configs}):
        old_entry, new_entry = old.configs.get(config), new.configs.get(config)
        change.configs.append(
            ConfigChange(config, headline(old_entry) if old_entry else None, headline(new_entry) if new_entry else None)
        )
    change.rows = [
        _row_change(i, old_rows.get(i), row) for i, row in new_rows.items() if _differs(old_rows.get(i), row)
    ]
    return change


def rescored(predictions: Path, old_document: dict[str, Any], data: Path, out: Path) -> Path:
    """Score ``predictions`` as the run that wrote ``old_document`` did (its split, configs,
    duplicates policy, and the rows it scored), with this scorer and the dataset in ``data``."""
    from scorer.scoring.coverage import scored_rows
    from scorer.scoring.run import score_file

    settings = old_document.get("run", {}).get("settings") or {}
    configs = settings.get("configs")
    score_file(
        predictions,
        data,
        out,
        split=str(settings.get("split") or old_document.get("split") or "test"),
        configs=set(configs) if configs else None,
        all_configs=bool(settings.get("all_configs")),
        duplicates=_duplicates(settings),
        asked=old_document.get("run") or None,  # how the model was asked: its protocol stays judged by it
        only=scored_rows(old_document.get("run") or {}),  # an eval's --limit sample, less its unanswered rows
    )
    return out


def _duplicates(settings: dict[str, Any]) -> str:
    """The duplicates policy of the run: score's own, or ``samples`` for an ``eval --samples N``
    (its N lines per row are samples, not duplicates)."""
    samples = settings.get("samples")
    many = isinstance(samples, int) and not isinstance(samples, bool) and samples > 1
    return str(settings.get("duplicates") or ("samples" if many else "first"))


def report_document(changes: list[SubmissionChange]) -> dict[str, Any]:
    return {"submissions": [{"name": c.name, "changed": c.changed, **asdict(c)} for c in changes]}


def _rows(path: Path) -> dict[str, dict[str, Any]]:
    if not path.is_file():
        return {}
    with path.open(encoding="utf-8") as lines:
        return {row["id"]: row for row in map(json.loads, lines)}


def _differs(old: dict[str, Any] | None, new: dict[str, Any]) -> bool:
    return old is None or old.get("score") != new.get("score") or old.get("reason") != new.get("reason")


def _row_change(row_id: str, old: dict[str, Any] | None, new: dict[str, Any]) -> RowChange:
    return RowChange(
        row_id,
        str(new.get("config")),
        None if old is None else old.get("score"),
        None if old is None else old.get("reason"),
        float(new["score"]),
        str(new["reason"]),
        new.get("detail"),
    )
