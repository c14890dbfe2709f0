"""Deterministic images and text of blocksworld states, after ViPlan-BW.

ViPlan renders its states with Blender: coloured cubes stacked in columns on a
table, dashed black lines splitting the image into one cell per column and a
lowercase label (``c1``..) under each.  We draw the same content with Pillow:

- ``render_3d``: cubes in perspective on a table, shaded and shadowed;
- ``render_2d``: a flat schematic of lettered squares;
- ``render_text``: ViPlan's text-only description.

A state is ``columns``: one sequence per column (c1, c2, ...), each listing
block letters (``r g b y o p``) from the table upwards.  Everything is a pure
function of the state and size, so the same state always gives the same bytes.
Backgrounds, geometry and sprites are cached; callers get fresh copies.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import Image, ImageChops, ImageDraw

from scorer.render import (
    Light,
    ProjectedFace,
    ShiftLensCamera,
    box_corners,
    dashed_vertical_line,
    downsample,
    draw_shaded_faces,
    fit_camera_to_rows,
    load_font,
    project_box,
    row_gradient,
    soft_polygon_mask,
    vertical_gradient,
    yawed_rectangle,
)

RGB = tuple[int, int, int]
Columns = tuple[tuple[str, ...], ...]

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
DEFAULT_SIZE: tuple[int, int] = (480, 320)

# Stacks up to this height share one scale, so every image of a plan shows
# cubes at the same size; a taller stack (duplicate letters) shrinks them.
MIN_STACK_CAPACITY = 6

_ORDINALS = (
    "first", "second", "third", "fourth", "fifth",
    "sixth", "seventh", "eighth", "ninth", "tenth",
)  # fmt: skip

_SEPARATOR_COLOUR: RGB = (0, 0, 0)
_LABEL_COLOUR: RGB = (0, 0, 0)
_LABEL_BAND_FRACTION = 0.12  # bottom share of the height kept for column labels
_TOP_MARGIN_FRACTION = 0.04

# 3D scene, in cube units (cube side = 1).  Stacks stand on the line
# Z = _STACK_DEPTH.  A distant camera keeps perspective mild, so cubes look
# alike in every column; it looks down ~30 degrees onto the table and ~23
# onto the top of a 6-high stack.
_SUPERSAMPLE = 3
_STACK_DEPTH = 40.0
_CAMERA_DOWN_ANGLE_DEGREES = 30.0
_MIN_CAMERA_ABOVE_STACK = 4.0  # still see the tops of (rare) very tall stacks
_CUBE_YAW_DEGREES = 20.0  # turns each cube so its right face shows in every column
_TABLE_FRONT_MARGIN = 1.5
_TABLE_BACK_MARGIN = 3.5
_TABLE_THICKNESS = 0.3
_TABLE_SIDE_MARGIN_FRACTION = 0.008
_MAX_CUBE_CELL_FRACTION = 0.6  # widest share of a column cell a cube may take
# From above, front and a little left: top ~1.0, front ~0.9, right side ~0.6,
# so the large front face keeps the block's true colour.
_LIGHT = Light(direction=(-0.25, 1.0, -0.75), ambient=0.6, diffuse=0.5)
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

# 2D schematic.
_BACKGROUND_2D: RGB = (255, 255, 255)
_BASELINE_COLOUR: RGB = (90, 90, 90)
_SQUARE_OUTLINE: RGB = (30, 30, 30)
_DARK_LETTER: RGB = (0, 0, 0)
_LIGHT_LETTER: RGB = (255, 255, 255)
_MAX_SQUARE_CELL_FRACTION = 0.55


# --------------------------------------------------------------------- public


def render_3d(columns: Sequence[Sequence[str]], size: tuple[int, int] = DEFAULT_SIZE) -> Image.Image:
    """A perspective picture of the state: shaded cubes on a table, labelled columns."""
    state, size = _normalise(columns), _checked_size(size)
    capacity = _stack_capacity(state)
    canvas = _scene_background_3d(len(state), size, capacity).copy()
    _draw_shadows(canvas, state, size, capacity)
    _draw_cubes(canvas, state, size, capacity)
    image = downsample(canvas, _SUPERSAMPLE)
    overlay = _column_overlay(len(state), size)
    image.paste(overlay, (0, 0), overlay)
    return image


def render_2d(columns: Sequence[Sequence[str]], size: tuple[int, int] = DEFAULT_SIZE) -> Image.Image:
    """A flat schematic: lettered squares stacked on a baseline, labelled columns."""
    state, size = _normalise(columns), _checked_size(size)
    capacity = _stack_capacity(state)
    layout = _layout_2d(len(state), size, capacity)
    image = _background_2d(len(state), size, capacity).copy()
    for column_index, stack in enumerate(state):
        left = _square_left(layout, column_index)
        for level, letter in enumerate(stack):
            top = layout.baseline - (level + 1) * layout.square
            image.paste(_square_sprite(letter, layout.square), (left, top))
    return image


def render_text(columns: Sequence[Sequence[str]]) -> str:
    """ViPlan-style text view: one line per column, blocks listed bottom to top."""
    state = _normalise(columns)
    return "\n".join(_describe_column(index, stack) for index, stack in enumerate(state))


def column_label(column_index: int) -> str:
    """ViPlan's column name: ``c1`` for the first column."""
    return f"c{column_index + 1}"


