"""The 3D view of a sliding geom board, after iVISPAR: an angled view from above and in front.

Shaded solids stand on a board of light tiles, drawn back to front on a
supersampled canvas reduced to the output size, with chess-style labels on the
front (A-D) and left (1-4) edges.  Only the box the geoms and their shadows cover is
reduced; the rest is a cached reduced board.  Callers get fresh copies of cached images.
The supersampled board is drawn on through a scratch copy whose changed box is put back
after each image (``scorer.render.draw.scratch_copy``), not copied whole.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image

from scorer.families.slidegeom.board import Cell
from scorer.families.slidegeom.board_3d import background_3d, edge_labels_3d
from scorer.families.slidegeom.geoms_3d import draw_geom_3d, paste_shadows
from scorer.families.slidegeom.scene_3d import SUPERSAMPLE, cell_base, layout_3d
from scorer.families.slidegeom.view_state import Placed, Size, check_cell, checked_size, normalise
from scorer.render.draw import Draw, downsample, downsample_changed, polygons_box, scratch_copy

DEFAULT_SIZE_3D: Size = (480, 360)


def render_3d(
    placed: Placed, board_size: int = 4, size: Size = DEFAULT_SIZE_3D, *, edge_labels: bool = True
) -> Image.Image:
    """An angled view from above: shaded solids on the board, drawn back to front.

    ``edge_labels`` puts A.. along the front edge and 1.. along the left one,
    as iVISPAR's default ``grid_label: edge``; the layout is the same without them.
    """
    board, size = normalise(placed, board_size), checked_size(size)
    layout = layout_3d(board_size, size)
    ordered = sorted(board, key=lambda item: -layout.camera.depth(cell_base(item[1], board_size)))
    overlay = edge_labels_3d(board_size, size) if edge_labels else None
    backdrop = _backdrop(board_size, size, edge_labels)
    with scratch_copy(background_3d(board_size, size)) as scratch:
        canvas = scratch.image
        drawn = paste_shadows(canvas, [(geom.shape, cell) for geom, cell in ordered], board_size, size)
        draw = Draw(canvas)
        drawn += [draw_geom_3d(canvas, draw, geom, cell, board_size, size) for geom, cell in ordered]
        scratch.changed = polygons_box(drawn, 0)
        return downsample_changed(canvas, SUPERSAMPLE, scratch.changed, backdrop, overlay)


@lru_cache(maxsize=16)
def _backdrop(board_size: int, size: Size, edge_labels: bool) -> Image.Image:
    """What ``render_3d`` gives for an empty board: the reduced background, with the labels."""
    image = downsample(background_3d(board_size, size), SUPERSAMPLE)
    if edge_labels:
        overlay = edge_labels_3d(board_size, size)
        image.paste(overlay, (0, 0), overlay)
    return image


def cell_centre_3d(
    cell: Cell, board_size: int = 4, size: Size = DEFAULT_SIZE_3D, lift: float = 0.25
) -> tuple[int, int]:
    """Pixel of the point ``lift`` cells above the centre of ``cell`` in ``render_3d``.

    At the default lift the point lies inside every shape's body, so it shows
    the colour of the geom standing there (unless a geom in front hides it).
    """
    size = checked_size(size)
    check_cell(cell, board_size)
    x, _, z = cell_base(cell, board_size)
    point = layout_3d(board_size, size).camera.project(np.array([[x, lift, z]]))[0] / SUPERSAMPLE
    return (int(point[0]), int(point[1]))
