"""The 2D view of a blocksworld state: a flat schematic of lettered squares.

Squares stand on a baseline in the column frame, one square per block, the
block's letter on it in black or white, whichever reads better.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from scorer.families.blocksworld.column_frame import (
    LABEL_BAND_FRACTION,
    TABLE_SIDE_MARGIN_FRACTION,
    TOP_MARGIN_FRACTION,
    column_overlay,
)
from scorer.families.blocksworld.palette import BLOCK_COLOURS
from scorer.families.blocksworld.view_state import DEFAULT_SIZE, checked_size, normalise, stack_capacity
from scorer.render import load_font
from scorer.render.shapes import RGB

_BACKGROUND_2D: RGB = (255, 255, 255)
_BASELINE_COLOUR: RGB = (90, 90, 90)
_SQUARE_OUTLINE: RGB = (30, 30, 30)
_DARK_LETTER: RGB = (0, 0, 0)
_LIGHT_LETTER: RGB = (255, 255, 255)
_MAX_SQUARE_CELL_FRACTION = 0.55


def render_2d(columns: Sequence[Sequence[str]], size: tuple[int, int] = DEFAULT_SIZE) -> Image.Image:
    """A flat schematic: lettered squares stacked on a baseline, labelled columns."""
    state, size = normalise(columns), checked_size(size)
    capacity = stack_capacity(state)
    layout = _layout_2d(len(state), size, capacity)
    image = _background_2d(len(state), size, capacity).copy()
    for column_index, stack in enumerate(state):
        left = _square_left(layout, column_index)
        for level, letter in enumerate(stack):
            top = layout.baseline - (level + 1) * layout.square
            image.paste(_square_sprite(letter, layout.square), (left, top))
    return image


def block_centre_2d(
    columns: Sequence[Sequence[str]], column_index: int, level: int, size: tuple[int, int] = DEFAULT_SIZE
) -> tuple[int, int]:
    """Pixel at the middle of the square of the block at ``level`` (0 = bottom) in ``render_2d``."""
    state, size = normalise(columns), checked_size(size)
    layout = _layout_2d(len(state), size, stack_capacity(state))
    left = _square_left(layout, column_index)
    top = layout.baseline - (level + 1) * layout.square
    return (left + layout.square // 2, top + layout.square // 2)


@dataclass(frozen=True)
class _Layout2D:
    cell_width: float
    square: int  # side of a block square, outline included
    baseline: int  # image row of the table line's top edge


@lru_cache(maxsize=64)
def _layout_2d(n_columns: int, size: tuple[int, int], capacity: int) -> _Layout2D:
    width, height = size
    cell_width = width / n_columns
    baseline = round(height * (1 - LABEL_BAND_FRACTION) - _baseline_thickness(size))
    free_rows = baseline - height * TOP_MARGIN_FRACTION
    square = int(min(free_rows / capacity, cell_width * _MAX_SQUARE_CELL_FRACTION))
    return _Layout2D(cell_width, square, baseline)


def _square_left(layout: _Layout2D, column_index: int) -> int:
    return round(layout.cell_width * (column_index + 0.5) - layout.square / 2)


def _baseline_thickness(size: tuple[int, int]) -> int:
    return max(2, round(size[1] / 64))


@lru_cache(maxsize=64)
def _background_2d(n_columns: int, size: tuple[int, int], capacity: int) -> Image.Image:
    """White page with the table line, separators and column labels."""
    layout = _layout_2d(n_columns, size, capacity)
    image = Image.new("RGB", size, _BACKGROUND_2D)
    margin = round(size[0] * TABLE_SIDE_MARGIN_FRACTION)
    ImageDraw.Draw(image).rectangle(
        (margin, layout.baseline, size[0] - 1 - margin, layout.baseline + _baseline_thickness(size) - 1),
        fill=_BASELINE_COLOUR,
    )
    overlay = column_overlay(n_columns, size)
    image.paste(overlay, (0, 0), overlay)
    return image


@lru_cache(maxsize=256)
def _square_sprite(letter: str, side: int) -> Image.Image:
    """A coloured square with a dark outline and its uppercase letter."""
    colour = BLOCK_COLOURS[letter]
    sprite = Image.new("RGB", (side, side), colour)
    draw = ImageDraw.Draw(sprite)
    draw.rectangle((0, 0, side - 1, side - 1), outline=_SQUARE_OUTLINE, width=max(1, round(side / 22)))
    font = load_font(max(6, round(side * 0.5)))
    draw.text((side / 2, side / 2), letter.upper(), fill=_letter_colour(colour), font=font, anchor="mm")
    return sprite


def _letter_colour(background: RGB) -> RGB:
    """Black on light colours, white on dark ones (by perceived luminance)."""
    red, green, blue = background
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return _DARK_LETTER if luminance >= 128 else _LIGHT_LETTER
