"""The board of the 3D view, drawn once per board and image size: backdrop, slab, tiles, edge labels."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from scorer.families.slidegeom.board import cell_name
from scorer.families.slidegeom.scene_3d import (
    BOARD_RIM,
    EDGE_LABEL_OFFSET,
    SHADOW_COLOUR,
    SHADOW_OFFSET,
    SLAB_THICKNESS,
    SUPERSAMPLE,
    Layout3D,
    cell_base,
    cell_px,
    layout_3d,
)
from scorer.families.slidegeom.view_state import Size
from scorer.render.draw import row_gradient, soft_polygon_mask, vertical_gradient
from scorer.render.fonts import load_font
from scorer.render.shapes import RGB

_TILE_GAP = 0.035  # each side of a tile
_BACKGROUND_TOP: RGB = (238, 238, 236)
_BACKGROUND_BOTTOM: RGB = (196, 196, 192)
_SLAB_TOP: RGB = (92, 98, 108)
_SLAB_FRONT: RGB = (64, 68, 76)
_TILE_BACK: RGB = (218, 218, 212)
_TILE_FRONT: RGB = (242, 242, 238)
_LABEL_3D: RGB = (40, 40, 40)
_BOARD_SHADOW_OPACITY = 0.35


@lru_cache(maxsize=16)  # each entry is a supersampled frame (~4.7 MB at the default size)
def background_3d(board_size: int, size: Size) -> Image.Image:
    """Supersampled backdrop, the board's shadow and slab, and its tiles."""
    layout = layout_3d(board_size, size)
    hi_size = (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE)
    canvas = vertical_gradient(hi_size, _BACKGROUND_TOP, _BACKGROUND_BOTTOM)
    _draw_board_shadow(canvas, layout, board_size, size)
    _draw_slab(canvas, layout)
    _draw_tiles(canvas, layout, board_size)
    return canvas


def _draw_board_shadow(canvas: Image.Image, layout: Layout3D, board_size: int, size: Size) -> None:
    """A soft shadow under the slab, so the board sits on the table."""
    outer = layout.half_board + BOARD_RIM
    dx, _, dz = SHADOW_OFFSET
    floor = -SLAB_THICKNESS
    footprint = [[-outer + dx, floor, -outer + dz], [outer + dx, floor, -outer + dz],
                 [outer + dx, floor, outer + dz], [-outer + dx, floor, outer + dz]]  # fmt: skip
    polygon = layout.camera.project_polygon(footprint)
    blur = 0.12 * cell_px(board_size, size)
    mask, origin = soft_polygon_mask(polygon, _BOARD_SHADOW_OPACITY, blur)
    canvas.paste(SHADOW_COLOUR, (*origin, origin[0] + mask.width, origin[1] + mask.height), mask)


def _draw_slab(canvas: Image.Image, layout: Layout3D) -> None:
    """The board's dark slab: its top and the front face the camera sees."""
    outer, bottom = layout.half_board + BOARD_RIM, -SLAB_THICKNESS
    top = [[-outer, 0, -outer], [outer, 0, -outer], [outer, 0, outer], [-outer, 0, outer]]
    front = [[-outer, 0, -outer], [outer, 0, -outer], [outer, bottom, -outer], [-outer, bottom, -outer]]
    draw = ImageDraw.Draw(canvas)
    draw.polygon(layout.camera.project_polygon(top), fill=_SLAB_TOP)
    draw.polygon(layout.camera.project_polygon(front), fill=_SLAB_FRONT)


def _draw_tiles(canvas: Image.Image, layout: Layout3D, board_size: int) -> None:
    """Light tiles, a touch brighter towards the viewer (light falls from the front)."""
    mask = Image.new("L", canvas.size, 0)
    draw = ImageDraw.Draw(mask)
    inset = 0.5 - _TILE_GAP
    for x in range(board_size):
        for y in range(board_size):
            cx, _, cz = cell_base((x, y), board_size)
            corners = [[cx - inset, 0, cz - inset], [cx + inset, 0, cz - inset],
                       [cx + inset, 0, cz + inset], [cx - inset, 0, cz + inset]]  # fmt: skip
            draw.polygon(layout.camera.project_polygon(corners), fill=255)
    back_and_front = np.array([[0.0, 0.0, layout.half_board], [0.0, 0.0, -layout.half_board]])
    rows = layout.camera.project(back_and_front)[:, 1]
    fill = row_gradient(canvas.size, float(rows[0]), float(rows[1]), _TILE_BACK, _TILE_FRONT)
    canvas.paste(fill, (0, 0), mask)


@lru_cache(maxsize=64)
def edge_labels_3d(board_size: int, size: Size) -> Image.Image:
    """Transparent layer with A.. along the front edge and 1.. along the left edge.

    Drawn at the output resolution, after the supersampled scene is reduced,
    so the letters stay crisp.
    """
    layout = layout_3d(board_size, size)
    overlay = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    font = load_font(max(8, round(cell_px(board_size, size) / SUPERSAMPLE * 0.3)))
    out = layout.half_board + BOARD_RIM + EDGE_LABEL_OFFSET
    for index in range(board_size):
        x, _, z = cell_base((index, index), board_size)
        letter, number = cell_name((index, index))[0], str(index + 1)
        for text, point in ((letter, (x, 0.0, -out)), (number, (-out, 0.0, z))):
            u, v = layout.camera.project(np.array([point]))[0] / SUPERSAMPLE
            draw.text((float(u), float(v)), text, fill=_LABEL_3D + (255,), font=font, anchor="mm")
    return overlay
