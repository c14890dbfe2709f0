"""Which charts a board draws per config (scorer/board/figures.py): the label heat map is
label x difficulty in a run's report and label x submission on a board of several runs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from scorer.board import charts, figures
from scorer.board.board import Board
from scorer.board.headline import ALL, groups, labelled
from scorer.board.leaderboard import load_board
from tests.board.conftest import MODELS

Drawn = tuple[list[str], list[str], list[list[float | None]]]


@pytest.fixture
def heatmaps(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """What each heat map was asked to draw (rows, columns, values); its pixels are matplotlib's."""
    drawn: list[Drawn] = []

    def recorded(
        title: str, rows: Sequence[str], columns: Sequence[str], values: Sequence[Sequence[float | None]]
    ) -> bytes:
        drawn.append((list(rows), list(columns), [list(row) for row in values]))
        return b""

    monkeypatch.setattr(charts, "heatmap", recorded)
    return drawn


def _labelled_config(board: Board) -> str:
    return next(config for config in board.configs if labelled(board.submissions[0].configs[config]))


def test_a_board_of_several_runs_maps_each_label_against_the_runs_once_per_config(
    results_files: list[Path], heatmaps: list[Drawn]
) -> None:
    board = load_board(results_files)
    config = _labelled_config(board)
    drawn = [chart.name for chart in figures.config_charts(board, config, {})]
    assert drawn.count(f"{config}.labels") == 1 and len(heatmaps) == 1
    rows, columns, values = heatmaps[0]
    assert columns == list(MODELS)
    for column, results in enumerate(board.submissions):
        by_label = labelled(results.configs[config], ALL)
        assert [values[row][column] for row in range(len(rows))] == [by_label.get(label) for label in rows]
    gold, wrong = [row[0] for row in values], [row[1] for row in values]
    assert set(gold) == {1.0} and set(wrong) == {0.0}


def test_a_runs_report_maps_each_label_against_its_difficulties(
    results_files: list[Path], heatmaps: list[Drawn]
) -> None:
    board = load_board(results_files[2:])
    config = _labelled_config(board)
    figures.config_charts(board, config, {})
    [(rows, columns, values)] = heatmaps
    entry = board.submissions[0].configs[config]
    assert columns == [ALL, *groups(entry)]
    assert values == [[labelled(entry, column).get(label) for column in columns] for label in rows]
