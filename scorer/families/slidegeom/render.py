"""Deterministic images and text of sliding geom boards, after iVISPAR (seed 001).

iVISPAR shows a board in three views; we draw the same content with Pillow:

- ``render_3d``: an angled view from above and in front, shaded solids on a board
  of light tiles, chess-style labels on the front (A-D) and left (1-4) edges;
- ``render_2d``: a top-down schematic, one flat symbol per shape (sphere circle,
  cube square, pyramid triangle, cylinder hexagon), coordinates on the edges and
  on free cells;
- ``render_text``: the board as lines, then one ``A2 blue cylinder`` line per geom;
- ``framed``: iVISPAR's state labelling, a frame and a label box in the role's
  colour (current blue, goal green, past grey).

A board is ``placed``: (geom, cell) pairs with cells ``(x, y)``, x the column
(0 = left, A) and y the row (0 = bottom, 1).  Everything is a pure function of
its arguments, so the same board always gives the same bytes.  Backgrounds,
geometry and sprites are cached; callers get fresh copies.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from scorer.families.slidegeom.board import COLOURS, SHAPES, Cell, Geom, cell_name
from scorer.render.draw import downsample, row_gradient, soft_polygon_mask, vertical_gradient
from scorer.render.fonts import load_font
from scorer.render.pitched_camera import PitchedCamera, camera_looking_at, fit_pitched_camera
from scorer.render.shapes import RGB, Light, ProjectedFace, shade
from scorer.render.solids import (
    box_faces,
    cylinder_faces,
    draw_smooth_solid,
    project_faces,
    pyramid_faces,
    sphere_sprite,
)

Placed = Sequence[tuple[Geom, Cell]]
Size = tuple[int, int]
_Board = tuple[tuple[Geom, Cell], ...]
_Sprite = tuple[Image.Image, tuple[int, int]]  # an image and the pixel of its top-left corner

# Saturated enough to survive shading (a shadowed yellow must still read as
# yellow, not olive), and far from each other and from the grey board.
GEOM_COLOURS: dict[str, RGB] = {
    "red": (214, 39, 40),
    "green": (44, 160, 44),
    "blue": (31, 100, 220),
    "yellow": (250, 205, 20),
}
# iVISPAR's label colours: active (our "current") blue, goal green, past grey.
FRAME_COLOURS: dict[str, RGB] = {
    "current": (82, 138, 174),
    "goal": (100, 191, 106),
    "past": (141, 153, 174),
}
# The 2D schematic's symbol for each shape, as iVISPAR's 2D prompt names them.
SHAPE_SYMBOLS_2D: dict[str, str] = {
    "sphere": "circle",
    "cube": "square",
    "pyramid": "triangle",
    "cylinder": "hexagon",
}
DEFAULT_SIZE_3D: Size = (480, 360)
DEFAULT_SIZE_2D: Size = (480, 480)
MAX_BOARD_SIZE = 9  # one letter and one digit per cell name

# ------------------------------------------------------------------ 3D scene
# World units: one cell = 1.  The board's top is the plane Y = 0, centred on
# the origin; rows (y) run away from the viewer along +Z.  iVISPAR's camera
# looks down ~56 degrees from close by; we look down a little less and from
# further away, so each geom's top still shows above the geom in front of it
# and cells keep a similar size from front to back.
_SUPERSAMPLE = 3
_PITCH_DEGREES = 50.0
_CAMERA_DISTANCE_BOARDS = 2.6  # camera distance in board widths
_MARGIN_FRACTION = 0.03
_BOARD_RIM = 0.12  # slab border around the tiles
_TILE_GAP = 0.035  # each side of a tile
_SLAB_THICKNESS = 0.14
_EDGE_LABEL_OFFSET = 0.3  # label centres, out from the slab edge
_TALLEST_GEOM = 0.7
_CUBE_HALF, _CUBE_HEIGHT = 0.28, 0.56
_PYRAMID_HALF, _PYRAMID_HEIGHT = 0.33, 0.66
_SPHERE_RADIUS = 0.31
_CYLINDER_RADIUS, _CYLINDER_HEIGHT = 0.29, 0.58
# Light from above, front and a little left: tops brightest, fronts near the
# true colour, right sides darker, so every face keeps its hue.
_LIGHT = Light(direction=(-0.35, 1.0, -0.6), ambient=0.55, diffuse=0.5)
_EDGE_BRIGHTNESS = 0.55
_BACKGROUND_TOP: RGB = (238, 238, 236)
_BACKGROUND_BOTTOM: RGB = (196, 196, 192)
_SLAB_TOP: RGB = (92, 98, 108)
_SLAB_FRONT: RGB = (64, 68, 76)
_TILE_BACK: RGB = (218, 218, 212)
_TILE_FRONT: RGB = (242, 242, 238)
_LABEL_3D: RGB = (40, 40, 40)
_SHADOW_COLOUR: RGB = (0, 0, 0)
_SHADOW_OPACITY = 0.45
_SHADOW_OFFSET = (0.1, 0.0, 0.1)  # away from the light: right and back
_SHADOW_BLUR_CELLS = 0.05
_BOARD_SHADOW_OPACITY = 0.35

# ------------------------------------------------------------------ 2D schematic
_SUPERSAMPLE_2D = 4
_BACKGROUND_2D: RGB = (255, 255, 255)
_CELL_2D: RGB = (246, 246, 244)
_GRID_2D: RGB = (40, 40, 40)
_EDGE_LABEL_2D: RGB = (30, 30, 30)
_FREE_LABEL_2D: RGB = (150, 150, 150)
_OUTLINE_2D: RGB = (25, 25, 25)
_LABEL_BAND_2D = 0.07  # share of the side kept for edge labels (left and bottom)

# ------------------------------------------------------------------ frames
_LABEL_BOX_FILL: RGB = (250, 250, 250)
_LABEL_BOX_OUTLINE: RGB = (0, 0, 0)
_LABEL_TEXT: RGB = (0, 0, 0)

_COLOUR_CODES = {"red": "R", "green": "G", "blue": "B", "yellow": "Y"}
_SHAPE_CODES = {"cube": "cu", "pyramid": "py", "sphere": "sp", "cylinder": "cy"}


# --------------------------------------------------------------------- public


def render_3d(
    placed: Placed, board_size: int = 4, size: Size = DEFAULT_SIZE_3D, *, edge_labels: bool = True
) -> Image.Image:
    """An angled view from above: shaded solids on the board, drawn back to front.

    ``edge_labels`` puts A.. along the front edge and 1.. along the left one,
    as iVISPAR's default ``grid_label: edge``; the layout is the same without them.
    """
    board, size = _normalise(placed, board_size), _checked_size(size)
    canvas = _background_3d(board_size, size).copy()
    layout = _layout_3d(board_size, size)
    ordered = sorted(board, key=lambda item: -layout.camera.depth(_cell_base(item[1], board_size)))
    for geom, cell in ordered:
        _paste_shadow(canvas, geom.shape, cell, board_size, size)
    draw = ImageDraw.Draw(canvas)
    for geom, cell in ordered:
        _draw_geom_3d(canvas, draw, geom, cell, board_size, size)
    image = downsample(canvas, _SUPERSAMPLE)
    if edge_labels:
        overlay = _edge_labels_3d(board_size, size)
        image.paste(overlay, (0, 0), overlay)
    return image


def render_2d(placed: Placed, board_size: int = 4, size: Size = DEFAULT_SIZE_2D) -> Image.Image:
    """A top-down schematic: grid, edge coordinates, free cells named, one symbol per geom."""
    board, size = _normalise(placed, board_size), _checked_size(size)
    layout = _layout_2d(board_size, size)
    image = _background_2d(board_size, size).copy()
    for geom, cell in board:
        left, top = _cell_interior_origin(layout, cell)
        image.paste(_symbol_tile(geom.colour, geom.shape, layout.interior), (left, top))
    return image


def render_text(placed: Placed, board_size: int = 4) -> str:
    """The board as a grid of codes (top row first), then one ``A2 blue cylinder`` line per geom.

    Geoms are listed in board-coordinate order (A1, A2, ..., B1, ...), as
    iVISPAR lists them, so the text does not depend on the input order.
    """
    board = _normalise(placed, board_size)
    listed = sorted(board, key=lambda item: item[1])
    lines = [*_text_header(board_size), *_text_grid(board, board_size), f"Geoms ({len(board)}):"]
    lines.extend(f"{cell_name(cell)} {geom.name}" for geom, cell in listed)
    return "\n".join(lines)


def framed(image: Image.Image, label: str, role: str) -> Image.Image:
    """``image`` in a frame of the role's colour under a band holding a boxed ``label``.

    ``role`` is ``current`` (blue), ``goal`` (green) or ``past`` (grey), as
    iVISPAR marks its active, goal and past images.  A transparent image is
    first laid on the role colour, as iVISPAR composites its screenshots.
    """
    if role not in FRAME_COLOURS:
        raise ValueError(f"unknown role {role!r}; expected one of {sorted(FRAME_COLOURS)}")
    colour = FRAME_COLOURS[role]
    width, height = image.size
    border = max(3, round(min(width, height) / 60))
    band = _label_band(label, width + 2 * border, min(width, height), border, colour)
    canvas = Image.new("RGB", (width + 2 * border, height + border + band.height), colour)
    canvas.paste(band, (0, 0))
    if image.mode in ("RGBA", "LA", "P"):
        rgba = image.convert("RGBA")
        canvas.paste(rgba, (border, band.height), rgba)
    else:
        canvas.paste(image.convert("RGB"), (border, band.height))
    return canvas


def cell_centre_3d(
    cell: Cell, board_size: int = 4, size: Size = DEFAULT_SIZE_3D, lift: float = 0.25
) -> tuple[int, int]:
    """Pixel of the point ``lift`` cells above the centre of ``cell`` in ``render_3d``.

    At the default lift the point lies inside every shape's body, so it shows
    the colour of the geom standing there (unless a geom in front hides it).
    """
    size = _checked_size(size)
    _check_cell(cell, board_size)
    x, _, z = _cell_base(cell, board_size)
    point = _layout_3d(board_size, size).camera.project(np.array([[x, lift, z]]))[0] / _SUPERSAMPLE
    return (int(point[0]), int(point[1]))


def cell_centre_2d(cell: Cell, board_size: int = 4, size: Size = DEFAULT_SIZE_2D) -> tuple[int, int]:
    """Pixel at the middle of ``cell`` in ``render_2d`` (the middle of its symbol)."""
    size = _checked_size(size)
    _check_cell(cell, board_size)
    layout = _layout_2d(board_size, size)
    left, top = _cell_interior_origin(layout, cell)
    return (left + layout.interior // 2, top + layout.interior // 2)


# ------------------------------------------------------------------ checks


def _normalise(placed: Placed, board_size: int) -> _Board:
    """The board as a hashable tuple; rejects unknown geoms, off-board cells and clashes."""
    _check_board_size(board_size)
    board = tuple((geom, (int(cell[0]), int(cell[1]))) for geom, cell in placed)
    for geom, cell in board:
        if geom.colour not in GEOM_COLOURS or geom.shape not in SHAPES:
            raise ValueError(f"unknown geom {geom.name!r}; colours {COLOURS}, shapes {SHAPES}")
        _check_cell(cell, board_size)
    cells = [cell for _, cell in board]
    if len(set(cells)) != len(cells):
        raise ValueError("two geoms share a cell")
    geoms = [geom for geom, _ in board]
    if len(set(geoms)) != len(geoms):
        raise ValueError("a geom is placed twice")
    return board


def _check_board_size(board_size: int) -> None:
    if not 1 <= board_size <= MAX_BOARD_SIZE:
        raise ValueError(f"board size {board_size} outside 1..{MAX_BOARD_SIZE}")


def _check_cell(cell: Cell, board_size: int) -> None:
    _check_board_size(board_size)
    x, y = cell
    if not (0 <= x < board_size and 0 <= y < board_size):
        raise ValueError(f"cell {cell} is off a {board_size}x{board_size} board")


def _checked_size(size: Sequence[int]) -> tuple[int, int]:
    """``size`` as a hashable (width, height) tuple of ints, for the caches."""
    width, height = (int(side) for side in size)
    if width < 64 or height < 64:
        raise ValueError(f"image size {tuple(size)} is too small to draw a board")
    return (width, height)


def _geom_code(geom: Geom) -> str:
    return _COLOUR_CODES[geom.colour] + _SHAPE_CODES[geom.shape]


def _text_header(board_size: int) -> list[str]:
    """How to read the grid: axes, the empty mark and the geom codes."""
    last_column = cell_name((board_size - 1, 0))[0]
    colours = ", ".join(f"{code} {name}" for name, code in _COLOUR_CODES.items())
    shapes = ", ".join(f"{code} {name}" for name, code in _SHAPE_CODES.items())
    return [
        f"Board {board_size}x{board_size}: columns A-{last_column} left to right, "
        + f"rows 1-{board_size} bottom to top; . = empty cell.",
        f"Codes: colour ({colours}) + shape ({shapes}).",
    ]


def _text_grid(board: _Board, board_size: int) -> list[str]:
    """Column letters, then one line per row from the top: row number, then a code or ``.`` per cell."""
    codes = {cell: _geom_code(geom) for geom, cell in board}
    lines = ["    " + "".join(f"{cell_name((x, 0))[0]:<4}" for x in range(board_size)).rstrip()]
    for y in reversed(range(board_size)):
        row = "".join(f"{codes.get((x, y), '.'):<4}" for x in range(board_size))
        lines.append(f"{y + 1:<4}{row}".rstrip())
    return lines


# ------------------------------------------------------------------ 3D layout


@dataclass(frozen=True)
class _Layout3D:
    camera: PitchedCamera  # maps to supersampled pixels
    half_board: float  # half the tiled area's side, in cells


def _cell_base(cell: Cell, board_size: int) -> tuple[float, float, float]:
    """World point at the centre of ``cell`` on the board's top."""
    x, y = cell
    half = board_size / 2
    return (x - half + 0.5, 0.0, y - half + 0.5)


