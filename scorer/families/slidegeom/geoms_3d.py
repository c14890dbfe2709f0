"""The geoms of the 3D view: shaded cubes, pyramids, cylinders and spheres, and their shadows.

Faces, shadows and sphere sprites are cached per shape, cell, board and image size.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from scorer.families.slidegeom.board import Cell, Geom
from scorer.families.slidegeom.board_3d import background_3d
from scorer.families.slidegeom.palette import GEOM_COLOURS
from scorer.families.slidegeom.scene_3d import SHADOW_COLOUR, SHADOW_OFFSET, SUPERSAMPLE, cell_base, cell_px, layout_3d
from scorer.families.slidegeom.view_state import Size
from scorer.render.draw import polygons_box, soft_polygon_mask
from scorer.render.shapes import Light, ProjectedFace, shade
from scorer.render.solids import (
    box_faces,
    cylinder_faces,
    draw_smooth_solid,
    project_faces,
    pyramid_faces,
    sphere_sprite,
)

_Sprite = tuple[Image.Image, tuple[int, int]]  # an image and the pixel of its top-left corner

_CUBE_HALF, _CUBE_HEIGHT = 0.28, 0.56
_PYRAMID_HALF, _PYRAMID_HEIGHT = 0.33, 0.66
_SPHERE_RADIUS = 0.31
_CYLINDER_RADIUS, _CYLINDER_HEIGHT = 0.29, 0.58
# Light from above, front and a little left: tops brightest, fronts near the
# true colour, right sides darker, so every face keeps its hue.
_LIGHT = Light(direction=(-0.35, 1.0, -0.6), ambient=0.55, diffuse=0.5)
_EDGE_BRIGHTNESS = 0.55
_SHADOW_OPACITY = 0.45
_SHADOW_BLUR_CELLS = 0.05


Corners = tuple[tuple[float, float], tuple[float, float]]  # top-left and bottom-right canvas pixels drawn on


def paste_shadows(
    canvas: Image.Image, placements: Sequence[tuple[str, Cell]], board_size: int, size: Size
) -> list[Corners]:
    """Darken the board under each geom (``(shape, cell)``, back to front) through its soft
    contact shadow, on a canvas still equal to ``background_3d``; returns the boxes darkened.

    A shadow whose box meets no earlier one darkens the bare board, so its cached blend with
    the board is pasted as it is: a copy, 30x cheaper than blending through the mask (0.22 ms).
    """
    boxes: list[tuple[int, int, int, int]] = []
    for shape, cell in placements:
        mask, (left, top) = _shadow(shape, cell, board_size, size)
        box = (left, top, left + mask.width, top + mask.height)
        if any(_meet(box, earlier) for earlier in boxes):
            canvas.paste(SHADOW_COLOUR, box, mask)
        else:
            canvas.paste(_shadowed_board(shape, cell, board_size, size), box)
        boxes.append(box)
    return [((left, top), (right, bottom)) for left, top, right, bottom in boxes]


def _meet(box: tuple[int, int, int, int], other: tuple[int, int, int, int]) -> bool:
    return box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]


@lru_cache(maxsize=256)  # 4 shapes on each of 16 cells at a size; ~130 kB each
def _shadowed_board(shape: str, cell: Cell, board_size: int, size: Size) -> Image.Image:
    """The board in a geom's shadow box with the shadow on it. Pasted, never drawn on."""
    mask, (left, top) = _shadow(shape, cell, board_size, size)
    patch = background_3d(board_size, size).crop((left, top, left + mask.width, top + mask.height))
    patch.paste(SHADOW_COLOUR, (0, 0, mask.width, mask.height), mask)
    return patch


