"""Sliding geom puzzle boards (iVISPAR, seed 001): geoms, cells, placements.

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


@dataclass(frozen=True)
class Board:
    """A puzzle: which geoms, where they start, where they must go."""

    size: int
    geoms: tuple[Geom, ...]
    start: Placement
    goal: Placement


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