@lru_cache(maxsize=64)
def _layout_3d(board_size: int, size: Size) -> _Layout3D:
    """Fit the camera so the board, its labels and back-row geoms fill the image."""
    half = board_size / 2
    outer = half + _BOARD_RIM
    label = outer + _EDGE_LABEL_OFFSET + 0.2  # + half a label's extent
    fitted = np.array(
        [
            # Both front corners beyond the label rows, so the board stays centred.
            [-label, 0.0, -label],
            [label, 0.0, -label],
            [outer, -_SLAB_THICKNESS, -outer],
            [-label, 0.0, outer],
            [label, 0.0, outer],
            [-half, _TALLEST_GEOM, half],
            [half, _TALLEST_GEOM, half],
        ]
    )
    position = camera_looking_at((0.0, 0.0, 0.0), _CAMERA_DISTANCE_BOARDS * board_size, _PITCH_DEGREES)
    width, height = size[0] * _SUPERSAMPLE, size[1] * _SUPERSAMPLE
    margin = _MARGIN_FRACTION * min(width, height)
    box = (margin, margin, width - margin, height - margin)
    return _Layout3D(fit_pitched_camera(position, _PITCH_DEGREES, fitted, box), half)


def _cell_px(board_size: int, size: Size) -> float:
    """Supersampled width of a cell at the board's centre."""
    camera = _layout_3d(board_size, size).camera
    ends = camera.project(np.array([[-0.5, 0.0, 0.0], [0.5, 0.0, 0.0]]))
    return float(ends[1, 0] - ends[0, 0])


