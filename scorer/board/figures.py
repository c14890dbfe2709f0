"""The charts of a board, per config: difficulty bars, labelled-metric heat maps and
outcome bars. A run's report is the board of one submission."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.board import charts
from scorer.board.board import Board
from scorer.board.headline import ALL, groups, headline_name, labelled
from scorer.board.outcomes import Outcomes


@dataclass(frozen=True)
class Chart:
    name: str  # a file-name-safe id, e.g. "<config>.difficulty"
    title: str
    png: bytes


def config_charts(board: Board, config: str, outcomes: dict[str, Outcomes]) -> list[Chart]:
    return [*_difficulty_bars(board, config), *_label_heatmaps(board, config), *_outcome_bars(board, config, outcomes)]


def _difficulty_bars(board: Board, config: str) -> list[Chart]:
    entries = [r.configs[config] for r in board.submissions if config in r.configs]
    columns = [ALL, *dict.fromkeys(g for entry in entries for g in groups(entry))]
    series = {r.label: [board.score(r, config, g) for g in columns] for r in board.submissions if config in r.configs}
    metric = headline_name(entries[0]) or "score"
    title = f"{config}: {metric} by difficulty"
    return [Chart(f"{config}.difficulty", title, charts.grouped_bars(title, columns, series, metric))]


def _label_heatmaps(board: Board, config: str) -> list[Chart]:
    """Per submission: label (predicate, domain, size...) x difficulty, where the config
    reports its headline per label (ViPlan's per-predicate accuracy, ACPBench Hard's
    domain x kind figure)."""
    found = []
    for index, results in enumerate(board.submissions):
        entry = results.configs.get(config)
        if entry is None:
            continue
        columns = [ALL, *groups(entry)]
        by_column = {column: labelled(entry, column) for column in columns}
        labels = list(dict.fromkeys(label for values in by_column.values() for label in values))
        if not labels:
            continue
        values = [[by_column[column].get(label) for column in columns] for label in labels]
        title = f"{config}: {headline_name(entry)} per label ({results.label})"
        found.append(Chart(f"{config}.labels.{index}", title, charts.heatmap(title, labels, columns, values)))
    return found


def _outcome_bars(board: Board, config: str, outcomes: dict[str, Outcomes]) -> list[Chart]:
    per_submission = {r.label: outcomes.get(str(r.path), {}).get(config) for r in board.submissions}
    present = {label: counts for label, counts in per_submission.items() if counts}
    if not present:
        return []
    kinds = sorted({kind for counts in present.values() for kind in counts})
    counts = {kind: [present[label][kind] for label in present] for kind in kinds}
    title = f"{config}: how rows ended"
    return [Chart(f"{config}.outcomes", title, charts.stacked_counts(title, list(present), counts))]
