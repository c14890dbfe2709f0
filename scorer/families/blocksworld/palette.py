"""The six blocks of ViPlan-BW: their colours in every picture and their names in words."""

from __future__ import annotations

from scorer.render.shapes import RGB

# ViPlan's cube colours are RGB floats; these are the same at 8 bits, except
# purple.  ViPlan's (0.2, 0, 0.5) is a linear (Blender) colour: scaled
# literally it gives (51, 0, 128), a dark indigo that reads as blue.  We use
# its sRGB encoding, i.e. what Blender displays.  The others stay literal:
# in sRGB orange (1, 0.5, 0) would become (255, 188, 0), too close to yellow.
BLOCK_COLOURS: dict[str, RGB] = {
    "r": (255, 0, 0),
    "g": (0, 204, 0),
    "b": (0, 0, 204),
    "y": (255, 255, 0),
    "o": (255, 128, 0),
    "p": (124, 0, 188),
}
BLOCK_NAMES: dict[str, str] = {
    "r": "red",
    "g": "green",
    "b": "blue",
    "y": "yellow",
    "o": "orange",
    "p": "purple",
}