# ------------------------------------------------------------------ 3D background


@lru_cache(maxsize=16)  # each entry is a supersampled frame (~4.7 MB at the default size)
def _background_3d(board_size: int, size: Size) -> Image.Image:
    """Supersampled backdrop, the board's shadow and slab, and its tiles."""
    layout = _layout_3d(board_size, size)
    hi_size = (size[0] * _SUPERSAMPLE, size[1] * _SUPERSAMPLE)
    canvas = vertical_gradient(hi_size, _BACKGROUND_TOP, _BACKGROUND_BOTTOM)
    _draw_board_shadow(canvas, layout, board_size, size)
    _draw_slab(canvas, layout)
    _draw_tiles(canvas, layout, board_size)
    return canvas


def _project_polygon(camera: PitchedCamera, corners: list[list[float]]) -> list[tuple[float, float]]:
    return [(float(u), float(v)) for u, v in camera.project(np.array(corners))]


def _draw_board_shadow(canvas: Image.Image, layout: _Layout3D, board_size: int, size: Size) -> None:
    """A soft shadow under the slab, so the board sits on the table."""
    outer = layout.half_board + _BOARD_RIM
    dx, _, dz = _SHADOW_OFFSET
    floor = -_SLAB_THICKNESS
    footprint = [[-outer + dx, floor, -outer + dz], [outer + dx, floor, -outer + dz],
                 [outer + dx, floor, outer + dz], [-outer + dx, floor, outer + dz]]  # fmt: skip
    polygon = _project_polygon(layout.camera, footprint)
    blur = 0.12 * _cell_px(board_size, size)
    mask, origin = soft_polygon_mask(polygon, _BOARD_SHADOW_OPACITY, blur)
    canvas.paste(_SHADOW_COLOUR, (*origin, origin[0] + mask.width, origin[1] + mask.height), mask)


