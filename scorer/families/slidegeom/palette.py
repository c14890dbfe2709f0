"""The geoms' colours in every picture of a sliding geom board."""

from __future__ import annotations

from scorer.render.shapes import RGB

# Saturated enough to survive shading (a shadowed yellow must still read as
# yellow, not olive), and far from each other and from the grey board.
GEOM_COLOURS: dict[str, RGB] = {
    "red": (214, 39, 40),
    "green": (44, 160, 44),
    "blue": (31, 100, 220),
    "yellow": (250, 205, 20),
}
