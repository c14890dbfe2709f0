"""Reading results.json files for a board, and refusing a mix that cannot be compared."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from scorer.io.errors import PlanariumError
from scorer.scoring.results import SCHEMA_VERSION

REQUIRED = ("schema_version", "scorer_version", "dataset", "configs", "run")


class BoardError(PlanariumError):
    """A results file that cannot go on a board; the message names the file."""


@dataclass(frozen=True)
class ResultsFile:
    path: Path
    document: dict[str, Any]
    label: str  # what the board calls this submission: its model(s), else the file's name
    # A submission scored config by config: the files merged into this one (empty: it is one file)
    parts: tuple[ResultsFile, ...] = ()

    @property
    def files(self) -> tuple[ResultsFile, ...]:
        return self.parts or (self,)

    def file_of(self, config: str) -> Path:
        """The results file that holds ``config``."""
        return next((part.path for part in self.files if config in part.configs), self.path)

    @property
    def fingerprint(self) -> str:
        return str(self.document["dataset"].get("fingerprint"))

    @property
    def scorer_version(self) -> str:
        return str(self.document["scorer_version"])

    @property
    def configs(self) -> dict[str, Any]:
        return dict(self.document["configs"])


def read_results(path: Path) -> ResultsFile:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BoardError(f"{path}: no such results file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BoardError(f"{path}: not a results.json file ({error})") from None
    if not isinstance(document, dict) or any(key not in document for key in REQUIRED):
        raise BoardError(f"{path}: not a results.json file (expected the keys {', '.join(REQUIRED)})")
    if document["schema_version"] != SCHEMA_VERSION:
        raise BoardError(
            f"{path}: results schema {document['schema_version']}, expected {SCHEMA_VERSION}; "
            "score its predictions again with this scorer (`planarium rescore`)"
        )
    models = document["run"].get("models") or [] if isinstance(document["run"], dict) else []
    return ResultsFile(path, document, " + ".join(models) if models else path.stem)


def distinct_labels(files: list[ResultsFile]) -> list[ResultsFile]:
    """One entry per submission. Files of one label whose configs do not overlap are one
    submission scored config by config (a results file per config, as `score --configs` or an
    import writes them): one row, in the place of its first file. Files of one label that share
    a config are runs apart: each gets its file's path beside the label."""
    groups: dict[str, list[ResultsFile]] = defaultdict(list)
    for results in files:
        groups[results.label].append(results)
    entries = []
    for results in files:
        group = groups[results.label]
        if len(group) == 1:
            entries.append(results)
        elif not _disjoint(group):
            entries.append(replace(results, label=f"{results.label} ({results.path})"))
        elif results is group[0]:
            entries.append(_merged(group))
    return entries


def _disjoint(group: list[ResultsFile]) -> bool:
    return len({name for results in group for name in results.configs}) == sum(len(r.configs) for r in group)


def _merged(group: list[ResultsFile]) -> ResultsFile:
    configs = {name: entry for results in group for name, entry in results.configs.items()}
    first = group[0]
    return ResultsFile(first.path, {**first.document, "configs": configs}, first.label, tuple(group))


def check_comparable(files: list[ResultsFile]) -> None:
    """All files must come from one dataset (fingerprint) and one scorer version."""
    for what, key in (("dataset fingerprint", "fingerprint"), ("scorer version", "scorer_version")):
        groups: dict[str, list[str]] = defaultdict(list)
        for results in files:
            groups[getattr(results, key)].append(str(results.path))
        if len(groups) > 1:
            listed = "; ".join(f"{value[:12]}: {', '.join(paths)}" for value, paths in sorted(groups.items()))
            raise BoardError(
                f"the results files differ in {what} ({listed}); they cannot share a board. "
                "Re-score the predictions against one dataset and scorer (`planarium leaderboard --rescore`)"
            )


def check_protocol(files: list[ResultsFile]) -> None:
    """No config may rank a run off the paper's protocol beside one on it (``scorer.episodes.protocol``)."""
    from scorer.episodes.protocol import describe, protocol_of

    for config in sorted({name for results in files for name in results.configs}):
        on: list[tuple[ResultsFile, dict[str, Any]]] = []
        off: list[tuple[ResultsFile, dict[str, Any]]] = []
        for results in files:
            if config in results.configs:
                protocol = protocol_of(results.document, config)
                (on if protocol["on"] else off).append((results, protocol["departures"]))
        if on and off:
            offs = "; ".join(f"{results.path} ({describe(departures)})" for results, departures in off)
            raise BoardError(
                f"config {config}: {offs} ran off the paper's protocol, {', '.join(str(r.path) for r, _ in on)} "
                "on it; their numbers do not compare (--allow-off-protocol shows them side by side, marked)"
            )


def check_complete(files: list[ResultsFile]) -> None:
    """No config may rank an incomplete run (asked rows left unanswered by API failures)
    beside a complete one: its numbers stand on fewer rows than it asked."""
    from scorer.scoring.coverage import coverage_of, incomplete_text

    for config in sorted({name for results in files for name in results.configs}):
        runs = [(results, coverage_of(results.document, config)) for results in files if config in results.configs]
        incomplete = [(results, coverage) for results, coverage in runs if not coverage["complete"]]
        if incomplete and len(incomplete) < len(runs):
            listed = "; ".join(f"{results.path} ({incomplete_text(coverage)})" for results, coverage in incomplete)
            raise BoardError(
                f"config {config}: {listed} is incomplete, the other runs of it complete; their numbers do not "
                "compare (rerun its eval to ask the unanswered rows, or --allow-incomplete shows them side by side, "
                "marked)"
            )