def _draw_slab(canvas: Image.Image, layout: _Layout3D) -> None:
    """The board's dark slab: its top and the front face the camera sees."""
    outer, bottom = layout.half_board + _BOARD_RIM, -_SLAB_THICKNESS
    top = [[-outer, 0, -outer], [outer, 0, -outer], [outer, 0, outer], [-outer, 0, outer]]
    front = [[-outer, 0, -outer], [outer, 0, -outer], [outer, bottom, -outer], [-outer, bottom, -outer]]
    draw = ImageDraw.Draw(canvas)
    draw.polygon(_project_polygon(layout.camera, top), fill=_SLAB_TOP)
    draw.polygon(_project_polygon(layout.camera, front), fill=_SLAB_FRONT)


def _draw_tiles(canvas: Image.Image, layout: _Layout3D, board_size: int) -> None:
    """Light tiles, a touch brighter towards the viewer (light falls from the front)."""
    mask = Image.new("L", canvas.size, 0)
    draw = ImageDraw.Draw(mask)
    inset = 0.5 - _TILE_GAP
    for x in range(board_size):
        for y in range(board_size):
            cx, _, cz = _cell_base((x, y), board_size)
            corners = [[cx - inset, 0, cz - inset], [cx + inset, 0, cz - inset],
                       [cx + inset, 0, cz + inset], [cx - inset, 0, cz + inset]]  # fmt: skip
            draw.polygon(_project_polygon(layout.camera, corners), fill=255)
    back_and_front = np.array([[0.0, 0.0, layout.half_board], [0.0, 0.0, -layout.half_board]])
    rows = layout.camera.project(back_and_front)[:, 1]
    fill = row_gradient(canvas.size, float(rows[0]), float(rows[1]), _TILE_BACK, _TILE_FRONT)
    canvas.paste(fill, (0, 0), mask)


