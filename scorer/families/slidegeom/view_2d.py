"""The 2D view of a sliding geom board: a top-down schematic after iVISPAR's.

One flat symbol per geom (sphere circle, cube square, pyramid triangle,
cylinder hexagon) on an integer grid, coordinates on the edges and the names of
the free cells in grey.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from scorer.families.slidegeom.board import Cell, cell_name
from scorer.families.slidegeom.symbols_2d import CELL_2D, symbol_tile
from scorer.families.slidegeom.view_state import Placed, Size, check_cell, checked_size, normalise
from scorer.render.fonts import load_font
from scorer.render.shapes import RGB

DEFAULT_SIZE_2D: Size = (480, 480)
_BACKGROUND_2D: RGB = (255, 255, 255)
_GRID_2D: RGB = (40, 40, 40)
_EDGE_LABEL_2D: RGB = (30, 30, 30)
_FREE_LABEL_2D: RGB = (150, 150, 150)
_LABEL_BAND_2D = 0.07  # share of the side kept for edge labels (left and bottom)


def render_2d(placed: Placed, board_size: int = 4, size: Size = DEFAULT_SIZE_2D) -> Image.Image:
    """A top-down schematic: grid, edge coordinates, free cells named, one symbol per geom."""
    board, size = normalise(placed, board_size), checked_size(size)
    layout = _layout_2d(board_size, size)
    image = _background_2d(board_size, size).copy()
    for geom, cell in board:
        left, top = _cell_interior_origin(layout, cell)
        image.paste(symbol_tile(geom.colour, geom.shape, layout.interior), (left, top))
    return image


def cell_centre_2d(cell: Cell, board_size: int = 4, size: Size = DEFAULT_SIZE_2D) -> tuple[int, int]:
    """Pixel at the middle of ``cell`` in ``render_2d`` (the middle of its symbol)."""
    size = checked_size(size)
    check_cell(cell, board_size)
    layout = _layout_2d(board_size, size)
    left, top = _cell_interior_origin(layout, cell)
    return (left + layout.interior // 2, top + layout.interior // 2)


@dataclass(frozen=True)
class _Layout2D:
    left: int  # image column of the grid's left line
    top: int  # image row of the grid's top line
    cell: int  # pitch of the grid lines, in pixels
    line: int  # grid line width
    board_size: int

    @property
    def interior(self) -> int:
        """Side of a cell's inside, between its grid lines."""
        return self.cell - self.line


@lru_cache(maxsize=64)
def _layout_2d(board_size: int, size: Size) -> _Layout2D:
    """An integer grid (so symbol tiles fit cells exactly), centred right of and above the labels."""
    width, height = size
    band = round(_LABEL_BAND_2D * min(size))
    margin = max(2, round(0.02 * min(size)))
    line = max(1, round(min(size) / 240))
    cell = (min(width - band - 2 * margin, height - band - 2 * margin) - line) // board_size
    grid = cell * board_size + line
    left = band + margin + (width - band - 2 * margin - grid) // 2
    top = margin + (height - band - 2 * margin - grid) // 2
    return _Layout2D(left, top, cell, line, board_size)


def _cell_interior_origin(layout: _Layout2D, cell: Cell) -> tuple[int, int]:
    """Top-left pixel inside ``cell``; row 0 is the bottom row."""
    x, y = cell
    row_from_top = layout.board_size - 1 - y
    left = layout.left + x * layout.cell + layout.line
    return (left, layout.top + row_from_top * layout.cell + layout.line)


@lru_cache(maxsize=64)
def _background_2d(board_size: int, size: Size) -> Image.Image:
    """White page, grid, edge coordinates and every cell's name (symbols cover the taken ones)."""
    layout = _layout_2d(board_size, size)
    image = Image.new("RGB", size, _BACKGROUND_2D)
    draw = ImageDraw.Draw(image)
    span = layout.cell * board_size
    draw.rectangle((layout.left, layout.top, layout.left + span, layout.top + span), fill=CELL_2D)
    for index in range(board_size + 1):
        offset = index * layout.cell
        draw.rectangle((layout.left + offset, layout.top, layout.left + offset + layout.line - 1,
                        layout.top + span + layout.line - 1), fill=_GRID_2D)  # fmt: skip
        draw.rectangle((layout.left, layout.top + offset, layout.left + span + layout.line - 1,
                        layout.top + offset + layout.line - 1), fill=_GRID_2D)  # fmt: skip
    _draw_labels_2d(draw, layout)
    return image


def _draw_labels_2d(draw: ImageDraw.ImageDraw, layout: _Layout2D) -> None:
    """Letters under the columns, numbers left of the rows, small grey names in the cells."""
    edge_font = load_font(max(8, round(layout.cell * 0.24)))
    cell_font = load_font(max(7, round(layout.cell * 0.17)))
    size = layout.board_size
    gap = round(layout.cell * 0.22)
    bottom = layout.top + size * layout.cell + layout.line
    for index in range(size):
        left, top = _cell_interior_origin(layout, (index, index))
        middle_x, middle_y = left + layout.interior / 2, top + layout.interior / 2
        name = cell_name((index, index))
        draw.text((middle_x, bottom + gap), name[0], fill=_EDGE_LABEL_2D, font=edge_font, anchor="mm")
        draw.text((layout.left - gap, middle_y), name[1:], fill=_EDGE_LABEL_2D, font=edge_font, anchor="mm")
    for x in range(size):
        for y in range(size):
            left, top = _cell_interior_origin(layout, (x, y))
            centre = (left + layout.interior / 2, top + layout.interior / 2)
            draw.text(centre, cell_name((x, y)), fill=_FREE_LABEL_2D, font=cell_font, anchor="mm")
