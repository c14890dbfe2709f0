"""ViPlan's released results files: which runs there are, and the episodes each holds.

The files are ``results/final/<domain>/<experiment>/<method>/<split>/<model>/results_<job>.json.gz``
(ViPlan's repository, folder ``results/final``). Where a model folder holds two files, the
run is the last in sorted order, as ViPlan's notebook reads it (``load_results``). A file's
keys that start with ``data/`` are its episodes (a problem file, and for the home its
iGibson scene and instance); the others are ViPlan's own metrics.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.episodes.recorded import ViplanRuns

RESULTS = Path("results/final")
METHODS = ("vila", "predicates")  # VLM-as-planner, VLM-as-grounder
SPLITS = ("simple", "medium", "hard")
EPISODE_PREFIX = "data/"


@dataclass(frozen=True)
class RunFile:
    domain: str  # ViPlan's domain folder
    experiment: str  # final_no_cot | final_cot | final_fail01_no_cot
    method: str  # vila | predicates
    split: str
    model: str
    path: Path

    @property
    def cot(self) -> bool:
        return "no_cot" not in self.experiment

    @property
    def fail_prob(self) -> float:
        """ViPlan's action failure probability: 0.1 in its ``fail01`` experiment (appendix K)."""
        return 0.1 if "fail01" in self.experiment else 0.0

    @property
    def submission(self) -> tuple[str, str, str, str]:
        """The submission it belongs to: one per (domain, experiment, method, model), its splits together."""
        return (self.domain, self.experiment, self.method, self.model)

    def load(self) -> dict[str, Any]:
        with gzip.open(self.path, "rt", encoding="utf-8") as stream:
            document: dict[str, Any] = json.load(stream)
        return document


def results_root(directory: Path) -> Path:
    """``DIRECTORY/results/final`` (a copy of ViPlan's released results), or DIRECTORY itself
    when it is that folder already."""
    root = directory / RESULTS
    if root.is_dir():
        return root
    if directory.is_dir() and any(directory.glob("*/*/*/*/*/results_*.json*")):
        return directory
    raise FileNotFoundError(f"{directory} holds no ViPlan results: expected {RESULTS}/<domain>/<experiment>/...")


def run_files(directory: Path) -> list[RunFile]:
    """Every run, the last file of each model folder, in a stable order."""
    runs = []
    for folder in sorted(p for p in results_root(directory).glob("*/*/*/*/*") if p.is_dir()):
        files = sorted(folder.glob("results_*.json*"))
        if not files:
            continue
        domain, experiment, method, split, model = folder.parts[-5:]
        runs.append(RunFile(domain, experiment, method, split, model, files[-1]))
    return runs


def episodes(document: dict[str, Any]) -> dict[str, Any]:
    """The file's episodes by key, in the file's order (None where ViPlan could not load the problem)."""
    return {key: value for key, value in document.items() if key.startswith(EPISODE_PREFIX)}


def adapters() -> dict[str, ViplanRuns]:
    """The families' replays of ViPlan's runs, by ViPlan's domain folder."""
    from scorer.registry import families

    return {f.viplan_runs.results_domain: f.viplan_runs for f in families().values() if f.viplan_runs}