@lru_cache(maxsize=64)
def _edge_labels_3d(board_size: int, size: Size) -> Image.Image:
    """Transparent layer with A.. along the front edge and 1.. along the left edge.

    Drawn at the output resolution, after the supersampled scene is reduced,
    so the letters stay crisp.
    """
    layout = _layout_3d(board_size, size)
    overlay = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    font = load_font(max(8, round(_cell_px(board_size, size) / _SUPERSAMPLE * 0.3)))
    out = layout.half_board + _BOARD_RIM + _EDGE_LABEL_OFFSET
    for index in range(board_size):
        x, _, z = _cell_base((index, index), board_size)
        letter, number = cell_name((index, index))[0], str(index + 1)
        for text, point in ((letter, (x, 0.0, -out)), (number, (-out, 0.0, z))):
            u, v = layout.camera.project(np.array([point]))[0] / _SUPERSAMPLE
            draw.text((float(u), float(v)), text, fill=_LABEL_3D + (255,), font=font, anchor="mm")
    return overlay


# ------------------------------------------------------------------ 3D geoms


def _paste_shadow(canvas: Image.Image, shape: str, cell: Cell, board_size: int, size: Size) -> None:
    mask, (left, top) = _shadow(shape, cell, board_size, size)
    canvas.paste(_SHADOW_COLOUR, (left, top, left + mask.width, top + mask.height), mask)


