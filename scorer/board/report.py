"""A scoring run's report (``score --report FILE.html``) and charts (``score --plots DIR``)."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from scorer.board.board import Board
from scorer.board.figures import Chart, config_charts
from scorer.board.outcomes import outcomes_of
from scorer.board.pages import run_page
from scorer.board.results_files import read_results
from scorer.board.viewer import episode_views
from scorer.io import atomic
from scorer.io.dataset import KeyedDataset, KeyRow
from scorer.io.predictions import Prediction, read_predictions
from scorer.scoring.grading import Grading
from scorer.scoring.references import reference_predictions

EPISODES_PER_CONFIG = 10  # replayed into the viewer; every image of every step is inside the page


@dataclass(frozen=True)
class RunCharts:
    """A run's charts: each config's (difficulty bars, heat maps, outcome bars) and its
    families' own plots. Drawn once when both the report and ``--plots`` ask for them:
    matplotlib's drawing is most of either's time."""

    by_config: dict[str, list[Chart]]
    family: list[Chart]


def run_charts(grading: Grading, results_path: Path) -> RunCharts:
    results = read_results(results_path)
    board = Board([results])
    outcomes = {str(results.path): outcomes_of(results_path, results.document)}
    by_config = {config: config_charts(board, config, outcomes) for config in board.configs}
    return RunCharts(by_config, family_charts(grading))


def write_report(
    grading: Grading,
    results_path: Path,
    predictions_path: Path | None,
    duplicates: str,
    out: Path,
    episodes_per_config: int = EPISODES_PER_CONFIG,
    charts: RunCharts | None = None,
) -> Path:
    """The self-contained HTML report of one run: tables, charts and the episode viewer."""
    results = read_results(results_path)
    rows = [row for row, _ in grading.rows]
    predictions = _predictions(rows, predictions_path, duplicates)
    episodes = episode_views(rows, predictions, episodes_per_config)
    drawn = charts or run_charts(grading, results_path)
    atomic.write_text(out, run_page(results, episodes, drawn.by_config, drawn.family))
    return out


def write_plots(grading: Grading, results_path: Path, out: Path, charts: RunCharts | None = None) -> list[Path]:
    """Every chart of the report as a PNG file in ``out``."""
    drawn = charts or run_charts(grading, results_path)
    written = []
    for chart in [*(c for config in drawn.by_config.values() for c in config), *drawn.family]:
        path = out / f"{chart.name}.png"
        atomic.write_bytes(path, chart.png)
        written.append(path)
    return written


def family_charts(grading: Grading) -> list[Chart]:
    """The plots the scored configs' families draw (e.g. iVISPAR's complexity heat map)."""
    from scorer.registry import family_of

    families = {family_of(row.domain).name: family_of(row.domain) for row, _ in grading.rows}
    charts = []
    with tempfile.TemporaryDirectory() as scratch:
        for name, family in sorted(families.items()):
            for plot, write in sorted(family.plots.items()):
                try:
                    paths = write(grading, Path(scratch) / f"{name}.{plot}.png")
                except ValueError:  # the run holds nothing this plot draws
                    continue
                charts += [Chart(p.stem, f"{name}: {plot} ({p.stem})", p.read_bytes()) for p in paths]
    return charts


def _predictions(rows: list[KeyRow], path: Path | None, duplicates: str) -> dict[str, Prediction]:
    if path is None:  # a gold run: the answer keys are the predictions
        dataset = KeyedDataset(Path("."), {row.id: row for row in rows if row.task == "episode"}, {})
        return reference_predictions(dataset, "gold")
    return read_predictions(path, duplicates).predictions
