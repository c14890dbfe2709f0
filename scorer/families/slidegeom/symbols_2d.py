"""The 2D view's flat symbols, one per shape, each on a tile that fills a cell's inside."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from scorer.families.slidegeom.palette import GEOM_COLOURS
from scorer.render.draw import downsample
from scorer.render.shapes import RGB

# The 2D schematic's symbol for each shape, as iVISPAR's 2D prompt names them.
SHAPE_SYMBOLS_2D: dict[str, str] = {
    "sphere": "circle",
    "cube": "square",
    "pyramid": "triangle",
    "cylinder": "hexagon",
}
_SUPERSAMPLE_2D = 4
CELL_2D: RGB = (246, 246, 244)  # a cell's inside, around the symbol
_OUTLINE_2D: RGB = (25, 25, 25)


@lru_cache(maxsize=256)
def symbol_tile(colour: str, shape: str, side: int) -> Image.Image:
    """A cell's inside with the shape's symbol, drawn supersampled for smooth edges."""
    hi = side * _SUPERSAMPLE_2D
    tile = Image.new("RGB", (hi, hi), CELL_2D)
    draw = ImageDraw.Draw(tile)
    outline_width = max(1, round(hi / 28))
    polygon = _symbol_polygon(shape, hi / 2, hi / 2, hi)
    fill = GEOM_COLOURS[colour]
    if shape == "sphere":
        radius = 0.36 * hi
        box = (hi / 2 - radius, hi / 2 - radius, hi / 2 + radius, hi / 2 + radius)
        draw.ellipse(box, fill=fill, outline=_OUTLINE_2D, width=outline_width)
    else:
        draw.polygon(polygon, fill=fill, outline=_OUTLINE_2D, width=outline_width)
    return downsample(tile, _SUPERSAMPLE_2D)


def _symbol_polygon(shape: str, cx: float, cy: float, side: float) -> list[tuple[float, float]]:
    """Corners of the square, triangle or hexagon symbol, sized to look alike in a cell."""
    if shape == "cube":
        half = 0.32 * side
        return [(cx + sx * half, cy + sy * half) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    if shape == "pyramid":
        half_base, height = 0.39 * side, 0.68 * side
        top, bottom = cy - height / 2, cy + height / 2
        return [(cx, top), (cx + half_base, bottom), (cx - half_base, bottom)]
    if shape == "cylinder":  # flat top and bottom, like matplotlib's 'H' marker
        radius = 0.38 * side
        return [
            (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
            for a in range(0, 360, 60)
        ]
    return []
