"""The text view of a sliding geom board: a grid of geom codes, then one line per geom."""

from __future__ import annotations

from scorer.families.slidegeom.board import Geom, cell_name
from scorer.families.slidegeom.view_state import CheckedBoard, Placed, normalise

_COLOUR_CODES = {"red": "R", "green": "G", "blue": "B", "yellow": "Y"}
_SHAPE_CODES = {"cube": "cu", "pyramid": "py", "sphere": "sp", "cylinder": "cy"}


def render_text(placed: Placed, board_size: int = 4) -> str:
    """The board as a grid of codes (top row first), then one ``A2 blue cylinder`` line per geom.

    Geoms are listed in board-coordinate order (A1, A2, ..., B1, ...), as
    iVISPAR lists them, so the text does not depend on the input order.
    """
    board = normalise(placed, board_size)
    listed = sorted(board, key=lambda item: item[1])
    lines = [*_text_header(board_size), *_text_grid(board, board_size), f"Geoms ({len(board)}):"]
    lines.extend(f"{cell_name(cell)} {geom.name}" for geom, cell in listed)
    return "\n".join(lines)


def _geom_code(geom: Geom) -> str:
    return _COLOUR_CODES[geom.colour] + _SHAPE_CODES[geom.shape]


def _text_header(board_size: int) -> list[str]:
    """How to read the grid: axes, the empty mark and the geom codes."""
    last_column = cell_name((board_size - 1, 0))[0]
    colours = ", ".join(f"{code} {name}" for name, code in _COLOUR_CODES.items())
    shapes = ", ".join(f"{code} {name}" for name, code in _SHAPE_CODES.items())
    return [
        f"Board {board_size}x{board_size}: columns A-{last_column} left to right, "
        + f"rows 1-{board_size} bottom to top; . = empty cell.",
        f"Codes: colour ({colours}) + shape ({shapes}).",
    ]


def _text_grid(board: CheckedBoard, board_size: int) -> list[str]:
    """Column letters, then one line per row from the top: row number, then a code or ``.`` per cell."""
    codes = {cell: _geom_code(geom) for geom, cell in board}
    lines = ["    " + "".join(f"{cell_name((x, 0))[0]:<4}" for x in range(board_size)).rstrip()]
    for y in reversed(range(board_size)):
        row = "".join(f"{codes.get((x, y), '.'):<4}" for x in range(board_size))
        lines.append(f"{y + 1:<4}{row}".rstrip())
    return lines
