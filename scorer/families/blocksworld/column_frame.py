"""The frame every blocksworld picture shares, after ViPlan-BW.

ViPlan splits its image into one cell per column with dashed black lines and
writes a lowercase label (``c1``..) under each; the bottom band of the image
holds the labels, a thin top margin stays free, and the table spans the width
but for a small side margin.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from scorer.render import dashed_vertical_line, load_font
from scorer.render.shapes import RGB

_SEPARATOR_COLOUR: RGB = (0, 0, 0)
_LABEL_COLOUR: RGB = (0, 0, 0)
LABEL_BAND_FRACTION = 0.12  # bottom share of the height kept for column labels
TOP_MARGIN_FRACTION = 0.04
TABLE_SIDE_MARGIN_FRACTION = 0.008


def column_label(column_index: int) -> str:
    """ViPlan's column name: ``c1`` for the first column."""
    return f"c{column_index + 1}"


@lru_cache(maxsize=64)
def column_overlay(n_columns: int, size: tuple[int, int]) -> Image.Image:
    """Transparent layer with ViPlan's dashed separators and ``c1``.. labels.

    Drawn at the output resolution, not supersampled, so lines and text stay crisp.
    """
    width, height = size
    overlay = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    line_width = max(1, round(height / 200))
    dash, gap = max(2, round(height / 32)), max(2, round(height / 50))
    for boundary in range(1, n_columns):
        x = width * boundary / n_columns
        dashed_vertical_line(draw, x, 0, height, dash, gap, line_width, _SEPARATOR_COLOUR + (255,))
    # Scale with the height, but keep "c10" inside a narrow cell.
    font = load_font(max(8, min(round(height * 0.066), round(width / n_columns * 0.28))))
    label_row = height * (1 - LABEL_BAND_FRACTION / 2)
    for column_index in range(n_columns):
        centre = width * (column_index + 0.5) / n_columns
        label = column_label(column_index)
        draw.text((centre, label_row), label, fill=_LABEL_COLOUR, font=font, anchor="mm")
    return overlay
