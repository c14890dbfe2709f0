"""Memoising planner runs in memory and, optionally, in a directory of JSON files."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import replace
from importlib import metadata
from pathlib import Path

from scorer.io import atomic

from ._engines import ENGINE_PARAMS
from ._planner_result import PlannerResult, PlannerVerdict

# Planner versions are part of the key so a disk cache never outlives an upgrade.
_VERSIONED_PACKAGES = ("unified-planning", "up-fast-downward", "up-symk")


class PlannerCache:
    """Results keyed by sha256 of (engine and its settings, domain text, problem text, bounds).

    MEMOUT is cached too (the recorded outcome for that bound); ERROR is not,
    since it is usually transient, and a TIMEOUT never reaches the cache (the
    safety net raises). The key holds no time: a verdict is the same under any load.
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.directory = None if directory is None else Path(directory)
        self._memory: dict[str, PlannerResult] = {}
        self.hits = 0
        self.misses = 0
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def key(engine: str, domain_pddl: str, problem_pddl: str, memory_mb: int) -> str:
        payload = {
            "engine": engine,
            "settings": ENGINE_PARAMS.get(engine, {}),
            "domain": domain_pddl,
            "problem": problem_pddl,
            "memory_mb": int(memory_mb),
            "versions": {name: _version(name) for name in _VERSIONED_PACKAGES},
        }
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    def get(self, key: str) -> PlannerResult | None:
        found = self._memory.get(key) or self._read(key)
        if found is None:
            self.misses += 1
            return None
        self.hits += 1
        self._memory[key] = found
        return replace(found, cached=True)

    def seed(self, results: Mapping[str, PlannerResult]) -> None:
        """Results known beforehand (verdicts shipped with a dataset), held in memory only."""
        for key, result in results.items():
            self._memory.setdefault(key, replace(result, cached=False))

    def stored(self) -> dict[str, PlannerResult]:
        """Every result in the directory, by key."""
        if self.directory is None:
            return {}
        found = {path.stem: self._read(path.stem) for path in sorted(self.directory.glob("*.json"))}
        return {key: result for key, result in found.items() if result is not None}

    def put(self, key: str, result: PlannerResult) -> None:
        if result.verdict in (PlannerVerdict.ERROR, PlannerVerdict.TIMEOUT):
            return
        stored = replace(result, cached=False)
        self._memory[key] = stored
        if self.directory is not None:
            self._write(key, stored)

    def _path(self, key: str) -> Path:
        assert self.directory is not None
        return self.directory / f"{key}.json"

    def _read(self, key: str) -> PlannerResult | None:
        if self.directory is None:
            return None
        try:
            return PlannerResult.from_json(json.loads(self._path(key).read_text()))
        except (FileNotFoundError, ValueError, TypeError, KeyError):
            return None  # absent or unreadable: treat as a miss

    def _write(self, key: str, result: PlannerResult) -> None:
        # Atomic, so a concurrent reader (or a killed run) never leaves half a file.
        assert self.directory is not None
        atomic.write_text(self._path(key), json.dumps(result.to_json()))


def read_verdicts(path: Path) -> dict[str, PlannerResult]:
    """Results written by ``write_verdicts``."""
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        return {key: PlannerResult.from_json(record) for key, record in json.load(stream).items()}


def write_verdicts(path: Path, results: Mapping[str, PlannerResult], keep_plans: bool = False) -> None:
    """The verdicts of results (verdict, cost, optimality, message) as one gzipped JSON
    object, byte-identical for the same verdicts. Not their seconds, which vary from run to
    run; their plans only with ``keep_plans`` (a build's rows hold them: since symk runs
    with ``_engines.SYMK_SEARCH`` a call gives the same plan on every run and machine; before,
    13 of 94 calls run again picked another optimal plan)."""
    kept = {
        key: replace(results[key], plan=results[key].plan if keep_plans else None, seconds=0.0).to_json()
        for key in sorted(results)
    }
    atomic.write_bytes(path, gzip.compress(json.dumps(kept, indent=0, sort_keys=True).encode(), mtime=0))


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "absent"
