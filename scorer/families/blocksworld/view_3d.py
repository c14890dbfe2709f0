"""The 3D-looking view of a blocksworld state, after ViPlan-BW's Blender images.

ViPlan renders coloured cubes stacked in columns on a table; we draw the same
content with Pillow: cubes in perspective on a table, shaded and shadowed, on a
supersampled canvas reduced to the output size, under the column frame.
Backgrounds with their shadows, geometry and the reduced backdrop are cached (one per
set of occupied columns); only the blocks are drawn per state, and only the box they
cover is reduced. Callers get fresh copies.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from PIL import Image, ImageChops, ImageDraw

from scorer.families.blocksworld.column_frame import column_overlay
from scorer.families.blocksworld.palette import BLOCK_COLOURS
from scorer.families.blocksworld.scene_3d import (
    CUBE_YAW_DEGREES,
    STACK_DEPTH,
    SUPERSAMPLE,
    TABLE_FRONT_MARGIN,
    TABLE_THICKNESS,
    Layout3D,
    cube_faces,
    layout_3d,
    table_top_polygon,
)
from scorer.families.blocksworld.view_state import DEFAULT_SIZE, Columns, checked_size, normalise, stack_capacity
from scorer.render import (
    Draw,
    downsample,
    downsample_changed,
    draw_shaded_faces,
    polygons_box,
    row_gradient,
    soft_polygon_mask,
    vertical_gradient,
    yawed_rectangle,
)
from scorer.render.shapes import RGB

_EDGE_BRIGHTNESS = 0.6
_BACKGROUND_TOP: RGB = (248, 248, 248)
_BACKGROUND_BOTTOM: RGB = (205, 205, 205)
_TABLE_TOP_BACK: RGB = (176, 170, 161)
_TABLE_TOP_FRONT: RGB = (198, 192, 183)
_TABLE_FRONT_FACE: RGB = (128, 123, 116)
_SHADOW_OPACITY = 0.5
_SHADOW_COLOUR: RGB = (0, 0, 0)
_SHADOW_OFFSET = (0.45, 0.0, 0.35)  # away from the light: right and back
_SHADOW_SPREAD = 1.3  # shadow footprint relative to the cube's
_SHADOW_BLUR_CUBES = 0.15


def render_3d(columns: Sequence[Sequence[str]], size: tuple[int, int] = DEFAULT_SIZE) -> Image.Image:
    """A perspective picture of the state: shaded cubes on a table, labelled columns."""
    state, size = normalise(columns), checked_size(size)
    capacity = stack_capacity(state)
    occupied = tuple(bool(stack) for stack in state)
    canvas = _scene_with_shadows(len(state), size, capacity, occupied).copy()
    drawn = _draw_cubes(canvas, state, size, capacity)
    backdrop = _backdrop(len(state), size, capacity, occupied)
    return downsample_changed(canvas, SUPERSAMPLE, drawn, backdrop, column_overlay(len(state), size))


def block_centre_3d(
    columns: Sequence[Sequence[str]], column_index: int, level: int, size: tuple[int, int] = DEFAULT_SIZE
) -> tuple[int, int]:
    """Pixel at the middle of the front face of the block at ``level`` (0 = bottom) of a column.

    For tests and for annotating where each block is drawn in ``render_3d``.
    """
    state, size = normalise(columns), checked_size(size)
    faces = cube_faces(len(state), size, stack_capacity(state), column_index, level)
    front = next(face for face in faces if face.name == "front")
    centre = np.mean(np.asarray(front.polygon), axis=0) / SUPERSAMPLE
    return (int(centre[0]), int(centre[1]))


def _draw_cubes(
    canvas: Image.Image, state: Columns, size: tuple[int, int], capacity: int
) -> tuple[float, float, float, float]:
    """Draw every block on the supersampled ``canvas``, bottom to top in each column;
    returns the box of canvas pixels drawn on.

    Columns never overlap in the image, and a cube hides the top face of the
    cube below it, so bottom-to-top painting gives correct occlusion.
    """
    draw = Draw(canvas)
    edge_width = max(1, round(SUPERSAMPLE * min(size) / 320))  # ~1 output pixel at the default size
    polygons = []
    for column_index, stack in enumerate(state):
        for level, letter in enumerate(stack):
            faces = cube_faces(len(state), size, capacity, column_index, level)
            draw_shaded_faces(draw, faces, BLOCK_COLOURS[letter], _EDGE_BRIGHTNESS, edge_width)
            polygons += [face.polygon for face in faces]
    return polygons_box(polygons, edge_width + 1)


@lru_cache(maxsize=32)  # each entry is a supersampled frame (~2 MB at the default size)
def _scene_with_shadows(
    n_columns: int, size: tuple[int, int], capacity: int, occupied: tuple[bool, ...]
) -> Image.Image:
    """The supersampled table with the shadows of the ``occupied`` columns, no blocks yet."""
    canvas = _scene_background_3d(n_columns, size, capacity).copy()
    _draw_shadows(canvas, occupied, size, capacity)
    return canvas


@lru_cache(maxsize=32)
def _backdrop(n_columns: int, size: tuple[int, int], capacity: int, occupied: tuple[bool, ...]) -> Image.Image:
    """What ``render_3d`` gives for a state whose blocks are left out: reduced, with the column frame."""
    image = downsample(_scene_with_shadows(n_columns, size, capacity, occupied), SUPERSAMPLE)
    overlay = column_overlay(n_columns, size)
    image.paste(overlay, (0, 0), overlay)
    return image


@lru_cache(maxsize=16)  # each entry is a supersampled frame (~4 MB at the default size)
def _scene_background_3d(n_columns: int, size: tuple[int, int], capacity: int) -> Image.Image:
    """Supersampled backdrop and table, without blocks or shadows."""
    layout = layout_3d(n_columns, size, capacity)
    hi_size = (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE)
    canvas = vertical_gradient(hi_size, _BACKGROUND_TOP, _BACKGROUND_BOTTOM)
    _draw_table(canvas, layout)
    return canvas


def _draw_table(canvas: Image.Image, layout: Layout3D) -> None:
    """Table top (lighter towards the viewer) and its front edge."""
    left, right = layout.table_x
    front, bottom = STACK_DEPTH - TABLE_FRONT_MARGIN, -TABLE_THICKNESS
    front_corners = np.array([[left, 0, front], [right, 0, front], [right, bottom, front], [left, bottom, front]])
    top_polygon = table_top_polygon(layout)
    rows = [point[1] for point in top_polygon]
    top_fill = row_gradient(canvas.size, min(rows), max(rows), _TABLE_TOP_BACK, _TABLE_TOP_FRONT)
    mask = Image.new("L", canvas.size, 0)
    ImageDraw.Draw(mask).polygon(top_polygon, fill=255)
    canvas.paste(top_fill, (0, 0), mask)
    front_polygon = layout.camera.project_polygon(front_corners)
    ImageDraw.Draw(canvas).polygon(front_polygon, fill=_TABLE_FRONT_FACE)


def _draw_shadows(canvas: Image.Image, occupied: tuple[bool, ...], size: tuple[int, int], capacity: int) -> None:
    """Darken the table under every non-empty column through its soft shadow mask."""
    for column_index, stack in enumerate(occupied):
        if stack:
            mask, origin = _shadow(len(occupied), size, capacity, column_index)
            left, top = origin
            canvas.paste(_SHADOW_COLOUR, (left, top, left + mask.width, top + mask.height), mask)


@lru_cache(maxsize=256)
def _shadow(
    n_columns: int, size: tuple[int, int], capacity: int, column_index: int
) -> tuple[Image.Image, tuple[int, int]]:
    """Soft shadow of a stack's footprint, cast right and back, away from the light.

    Clipped to the table top, so an outer column's shadow never spills onto the wall.
    """
    layout = layout_3d(n_columns, size, capacity)
    centre = (layout.column_x[column_index] + _SHADOW_OFFSET[0], 0.0, STACK_DEPTH + _SHADOW_OFFSET[2])
    half = 0.5 * _SHADOW_SPREAD
    footprint = yawed_rectangle(centre, half, half, CUBE_YAW_DEGREES)
    polygon = layout.camera.project_polygon(footprint)
    shadow, (left, top) = soft_polygon_mask(polygon, _SHADOW_OPACITY, _SHADOW_BLUR_CUBES * layout.unit_px)
    table = Image.new("L", shadow.size, 0)
    ImageDraw.Draw(table).polygon([(u - left, v - top) for u, v in table_top_polygon(layout)], fill=255)
    return ImageChops.multiply(shadow, table), (left, top)
