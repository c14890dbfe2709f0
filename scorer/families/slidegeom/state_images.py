"""Framed state images of sliding geom episodes as PNG bytes, cached.

An ``ImageKey`` names everything an image depends on, so it can stand in an
``Observation`` (images render only when a client asks) and key a cache shared by the
build, the server and the agents.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from scorer.families.slidegeom.board import Geom, Placement
from scorer.families.slidegeom.frames import framed
from scorer.families.slidegeom.text import placed
from scorer.families.slidegeom.view_2d import render_2d
from scorer.families.slidegeom.view_3d import render_3d
from scorer.render.png import BUILD_LEVEL, png_bytes


class ImageKey(NamedTuple):
    view: str  # "3d" | "2d"
    board_size: int
    geoms: tuple[Geom, ...]
    placement: Placement
    role: str  # "current" | "goal" | "past": the frame colour
    label: str  # the text in the frame's label box


@lru_cache(maxsize=4096)
def state_png(key: ImageKey, level: int = BUILD_LEVEL) -> bytes:
    render = render_3d if key.view == "3d" else render_2d
    image = render(placed(key.geoms, key.placement), key.board_size)
    return png_bytes(framed(image, key.label, key.role), level)