@lru_cache(maxsize=1024)
def _shadow(shape: str, cell: Cell, board_size: int, size: Size) -> _Sprite:
    """Soft contact shadow of a geom's footprint, cast right and back, away from the light."""
    layout = layout_3d(board_size, size)
    x, y, z = cell_base(cell, board_size)
    centre = (x + SHADOW_OFFSET[0], y, z + SHADOW_OFFSET[2])
    if shape in ("cube", "pyramid"):
        half = (_CUBE_HALF if shape == "cube" else _PYRAMID_HALF) * 1.05
        footprint = box_faces(centre, half, 0.0)[1].corners
    else:
        radius = (_SPHERE_RADIUS * 0.8 if shape == "sphere" else _CYLINDER_RADIUS) * 1.05
        footprint = cylinder_faces(centre, radius, 0.0, segments=24)[1].corners
    polygon = layout.camera.project_polygon(footprint)
    blur = _SHADOW_BLUR_CELLS * cell_px(board_size, size)
    return soft_polygon_mask(polygon, _SHADOW_OPACITY, blur)


def _edge_width(size: Size) -> int:
    """About one output pixel at the default size, on the supersampled canvas."""
    return max(1, round(SUPERSAMPLE * min(size) / 360))


def draw_geom_3d(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    geom: Geom,
    cell: Cell,
    board_size: int,
    size: Size,
) -> Corners:
    """Draw one geom on the supersampled canvas: a sphere's sprite, or a solid's shaded faces.
    Returns the box drawn on (outlines included)."""
    colour = GEOM_COLOURS[geom.colour]
    if geom.shape == "sphere":
        sprite, (left, top) = _sphere(geom.colour, cell, board_size, size)
        canvas.paste(sprite, (left, top), sprite)
        return ((left, top), (left + sprite.width, top + sprite.height))
    faces = _solid_faces(geom.shape, cell, board_size, size)
    outline = shade(colour, 0.4)
    if geom.shape == "cylinder":
        draw_smooth_solid(draw, faces, colour, outline, _edge_width(size), frozenset({"top"}))
    else:
        for face in faces:
            fill = shade(colour, face.brightness)
            draw.polygon(face.polygon, fill=fill, outline=shade(fill, _EDGE_BRIGHTNESS), width=_edge_width(size))
    x0, y0, x1, y1 = polygons_box([face.polygon for face in faces], _edge_width(size) + 1)
    return ((x0, y0), (x1, y1))


@lru_cache(maxsize=1024)
def _solid_faces(shape: str, cell: Cell, board_size: int, size: Size) -> tuple[ProjectedFace, ...]:
    """The visible, shaded faces of a cube, pyramid or cylinder standing on ``cell``."""
    base = cell_base(cell, board_size)
    if shape == "cube":
        faces = box_faces(base, _CUBE_HALF, _CUBE_HEIGHT)
    elif shape == "pyramid":
        faces = pyramid_faces(base, _PYRAMID_HALF, _PYRAMID_HEIGHT)
    else:
        faces = cylinder_faces(base, _CYLINDER_RADIUS, _CYLINDER_HEIGHT)
    return project_faces(layout_3d(board_size, size).camera, faces, _LIGHT)


@lru_cache(maxsize=512)
def _sphere(colour: str, cell: Cell, board_size: int, size: Size) -> _Sprite:
    """A shaded sphere resting on ``cell``: its sprite and the sprite's top-left pixel.

    A sphere's image is a disc of radius f*r/d around its projected centre
    (exactly so on the optical axis, nearly so for this mild field of view).
    """
    camera = layout_3d(board_size, size).camera
    x, _, z = cell_base(cell, board_size)
    centre = (x, _SPHERE_RADIUS, z)
    radius_px = camera.focal_px * _SPHERE_RADIUS / camera.depth(centre)
    light = camera.to_camera_direction(_LIGHT.direction)
    sprite = _sphere_sprite(colour, radius_px, (float(light[0]), float(light[1]), float(light[2])), _edge_width(size))
    u, v = camera.project(np.array([centre]))[0]
    return sprite, (round(u - sprite.width / 2), round(v - sprite.height / 2))


@lru_cache(maxsize=256)
def _sphere_sprite(colour: str, radius_px: float, light: tuple[float, float, float], outline_px: int) -> Image.Image:
    """A sphere's sprite, shared by the cells at the same distance (one per board row): only
    its position changes along a row. Pasted, never drawn on."""
    rgb = GEOM_COLOURS[colour]
    return sphere_sprite(rgb, radius_px, light, outline=shade(rgb, 0.4), outline_px=outline_px)
