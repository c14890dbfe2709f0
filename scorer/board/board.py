"""A board: several results files side by side, as tables.

Three forms, each a ``Table`` (one row per submission):
- overall: the mean headline per family and over every config (ViPlan appendix E eq. 2
  for the error of a mean of independent estimates);
- per family: one column per config;
- per config: one column per group (a difficulty, as ViPlan's table 1, or an ACP kind,
  as ACPBench Hard's table 2).

A submission that lacks a config of a family has no mean for that family ("-"): a mean
over fewer configs would not compare with the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from scorer.board.headline import (
    ALL,
    INCOMPLETE_MARK,
    OFF_MARK,
    SAMPLED_MARK,
    Score,
    groups,
    headline,
    pairs_text,
)
from scorer.board.results_files import ResultsFile
from scorer.episodes.protocol import describe, protocol_of
from scorer.scoring.coverage import coverage_of, incomplete_text, sampled_text
from scorer.tasks.stats import mean_stderr

UNREGISTERED = "other"  # configs this scorer's registry does not know (from an older or newer release)


@dataclass(frozen=True)
class Table:
    key: str  # a stable id: "overall", "family-<name>", "config-<name>"
    title: str
    headers: list[str]
    rows: list[list[str | Score | None]]  # first cell: the submission's label

    def notes(self) -> list[str]:
        """One line per submission and mark its scores carry: off the paper's protocol,
        incomplete, sampled; which configs, and how."""
        lines = []
        for row in self.rows:
            cells = [cell for cell in row[1:] if isinstance(cell, Score)]
            for mark, what, field in NOTES:
                pairs = tuple(dict.fromkeys(pair for cell in cells for pair in getattr(cell, field)))
                if pairs:
                    lines.append(f"{mark} {row[0]}, {what}: {pairs_text(pairs)}")
        return lines


# (mark, what it says, the Score field that holds its configs), in the order the notes are written
NOTES = (
    (OFF_MARK, "off the paper's protocol", "off_protocol"),
    (INCOMPLETE_MARK, "incomplete (a rerun of its eval asks the unanswered rows)", "incomplete"),
    (SAMPLED_MARK, "a sample of the config's rows, not all of them", "sampled"),
)


@dataclass(frozen=True)
class Board:
    submissions: list[ResultsFile]

    @cached_property
    def configs(self) -> list[str]:
        return sorted({name for results in self.submissions for name in results.configs})

    @cached_property
    def families(self) -> dict[str, list[str]]:
        """Family name -> its configs on the board, in registry order of families."""
        owners = config_families()
        by_family: dict[str, list[str]] = {}
        for config in self.configs:
            by_family.setdefault(owners.get(config, UNREGISTERED), []).append(config)
        return by_family

    def score(self, results: ResultsFile, config: str, group: str = ALL) -> Score | None:
        entry = results.configs.get(config)
        found = headline(entry, group) if entry else None
        if found is None:
            return None
        protocol = protocol_of(results.document, config)
        if not protocol["on"]:
            found = replace(found, off_protocol=((config, describe(protocol["departures"])),))
        coverage = coverage_of(results.document, config)
        if not coverage["complete"]:
            found = replace(found, incomplete=((config, incomplete_text(coverage)),))
        if coverage.get("sampled"):
            found = replace(found, sampled=((config, sampled_text(coverage)),))
        return found

    def tables(self) -> list[Table]:
        return [self.overall(), *(self.family(f) for f in self.families), *(self.config(c) for c in self.configs)]

    def overall(self) -> Table:
        headers = ["submission", *self.families, "overall", "configs"]
        rows: list[list[str | Score | None]] = []
        for results in self.submissions:
            means = [self.mean(results, configs) for configs in self.families.values()]
            scored = sum(1 for c in self.configs if self.score(results, c) is not None)
            rows.append([results.label, *means, self.mean(results, self.configs), f"{scored}/{len(self.configs)}"])
        return Table("overall", "Overall: mean headline score (success or accuracy)", headers, rows)

    def family(self, name: str) -> Table:
        configs = self.families[name]
        rows: list[list[str | Score | None]] = [
            [results.label, *(self.score(results, c) for c in configs)] for results in self.submissions
        ]
        return Table(f"family-{name}", f"Family {name}", ["submission", *configs], rows)

    def config(self, name: str) -> Table:
        present = [r.configs[name] for r in self.submissions if name in r.configs]
        columns = list(dict.fromkeys(group for entry in present for group in groups(entry)))
        rows: list[list[str | Score | None]] = [
            [results.label, *(self.score(results, name, g) for g in (ALL, *columns))] for results in self.submissions
        ]
        return Table(f"config-{name}", f"Config {name}: by difficulty", ["submission", ALL, *columns], rows)

    def mean(self, results: ResultsFile, configs: Sequence[str]) -> Score | None:
        scores = [self.score(results, c) for c in configs]
        if not scores or any(s is None or s.value is None for s in scores):
            return None
        present = [s for s in scores if s is not None and s.value is not None]
        value = sum(s.value for s in present if s.value is not None) / len(present)
        errors = [s.stderr for s in present]
        stderr = mean_stderr([e for e in errors if e is not None]) if all(e is not None for e in errors) else None
        off = tuple(dict.fromkeys(pair for s in present for pair in s.off_protocol))
        incomplete = tuple(dict.fromkeys(pair for s in present for pair in s.incomplete))
        sampled = tuple(dict.fromkeys(pair for s in present for pair in s.sampled))
        return Score(value, stderr, sum(s.n for s in present), off, incomplete, sampled)


def config_families() -> dict[str, str]:
    """Config name -> the name of the family that declares it (from the registry)."""
    from scorer.registry import families

    return {spec.name: family.name for family in families().values() for spec in family.configs()}
