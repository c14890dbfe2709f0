"""The 3D blocksworld scene: where the camera, the table and every cube are.

World units are cube sides.  Stacks stand on the line Z = ``STACK_DEPTH``; a
camera fitted to the image (and cached per image size, column count and stack
capacity) maps the scene to supersampled pixels, which ``view_3d`` draws on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from scorer.families.blocksworld.column_frame import (
    LABEL_BAND_FRACTION,
    TABLE_SIDE_MARGIN_FRACTION,
    TOP_MARGIN_FRACTION,
)
from scorer.render import Light, ProjectedFace, ShiftLensCamera, box_corners, fit_camera_to_rows, project_box

# A distant camera keeps perspective mild, so cubes look alike in every
# column; it looks down ~30 degrees onto the table and ~23 onto the top of a
# 6-high stack.
SUPERSAMPLE = 3
STACK_DEPTH = 40.0
_CAMERA_DOWN_ANGLE_DEGREES = 30.0
_MIN_CAMERA_ABOVE_STACK = 4.0  # still see the tops of (rare) very tall stacks
CUBE_YAW_DEGREES = 20.0  # turns each cube so its right face shows in every column
TABLE_FRONT_MARGIN = 1.5
_TABLE_BACK_MARGIN = 3.5
TABLE_THICKNESS = 0.3
_MAX_CUBE_CELL_FRACTION = 0.6  # widest share of a column cell a cube may take
# From above, front and a little left: top ~1.0, front ~0.9, right side ~0.6,
# so the large front face keeps the block's true colour.
_LIGHT = Light(direction=(-0.25, 1.0, -0.75), ambient=0.6, diffuse=0.5)


@dataclass(frozen=True)
class Layout3D:
    """Where things are in a 3D scene; the camera maps to supersampled pixels."""

    camera: ShiftLensCamera
    column_x: tuple[float, ...]  # world X of each stack's axis
    table_x: tuple[float, float]  # world X of the table's left and right edges
    unit_px: float  # pixels per cube side at the stacks' depth


@lru_cache(maxsize=64)
def layout_3d(n_columns: int, size: tuple[int, int], capacity: int) -> Layout3D:
    """Fit a camera so a ``capacity``-high stack and the table front fill the free rows."""
    hi_width, hi_height = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    position = (0.0, _camera_height(capacity), 0.0)
    stack_centre, stack_half_sizes = (0.0, capacity / 2, STACK_DEPTH), (0.5, capacity / 2, 0.5)
    tallest_stack = box_corners(stack_centre, stack_half_sizes, CUBE_YAW_DEGREES)
    table_front_bottom = np.array([[0.0, -TABLE_THICKNESS, STACK_DEPTH - TABLE_FRONT_MARGIN]])
    fitted_points = np.vstack([tallest_stack, table_front_bottom])
    cell_width = hi_width / n_columns
    camera = fit_camera_to_rows(
        position,
        fitted_points,
        top_row=hi_height * TOP_MARGIN_FRACTION,
        bottom_row=hi_height * (1 - LABEL_BAND_FRACTION),
        centre_x=hi_width / 2,
        max_focal_px=_MAX_CUBE_CELL_FRACTION * cell_width / _unit_cube_width(position),
    )
    column_x = tuple(_centred_stack_x(camera, cell_width * (index + 0.5)) for index in range(n_columns))
    table_front = STACK_DEPTH - TABLE_FRONT_MARGIN
    side_margin = hi_width * TABLE_SIDE_MARGIN_FRACTION
    table_x = (
        camera.unproject_x(side_margin, table_front),
        camera.unproject_x(hi_width - side_margin, table_front),
    )
    return Layout3D(camera, column_x, table_x, camera.focal_px / STACK_DEPTH)


def _camera_height(capacity: int) -> float:
    look_down = STACK_DEPTH * math.tan(math.radians(_CAMERA_DOWN_ANGLE_DEGREES))
    return max(look_down, capacity + _MIN_CAMERA_ABOVE_STACK)


def _unit_cube_width(position: tuple[float, float, float]) -> float:
    """Image width of one cube at the stacks' depth, for a unit focal length."""
    camera = ShiftLensCamera(position, 1.0, 0.0, 0.0)
    corners = box_corners((0.0, 0.5, STACK_DEPTH), (0.5, 0.5, 0.5), CUBE_YAW_DEGREES)
    return float(np.ptp(camera.project(corners)[:, 0]))


def _centred_stack_x(camera: ShiftLensCamera, cell_centre_u: float) -> float:
    """World X of a stack whose bottom cube's image is centred on ``cell_centre_u``.

    A yawed cube's image is not symmetric about its axis, so we shift the axis
    by the offset of the image's bounding box (projection is affine in X at a
    fixed depth, so one correction is exact).
    """
    guess = camera.unproject_x(cell_centre_u, STACK_DEPTH)
    corners = box_corners((guess, 0.5, STACK_DEPTH), (0.5, 0.5, 0.5), CUBE_YAW_DEGREES)
    columns_u = camera.project(corners)[:, 0]
    offset_px = (float(columns_u.min()) + float(columns_u.max())) / 2 - cell_centre_u
    return guess - offset_px * STACK_DEPTH / camera.focal_px


@lru_cache(maxsize=1024)
def cube_faces(
    n_columns: int, size: tuple[int, int], capacity: int, column_index: int, level: int
) -> tuple[ProjectedFace, ...]:
    """Visible, shaded faces of the cube at ``level`` (0 = on the table) of a column."""
    layout = layout_3d(n_columns, size, capacity)
    centre = (layout.column_x[column_index], level + 0.5, STACK_DEPTH)
    return project_box(layout.camera, centre, (0.5, 0.5, 0.5), CUBE_YAW_DEGREES, _LIGHT)


def table_top_polygon(layout: Layout3D) -> list[tuple[float, float]]:
    left, right = layout.table_x
    front, back = STACK_DEPTH - TABLE_FRONT_MARGIN, STACK_DEPTH + _TABLE_BACK_MARGIN
    corners = np.array([[left, 0, front], [right, 0, front], [right, 0, back], [left, 0, back]])
    return layout.camera.project_polygon(corners)
