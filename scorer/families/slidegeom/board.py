"""Sliding geom puzzle boards (iVISPAR): geoms, cells, placements.

Coordinates follow iVISPAR: a cell is ``(x, y)`` with x the column (0 = left, letters
A-D) and y the row (0 = bottom, numbers 1-4); ``A1`` is the bottom-left cell. A geom is
a colour and a shape; a placement lists one cell per geom, in the board's geom order.
"""

from __future__ import annotations

from dataclasses import dataclass

SHAPES = ("cube", "pyramid", "sphere", "cylinder")
COLOURS = ("red", "green", "blue", "yellow")
DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "down": (0, -1), "up": (0, 1)}

Cell = tuple[int, int]
Placement = tuple[Cell, ...]


@dataclass(frozen=True, order=True)
class Geom:
    colour: str
    shape: str

    @property
    def name(self) -> str:
        return f"{self.colour} {self.shape}"


ALL_GEOMS = tuple(Geom(colour, shape) for colour in COLOURS for shape in SHAPES)


@dataclass(frozen=True)
class Board:
    """A puzzle: which geoms, where they start, where they must go.

    Checked on construction (ValueError): a known colour and shape per geom, no geom
    twice, one in-bounds cell per geom in both placements, no cell holding two geoms.
    """

    size: int
    geoms: tuple[Geom, ...]
    start: Placement
    goal: Placement

    def __post_init__(self) -> None:
        problem = board_problem(self.size, self.geoms, self.start, self.goal)
        if problem is not None:
            raise ValueError(problem)

    def index_of(self, geom: Geom) -> int | None:
        """Position of ``geom`` in the board's geom order; None when it is not on the board."""
        return self.geoms.index(geom) if geom in self.geoms else None


def board_problem(size: int, geoms: tuple[Geom, ...], start: Placement, goal: Placement) -> str | None:
    """Why these fields do not make a board, or None when they do."""
    if size < 1:
        return f"board size {size} is not positive"
    unknown = [g.name for g in geoms if g.colour not in COLOURS or g.shape not in SHAPES]
    if unknown:
        return f"unknown geom {unknown[0]!r} (colours {', '.join(COLOURS)}; shapes {', '.join(SHAPES)})"
    if len(set(geoms)) != len(geoms):
        return "a geom appears twice"
    for role, placement in (("start", start), ("goal", goal)):
        problem = placement_problem(size, len(geoms), placement)
        if problem is not None:
            return f"{role}: {problem}"
    return None


def placement_problem(size: int, n_geoms: int, placement: Placement) -> str | None:
    """Why ``placement`` is not a placement of ``n_geoms`` geoms on the board, or None."""
    if len(placement) != n_geoms:
        return f"{len(placement)} cells for {n_geoms} geoms"
    off_board = [c for c in placement if not in_bounds(size, c)]
    if off_board:
        return f"cell {off_board[0]} is off the {size}x{size} board"
    if len(set(placement)) != len(placement):
        return "two geoms on one cell"
    return None


def in_bounds(size: int, cell: Cell) -> bool:
    x, y = cell
    return 0 <= x < size and 0 <= y < size


def cell_name(cell: Cell) -> str:
    """iVISPAR's chess-style name: column letter, then row number from 1 (``(0, 1)`` -> ``A2``)."""
    x, y = cell
    return f"{chr(ord('A') + x)}{y + 1}"


def parse_cell(name: str) -> Cell | None:
    """``"A2"`` -> ``(0, 1)``; None when it is not a cell name."""
    text = name.strip().upper()
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        return None
    return ord(text[0]) - ord("A"), int(text[1:]) - 1


def manhattan_sum(placement: Placement, goal: Placement) -> int:
    return sum(abs(x - gx) + abs(y - gy) for (x, y), (gx, gy) in zip(placement, goal))