@lru_cache(maxsize=1024)
def _shadow(shape: str, cell: Cell, board_size: int, size: Size) -> _Sprite:
    """Soft contact shadow of a geom's footprint, cast right and back, away from the light."""
    layout = _layout_3d(board_size, size)
    x, y, z = _cell_base(cell, board_size)
    centre = (x + _SHADOW_OFFSET[0], y, z + _SHADOW_OFFSET[2])
    if shape in ("cube", "pyramid"):
        half = (_CUBE_HALF if shape == "cube" else _PYRAMID_HALF) * 1.05
        footprint = box_faces(centre, half, 0.0)[1].corners
    else:
        radius = (_SPHERE_RADIUS * 0.8 if shape == "sphere" else _CYLINDER_RADIUS) * 1.05
        footprint = cylinder_faces(centre, radius, 0.0, segments=24)[1].corners
    polygon = [(float(u), float(v)) for u, v in layout.camera.project(footprint)]
    blur = _SHADOW_BLUR_CELLS * _cell_px(board_size, size)
    return soft_polygon_mask(polygon, _SHADOW_OPACITY, blur)


def _edge_width(size: Size) -> int:
    """About one output pixel at the default size, on the supersampled canvas."""
    return max(1, round(_SUPERSAMPLE * min(size) / 360))


def _draw_geom_3d(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    geom: Geom,
    cell: Cell,
    board_size: int,
    size: Size,
) -> None:
    colour = GEOM_COLOURS[geom.colour]
    if geom.shape == "sphere":
        sprite, origin = _sphere(geom.colour, cell, board_size, size)
        canvas.paste(sprite, origin, sprite)
        return
    faces = _solid_faces(geom.shape, cell, board_size, size)
    outline = shade(colour, 0.4)
    if geom.shape == "cylinder":
        draw_smooth_solid(draw, faces, colour, outline, _edge_width(size), frozenset({"top"}))
        return
    for face in faces:
        fill = shade(colour, face.brightness)
        draw.polygon(face.polygon, fill=fill, outline=shade(fill, _EDGE_BRIGHTNESS), width=_edge_width(size))


@lru_cache(maxsize=1024)
def _solid_faces(shape: str, cell: Cell, board_size: int, size: Size) -> tuple[ProjectedFace, ...]:
    """The visible, shaded faces of a cube, pyramid or cylinder standing on ``cell``."""
    base = _cell_base(cell, board_size)
    if shape == "cube":
        faces = box_faces(base, _CUBE_HALF, _CUBE_HEIGHT)
    elif shape == "pyramid":
        faces = pyramid_faces(base, _PYRAMID_HALF, _PYRAMID_HEIGHT)
    else:
        faces = cylinder_faces(base, _CYLINDER_RADIUS, _CYLINDER_HEIGHT)
    return project_faces(_layout_3d(board_size, size).camera, faces, _LIGHT)


@lru_cache(maxsize=512)
def _sphere(colour: str, cell: Cell, board_size: int, size: Size) -> _Sprite:
    """A shaded sphere resting on ``cell``: its sprite and the sprite's top-left pixel.

    A sphere's image is a disc of radius f*r/d around its projected centre
    (exactly so on the optical axis, nearly so for this mild field of view).
    """
    camera = _layout_3d(board_size, size).camera
    x, _, z = _cell_base(cell, board_size)
    centre = (x, _SPHERE_RADIUS, z)
    radius_px = camera.focal_px * _SPHERE_RADIUS / camera.depth(centre)
    light = camera.to_camera_direction(_LIGHT.direction)
    sprite = sphere_sprite(
        GEOM_COLOURS[colour],
        radius_px,
        (float(light[0]), float(light[1]), float(light[2])),
        outline=shade(GEOM_COLOURS[colour], 0.4),
        outline_px=_edge_width(size),
    )
    u, v = camera.project(np.array([centre]))[0]
    return sprite, (round(u - sprite.width / 2), round(v - sprite.height / 2))


# ------------------------------------------------------------------ 2D schematic


@dataclass(frozen=True)
class _Layout2D:
    left: int  # image column of the grid's left line
    top: int  # image row of the grid's top line
    cell: int  # pitch of the grid lines, in pixels
    line: int  # grid line width
    board_size: int

    @property
    def interior(self) -> int:
        """Side of a cell's inside, between its grid lines."""
        return self.cell - self.line


@lru_cache(maxsize=64)
def _layout_2d(board_size: int, size: Size) -> _Layout2D:
    """An integer grid (so symbol tiles fit cells exactly), centred right of and above the labels."""
    width, height = size
    band = round(_LABEL_BAND_2D * min(size))
    margin = max(2, round(0.02 * min(size)))
    line = max(1, round(min(size) / 240))
    cell = (min(width - band - 2 * margin, height - band - 2 * margin) - line) // board_size
    grid = cell * board_size + line
    left = band + margin + (width - band - 2 * margin - grid) // 2
    top = margin + (height - band - 2 * margin - grid) // 2
    return _Layout2D(left, top, cell, line, board_size)