def block_centre_3d(
    columns: Sequence[Sequence[str]], column_index: int, level: int, size: tuple[int, int] = DEFAULT_SIZE
) -> tuple[int, int]:
    """Pixel at the middle of the front face of the block at ``level`` (0 = bottom) of a column.

    For tests and for annotating where each block is drawn in ``render_3d``.
    """
    state, size = _normalise(columns), _checked_size(size)
    faces = _cube_faces(len(state), size, _stack_capacity(state), column_index, level)
    front = next(face for face in faces if face.name == "front")
    centre = np.mean(np.asarray(front.polygon), axis=0) / _SUPERSAMPLE
    return (int(centre[0]), int(centre[1]))


def block_centre_2d(
    columns: Sequence[Sequence[str]], column_index: int, level: int, size: tuple[int, int] = DEFAULT_SIZE
) -> tuple[int, int]:
    """Pixel at the middle of the square of the block at ``level`` (0 = bottom) in ``render_2d``."""
    state, size = _normalise(columns), _checked_size(size)
    layout = _layout_2d(len(state), size, _stack_capacity(state))
    left = _square_left(layout, column_index)
    top = layout.baseline - (level + 1) * layout.square
    return (left + layout.square // 2, top + layout.square // 2)


# ------------------------------------------------------------------ helpers


def _normalise(columns: Sequence[Sequence[str]]) -> Columns:
    """The state as hashable tuples; rejects unknown letters and empty states."""
    state = tuple(tuple(stack) for stack in columns)
    if not state:
        raise ValueError("a blocksworld state needs at least one column")
    for stack in state:
        for letter in stack:
            if letter not in BLOCK_COLOURS:
                raise ValueError(f"unknown block {letter!r}; expected one of {sorted(BLOCK_COLOURS)}")
    return state


def _checked_size(size: Sequence[int]) -> tuple[int, int]:
    """``size`` as a hashable (width, height) tuple of ints, for the caches."""
    width, height = (int(side) for side in size)
    if width < 32 or height < 32:
        raise ValueError(f"image size {tuple(size)} is too small to draw a state")
    return (width, height)


def _stack_capacity(state: Columns) -> int:
    return max(MIN_STACK_CAPACITY, *(len(stack) for stack in state))


def _ordinal(column_index: int) -> str:
    if column_index < len(_ORDINALS):
        return _ORDINALS[column_index]
    return f"{column_index + 1}th"


def _describe_column(column_index: int, stack: tuple[str, ...]) -> str:
    heading = f"{_ordinal(column_index)} column ({column_label(column_index)})"
    if not stack:
        return f"{heading}: empty"
    if len(stack) == 1:
        return f"{heading}: {BLOCK_NAMES[stack[0]]} block (bottom and top)"
    blocks = [f"{BLOCK_NAMES[letter]} block" for letter in stack]
    blocks[0] += " (bottom)"
    blocks[-1] += " (top)"
    return f"{heading}: {', '.join(blocks)}"


# ------------------------------------------------------------ labels overlay


@lru_cache(maxsize=64)
def _column_overlay(n_columns: int, size: tuple[int, int]) -> Image.Image:
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
    label_row = height * (1 - _LABEL_BAND_FRACTION / 2)
    for column_index in range(n_columns):
        centre = width * (column_index + 0.5) / n_columns
        label = column_label(column_index)
        draw.text((centre, label_row), label, fill=_LABEL_COLOUR, font=font, anchor="mm")
    return overlay


# ------------------------------------------------------------------ 3D scene


@dataclass(frozen=True)
class _Layout3D:
    """Where things are in a 3D scene; the camera maps to supersampled pixels."""

    camera: ShiftLensCamera
    column_x: tuple[float, ...]  # world X of each stack's axis
    table_x: tuple[float, float]  # world X of the table's left and right edges
    unit_px: float  # pixels per cube side at the stacks' depth


@lru_cache(maxsize=64)
def _layout_3d(n_columns: int, size: tuple[int, int], capacity: int) -> _Layout3D:
    """Fit a camera so a ``capacity``-high stack and the table front fill the free rows."""
    hi_width, hi_height = size[0] * _SUPERSAMPLE, size[1] * _SUPERSAMPLE
    position = (0.0, _camera_height(capacity), 0.0)
    stack_centre, stack_half_sizes = (0.0, capacity / 2, _STACK_DEPTH), (0.5, capacity / 2, 0.5)
    tallest_stack = box_corners(stack_centre, stack_half_sizes, _CUBE_YAW_DEGREES)
    table_front_bottom = np.array([[0.0, -_TABLE_THICKNESS, _STACK_DEPTH - _TABLE_FRONT_MARGIN]])
    fitted_points = np.vstack([tallest_stack, table_front_bottom])
    cell_width = hi_width / n_columns
    camera = fit_camera_to_rows(
        position,
        fitted_points,
        top_row=hi_height * _TOP_MARGIN_FRACTION,
        bottom_row=hi_height * (1 - _LABEL_BAND_FRACTION),
        centre_x=hi_width / 2,
        max_focal_px=_MAX_CUBE_CELL_FRACTION * cell_width / _unit_cube_width(position),
    )
    column_x = tuple(_centred_stack_x(camera, cell_width * (index + 0.5)) for index in range(n_columns))
    table_front = _STACK_DEPTH - _TABLE_FRONT_MARGIN
    side_margin = hi_width * _TABLE_SIDE_MARGIN_FRACTION
    table_x = (
        camera.unproject_x(side_margin, table_front),
        camera.unproject_x(hi_width - side_margin, table_front),
    )
    return _Layout3D(camera, column_x, table_x, camera.focal_px / _STACK_DEPTH)


def _camera_height(capacity: int) -> float:
    look_down = _STACK_DEPTH * math.tan(math.radians(_CAMERA_DOWN_ANGLE_DEGREES))
    return max(look_down, capacity + _MIN_CAMERA_ABOVE_STACK)


def _unit_cube_width(position: tuple[float, float, float]) -> float:
    """Image width of one cube at the stacks' depth, for a unit focal length."""
    camera = ShiftLensCamera(position, 1.0, 0.0, 0.0)
    corners = box_corners((0.0, 0.5, _STACK_DEPTH), (0.5, 0.5, 0.5), _CUBE_YAW_DEGREES)
    return float(np.ptp(camera.project(corners)[:, 0]))


def _centred_stack_x(camera: ShiftLensCamera, cell_centre_u: float) -> float:
    """World X of a stack whose bottom cube's image is centred on ``cell_centre_u``.

    A yawed cube's image is not symmetric about its axis, so we shift the axis
    by the offset of the image's bounding box (projection is affine in X at a
    fixed depth, so one correction is exact).
    """
    guess = camera.unproject_x(cell_centre_u, _STACK_DEPTH)
    corners = box_corners((guess, 0.5, _STACK_DEPTH), (0.5, 0.5, 0.5), _CUBE_YAW_DEGREES)
    columns_u = camera.project(corners)[:, 0]
    offset_px = (float(columns_u.min()) + float(columns_u.max())) / 2 - cell_centre_u
    return guess - offset_px * _STACK_DEPTH / camera.focal_px


def _draw_cubes(canvas: Image.Image, state: Columns, size: tuple[int, int], capacity: int) -> None:
    """Draw every block on the supersampled ``canvas``, bottom to top in each column.

    Columns never overlap in the image, and a cube hides the top face of the
    cube below it, so bottom-to-top painting gives correct occlusion.
    """
    draw = ImageDraw.Draw(canvas)
    edge_width = max(1, round(_SUPERSAMPLE * min(size) / 320))  # ~1 output pixel at the default size
    for column_index, stack in enumerate(state):
        for level, letter in enumerate(stack):
            faces = _cube_faces(len(state), size, capacity, column_index, level)
            draw_shaded_faces(draw, faces, BLOCK_COLOURS[letter], _EDGE_BRIGHTNESS, edge_width)


@lru_cache(maxsize=1024)
def _cube_faces(
    n_columns: int, size: tuple[int, int], capacity: int, column_index: int, level: int
) -> tuple[ProjectedFace, ...]:
    """Visible, shaded faces of the cube at ``level`` (0 = on the table) of a column."""
    layout = _layout_3d(n_columns, size, capacity)
    centre = (layout.column_x[column_index], level + 0.5, _STACK_DEPTH)
    return project_box(layout.camera, centre, (0.5, 0.5, 0.5), _CUBE_YAW_DEGREES, _LIGHT)


@lru_cache(maxsize=16)  # each entry is a supersampled frame (~4 MB at the default size)
def _scene_background_3d(n_columns: int, size: tuple[int, int], capacity: int) -> Image.Image:
    """Supersampled backdrop and table, without blocks or shadows."""
    layout = _layout_3d(n_columns, size, capacity)
    hi_size = (size[0] * _SUPERSAMPLE, size[1] * _SUPERSAMPLE)
    canvas = vertical_gradient(hi_size, _BACKGROUND_TOP, _BACKGROUND_BOTTOM)
    _draw_table(canvas, layout)
    return canvas


def _draw_table(canvas: Image.Image, layout: _Layout3D) -> None:
    """Table top (lighter towards the viewer) and its front edge."""
    left, right = layout.table_x
    front, bottom = _STACK_DEPTH - _TABLE_FRONT_MARGIN, -_TABLE_THICKNESS
    front_corners = np.array(
        [[left, 0, front], [right, 0, front], [right, bottom, front], [left, bottom, front]]
    )
    top_polygon = _table_top_polygon(layout)
    rows = [point[1] for point in top_polygon]
    top_fill = row_gradient(canvas.size, min(rows), max(rows), _TABLE_TOP_BACK, _TABLE_TOP_FRONT)
    mask = Image.new("L", canvas.size, 0)
    ImageDraw.Draw(mask).polygon(top_polygon, fill=255)
    canvas.paste(top_fill, (0, 0), mask)
    front_polygon = _as_polygon(layout.camera.project(front_corners))
    ImageDraw.Draw(canvas).polygon(front_polygon, fill=_TABLE_FRONT_FACE)


def _table_top_polygon(layout: _Layout3D) -> list[tuple[float, float]]:
    left, right = layout.table_x
    front, back = _STACK_DEPTH - _TABLE_FRONT_MARGIN, _STACK_DEPTH + _TABLE_BACK_MARGIN
    corners = np.array([[left, 0, front], [right, 0, front], [right, 0, back], [left, 0, back]])
    return _as_polygon(layout.camera.project(corners))


def _draw_shadows(canvas: Image.Image, state: Columns, size: tuple[int, int], capacity: int) -> None:
    """Darken the table under every non-empty column through its soft shadow mask."""
    for column_index, stack in enumerate(state):
        if stack:
            mask, origin = _shadow(len(state), size, capacity, column_index)
            left, top = origin
            canvas.paste(_SHADOW_COLOUR, (left, top, left + mask.width, top + mask.height), mask)


@lru_cache(maxsize=256)
def _shadow(
    n_columns: int, size: tuple[int, int], capacity: int, column_index: int
) -> tuple[Image.Image, tuple[int, int]]:
    """Soft shadow of a stack's footprint, cast right and back, away from the light.

    Clipped to the table top, so an outer column's shadow never spills onto the wall.
    """
    layout = _layout_3d(n_columns, size, capacity)
    centre = (layout.column_x[column_index] + _SHADOW_OFFSET[0], 0.0, _STACK_DEPTH + _SHADOW_OFFSET[2])
    half = 0.5 * _SHADOW_SPREAD
    footprint = yawed_rectangle(centre, half, half, _CUBE_YAW_DEGREES)
    polygon = _as_polygon(layout.camera.project(footprint))
    shadow, (left, top) = soft_polygon_mask(polygon, _SHADOW_OPACITY, _SHADOW_BLUR_CUBES * layout.unit_px)
    table = Image.new("L", shadow.size, 0)
    ImageDraw.Draw(table).polygon([(u - left, v - top) for u, v in _table_top_polygon(layout)], fill=255)
    return ImageChops.multiply(shadow, table), (left, top)


def _as_polygon(points: np.ndarray) -> list[tuple[float, float]]:
    return [(float(u), float(v)) for u, v in points]


# ------------------------------------------------------------------ 2D schematic


@dataclass(frozen=True)
class _Layout2D:
    cell_width: float
    square: int  # side of a block square, outline included
    baseline: int  # image row of the table line's top edge


@lru_cache(maxsize=64)
def _layout_2d(n_columns: int, size: tuple[int, int], capacity: int) -> _Layout2D:
    width, height = size
    cell_width = width / n_columns
    baseline = round(height * (1 - _LABEL_BAND_FRACTION) - _baseline_thickness(size))
    free_rows = baseline - height * _TOP_MARGIN_FRACTION
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
    margin = round(size[0] * _TABLE_SIDE_MARGIN_FRACTION)
    ImageDraw.Draw(image).rectangle(
        (margin, layout.baseline, size[0] - 1 - margin, layout.baseline + _baseline_thickness(size) - 1),
        fill=_BASELINE_COLOUR,
    )
    overlay = _column_overlay(n_columns, size)
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
