"""What every sliding geom view takes: a board as placed geoms, and an image size.

A board is ``placed``: (geom, cell) pairs with cells ``(x, y)``, x the column
(0 = left, A) and y the row (0 = bottom, 1).  The views check it here and cache
on the hashable forms returned.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.families.slidegeom.board import COLOURS, SHAPES, Cell, Geom
from scorer.families.slidegeom.palette import GEOM_COLOURS
from scorer.render.size import checked_size as image_size

Placed = Sequence[tuple[Geom, Cell]]
CheckedBoard = tuple[tuple[Geom, Cell], ...]  # a board as ``normalise`` returns it
Size = tuple[int, int]

MAX_BOARD_SIZE = 9  # one letter and one digit per cell name


def normalise(placed: Placed, board_size: int) -> CheckedBoard:
    """The board as a hashable tuple; rejects unknown geoms, off-board cells and clashes."""
    _check_board_size(board_size)
    board = tuple((geom, (int(cell[0]), int(cell[1]))) for geom, cell in placed)
    for geom, cell in board:
        if geom.colour not in GEOM_COLOURS or geom.shape not in SHAPES:
            raise ValueError(f"unknown geom {geom.name!r}; colours {COLOURS}, shapes {SHAPES}")
        check_cell(cell, board_size)
    cells = [cell for _, cell in board]
    if len(set(cells)) != len(cells):
        raise ValueError("two geoms share a cell")
    geoms = [geom for geom, _ in board]
    if len(set(geoms)) != len(geoms):
        raise ValueError("a geom is placed twice")
    return board


def _check_board_size(board_size: int) -> None:
    if not 1 <= board_size <= MAX_BOARD_SIZE:
        raise ValueError(f"board size {board_size} outside 1..{MAX_BOARD_SIZE}")


def check_cell(cell: Cell, board_size: int) -> None:
    """Rejects a cell off the board (and a board size outside 1..MAX_BOARD_SIZE)."""
    _check_board_size(board_size)
    x, y = cell
    if not (0 <= x < board_size and 0 <= y < board_size):
        raise ValueError(f"cell {cell} is off a {board_size}x{board_size} board")


def checked_size(size: Sequence[int]) -> tuple[int, int]:
    """``size`` as a hashable (width, height) tuple of ints, for the caches; at least 64 a side."""
    return image_size(size, 64, "a board")
