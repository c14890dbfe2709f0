"""``planarium leaderboard``: results files -> leaderboard.md, leaderboard.csv, leaderboard.html."""

from __future__ import annotations

from pathlib import Path

from scorer.board.board import Board
from scorer.board.formats import long_csv, markdown
from scorer.board.outcomes import outcomes_of
from scorer.board.pages import board_page
from scorer.board.results_files import (
    check_comparable,
    check_complete,
    check_protocol,
    distinct_labels,
    read_results,
)
from scorer.io import atomic

OUTPUTS = ("leaderboard.md", "leaderboard.csv", "leaderboard.html")


def load_board(paths: list[Path], allow_off_protocol: bool = False, allow_incomplete: bool = False) -> Board:
    """The results files as one board; refused when they cannot be compared, when a config
    has runs on and off the paper's protocol (unless ``allow_off_protocol``), or complete and
    incomplete runs (unless ``allow_incomplete``). Either way such scores are marked."""
    files = [read_results(path) for path in paths]
    check_comparable(files)
    if not allow_off_protocol:
        check_protocol(files)
    if not allow_incomplete:
        check_complete(files)
    return Board(distinct_labels(files))


def write_board(board: Board, out: Path) -> list[Path]:
    outcomes = {
        str(r.path): {name: found for part in r.files for name, found in outcomes_of(part.path, part.document).items()}
        for r in board.submissions
    }
    texts = (markdown(board), long_csv(board), board_page(board, outcomes))
    written = [out / name for name in OUTPUTS]
    for path, text in zip(written, texts):
        atomic.write_text(path, text)
    return written