def _cell_interior_origin(layout: _Layout2D, cell: Cell) -> tuple[int, int]:
    """Top-left pixel inside ``cell``; row 0 is the bottom row."""
    x, y = cell
    row_from_top = layout.board_size - 1 - y
    left = layout.left + x * layout.cell + layout.line
    return (left, layout.top + row_from_top * layout.cell + layout.line)


@lru_cache(maxsize=64)
def _background_2d(board_size: int, size: Size) -> Image.Image:
    """White page, grid, edge coordinates and every cell's name (symbols cover the taken ones)."""
    layout = _layout_2d(board_size, size)
    image = Image.new("RGB", size, _BACKGROUND_2D)
    draw = ImageDraw.Draw(image)
    span = layout.cell * board_size
    draw.rectangle((layout.left, layout.top, layout.left + span, layout.top + span), fill=_CELL_2D)
    for index in range(board_size + 1):
        offset = index * layout.cell
        draw.rectangle((layout.left + offset, layout.top, layout.left + offset + layout.line - 1,
                        layout.top + span + layout.line - 1), fill=_GRID_2D)  # fmt: skip
        draw.rectangle((layout.left, layout.top + offset, layout.left + span + layout.line - 1,
                        layout.top + offset + layout.line - 1), fill=_GRID_2D)  # fmt: skip
    _draw_labels_2d(draw, layout)
    return image


def _draw_labels_2d(draw: ImageDraw.ImageDraw, layout: _Layout2D) -> None:
    """Letters under the columns, numbers left of the rows, small grey names in the cells."""
    edge_font = load_font(max(8, round(layout.cell * 0.24)))
    cell_font = load_font(max(7, round(layout.cell * 0.17)))
    size = layout.board_size
    gap = round(layout.cell * 0.22)
    bottom = layout.top + size * layout.cell + layout.line
    for index in range(size):
        left, top = _cell_interior_origin(layout, (index, index))
        middle_x, middle_y = left + layout.interior / 2, top + layout.interior / 2
        name = cell_name((index, index))
        draw.text((middle_x, bottom + gap), name[0], fill=_EDGE_LABEL_2D, font=edge_font, anchor="mm")
        draw.text((layout.left - gap, middle_y), name[1:], fill=_EDGE_LABEL_2D, font=edge_font, anchor="mm")
    for x in range(size):
        for y in range(size):
            left, top = _cell_interior_origin(layout, (x, y))
            centre = (left + layout.interior / 2, top + layout.interior / 2)
            draw.text(centre, cell_name((x, y)), fill=_FREE_LABEL_2D, font=cell_font, anchor="mm")


@lru_cache(maxsize=256)
def _symbol_tile(colour: str, shape: str, side: int) -> Image.Image:
    """A cell's inside with the shape's symbol, drawn supersampled for smooth edges."""
    hi = side * _SUPERSAMPLE_2D
    tile = Image.new("RGB", (hi, hi), _CELL_2D)
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


# ------------------------------------------------------------------ frames


def _label_band(label: str, width: int, short_side: int, border: int, colour: RGB) -> Image.Image:
    """The band above a framed image: the role colour with the label in a rounded white box."""
    font_px = max(10, round(short_side * 0.05))
    font = load_font(font_px)
    height = 2 * border + round(font_px * 1.7)
    band = Image.new("RGB", (width, height), colour)
    draw = ImageDraw.Draw(band)
    text_width = draw.textlength(label, font=font)
    pad = round(font_px * 0.5)
    box = (border, border, border + math.ceil(text_width) + 2 * pad, height - border - 1)
    draw.rounded_rectangle(box, radius=round(font_px * 0.35), fill=_LABEL_BOX_FILL,
                           outline=_LABEL_BOX_OUTLINE, width=max(1, round(font_px / 12)))  # fmt: skip
    draw.text((box[0] + pad, (box[1] + box[3]) / 2), label, fill=_LABEL_TEXT, font=font, anchor="lm")
    return band
