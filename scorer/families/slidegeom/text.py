"""Text forms of a sliding geom board (iVISPAR's text modality, figure 2).

A placement is listed one geom per line, ``A2 blue cylinder``, in board-coordinate
order (A1, A2, ..., B1, ...), as iVISPAR lists them and as ``view_text.render_text`` does,
so the text never depends on the board's geom order.
"""

from __future__ import annotations

from scorer.families.slidegeom.board import Board, Cell, Geom, Placement, cell_name


def placed(geoms: tuple[Geom, ...], placement: Placement) -> list[tuple[Geom, Cell]]:
    """(geom, cell) pairs in board-coordinate order: the form the renderers and the
    description scorer take."""
    return sorted(zip(geoms, placement), key=lambda pair: pair[1])


def placement_lines(geoms: tuple[Geom, ...], placement: Placement) -> list[str]:
    return [f"{cell_name(cell)} {geom.name}" for geom, cell in placed(geoms, placement)]


def placement_text(geoms: tuple[Geom, ...], placement: Placement) -> str:
    return "\n".join(placement_lines(geoms, placement))


def describe_board_text(board: Board, placement: Placement | None = None) -> str:
    """The exact board-state description of ``placement`` (the start by default): the
    gold answer of the board-state description task, one geom per line."""
    return placement_text(board.geoms, board.start if placement is None else placement)
