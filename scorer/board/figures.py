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
    """Where the config reports its headline per label (ViPlan's per-predicate accuracy,
    ACPBench Hard's domain x kind figure): a run's report maps label x difficulty; a board of
    several runs maps label x submission, one map per config, so that the runs sit side by
    side (a map per run was 16 maps per config for 16 models, and none compared them)."""
    entries = {results.label: results.configs[config] for results in board.submissions if config in results.configs}
    metric = headline_name(next(iter(entries.values())))
    if len(board.submissions) == 1:
        [(run, entry)] = entries.items()
        by_column = {column: labelled(entry, column) for column in [ALL, *groups(entry)]}
        title = f"{config}: {metric} per label ({run})"
    else:
        by_column = {run: labelled(entry, ALL) for run, entry in entries.items()}
        title = f"{config}: {metric} per label"
    rows = list(dict.fromkeys(row for values in by_column.values() for row in values))
    if not rows:
        return []
    values = [[by_column[column].get(row) for column in by_column] for row in rows]
    return [Chart(f"{config}.labels", title, charts.heatmap(title, rows, list(by_column), values))]


def _outcome_bars(board: Board, config: str, outcomes: dict[str, Outcomes]) -> list[Chart]:
    per_submission = {r.label: outcomes.get(str(r.path), {}).get(config) for r in board.submissions}
    present = {label: counts for label, counts in per_submission.items() if counts}
    if not present:
        return []
    kinds = sorted({kind for counts in present.values() for kind in counts})
    counts = {kind: [present[label][kind] for label in present] for kind in kinds}
    title = f"{config}: how rows ended"
    return [Chart(f"{config}.outcomes", title, charts.stacked_counts(title, list(present), counts))]
