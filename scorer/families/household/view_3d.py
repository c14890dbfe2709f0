"""The first-person view: what stands in front of the agent, drawn in perspective.

ViPlan's household images are iGibson renders from the robot's camera, with a labelled
bounding box around each object of the problem. We draw the same content with Pillow:
the wall the agent faces and the floor, the piece it faces in the middle and the slots
beside it, as shaded boxes (tables on legs, shelves with boards, cabinets and fridges
whose doors stand open or shut, cartons with flaps, doors and windows in the wall).
Objects rest on their piece, or inside it when it is open; each named object has a
labelled box around it, as ViPlan's images do. A held object is at the bottom of the
picture in a robot gripper. Drawn supersampled, then reduced.

Legible at the dataset's size: an object is drawn at least ``MIN_ITEM_PX`` wide and
``MIN_ITEM_HEIGHT_PX`` high (a row of objects spreads out to make room) with an outline
that contrasts with its colour, and the name tags are placed by ``scorer.render.labels``
(objects' tags first, then the pieces', then the held object's): never over another tag,
a leader line to an object whose tag had to move away from it.

Nothing a model could take for an object of the problem goes unlabelled, and no tag is cut:
decoration (furniture no problem names, where unplaced objects rest) gets a white,
grey-edged tag with its kind, as the floor plan names it, and no yellow box, so it is
neither unnamed nor mistaken for a piece of the problem; a piece beside the one faced
that the frame cuts keeps its box inside the frame and its tag says "(partly out of
view)"; objects are moved along their piece to stand whole in the frame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

import numpy as np
from PIL import Image, ImageDraw

from scorer.families.household.furniture import FLOOR_COLOURS, WALL_COLOURS, FurnitureKind, furniture_kind, item_kind
from scorer.families.household.scene import SLOT_SPACING, Piece, kind_of
from scorer.families.household.sight import Sight
from scorer.render import Draw, downsample, draw_shaded_faces
from scorer.render.fonts import load_font
from scorer.render.labels import Box, Tag, leader_line, place_tags
from scorer.render.pitched_camera import PitchedCamera
from scorer.render.shapes import RGB, Light, ProjectedFace, project_box, shade
from scorer.render.solids import cylinder_faces, draw_smooth_solid, project_faces, silhouette, sphere_sprite

SIZE = (480, 360)
SUPERSAMPLE = 2
CAMERA_HEIGHT = 1.75
CAMERA_DISTANCE = 2.3  # metres from the wall
PITCH_DEGREES = 24.0
LIGHT = Light((-0.4, 0.9, -0.6), ambient=0.55, diffuse=0.5)
EDGE = 0.7
INTERIOR: RGB = (52, 46, 42)
LABEL_BOX: RGB = (255, 214, 0)
WALL_HEIGHT = 4.0
VIEW_HALF_WIDTH = 4.5  # metres of wall drawn each side of the centre
MIN_ITEM_PX = 18  # an object's least width in the picture (output pixels)
MIN_ITEM_HEIGHT_PX = 9  # and least height: flat things (a sock, a document) drawn thicker
FONT_PX = 11
ROW_ITEMS = 3  # an open cabinet holding more stands them on two shelves
SMALL_BOX_PX = 80  # tags keep off boxes narrower than this (objects); they may cover furniture
FURNITURE_TAG: RGB = (250, 250, 248)  # decoration's tags: white, grey-edged, unlike the problem's yellow
FURNITURE_TEXT: RGB = (70, 70, 70)
PARTLY_OUT = " (partly out of view)"  # ends the tag of an object the frame cuts
FRAME_MARGIN_PX = 2  # objects keep this far inside the frame (output pixels)
DARK_OUTLINE: RGB = (20, 20, 24)
LIGHT_OUTLINE: RGB = (240, 240, 236)


class Target(NamedTuple):
    """Something the view tags: its box in the picture and the text of its tag."""

    box: Box
    text: str  # the PDDL name of an object of the problem, or the kind of a decoration piece
    named: bool  # an object of the problem (yellow box and tag); decoration has a white tag only


@dataclass(frozen=True)
class Layout:
    """Where the view put things, in output pixels: each labelled object's box (inside the
    frame), every tag drawn (the problem's and the decoration's) and the objects the frame cuts."""

    objects: tuple[tuple[Box, str], ...]
    tags: tuple[Tag, ...]
    partly_out: frozenset[str]


@dataclass(frozen=True)
class _Frame:
    camera: PitchedCamera
    image: Image.Image
    draw: ImageDraw.ImageDraw
    scale: int  # supersampling factor: line widths and fonts grow with it


def render_3d(seen: Sight) -> Image.Image:
    return _render(seen)[0].copy()


def view_layout(seen: Sight) -> Layout:
    """The object boxes and name tags of ``seen``'s picture (output pixels)."""
    return _render(seen)[1]


@lru_cache(maxsize=1024)
def _render(seen: Sight) -> tuple[Image.Image, Layout]:
    width, height = SIZE[0] * SUPERSAMPLE, SIZE[1] * SUPERSAMPLE
    camera = PitchedCamera((0.0, CAMERA_HEIGHT, -CAMERA_DISTANCE), 0.5 * width, width / 2, height / 2, PITCH_DEGREES)
    image = Image.new("RGB", (width, height), (200, 200, 200))
    frame = _Frame(camera, image, Draw(image), SUPERSAMPLE)
    scene = seen.scene
    spot = scene.piece(seen.spot)
    assert spot is not None, f"the agent faces {seen.spot}, which is not in the scene"
    room = scene.rooms[spot.room].name
    _room_shell(frame, WALL_COLOURS.get(room, (225, 225, 225)), FLOOR_COLOURS.get(room, (200, 200, 200)))
    placed = [(piece, _offset(spot, piece)) for piece in scene.neighbours(spot)]
    targets: list[Target] = []
    for piece, x in sorted(placed, key=lambda pair: -abs(pair[1])):  # far sides first
        targets += _piece(frame, seen, piece, x)
    held = [Target(_held(frame, seen.held), seen.held, True)] if seen.held else []
    ordered = _tag_order(targets, held, {p.name for p in scene.pieces})
    size = (float(width), float(height))
    partly_out = frozenset(t.text for t in ordered if _clipped(t.box, size) != t.box)
    inside = [t._replace(box=_clipped(t.box, size)) for t in ordered]
    tags = _labels(frame, inside, partly_out)
    scale = float(SUPERSAMPLE)
    layout = Layout(
        tuple((_scaled(t.box, scale), t.text) for t in inside if t.named),
        tuple(Tag(t.text, _scaled(t.target, scale), _scaled(t.box, scale), t.leader) for t in tags),
        partly_out,
    )
    return downsample(image, SUPERSAMPLE), layout


def _tag_order(targets: list[Target], held: list[Target], pieces: set[str]) -> list[Target]:
    """Objects' tags first (they must sit by small things), then the problem's pieces', the
    held object's, and decoration's last: it may give way to all of them."""
    objects = [t for t in targets if t.named and t.text not in pieces]
    named_pieces = [t for t in targets if t.named and t.text in pieces]
    return objects + named_pieces + held + [t for t in targets if not t.named]


def _clipped(box: Box, size: tuple[float, float]) -> Box:
    """The part of ``box`` inside the frame (the box ViPlan's simulator draws round a cut object)."""
    return (max(box[0], 0.0), max(box[1], 0.0), min(box[2], size[0]), min(box[3], size[1]))


def _scaled(box: Box, factor: float) -> Box:
    return (box[0] / factor, box[1] / factor, box[2] / factor, box[3] / factor)


def _offset(spot: Piece, piece: Piece) -> float:
    """The piece's x in view: facing north, east is to the right; facing south, to the left."""
    sign = 1.0 if spot.wall == "north" else -1.0
    return sign * (piece.slot - spot.slot) * SLOT_SPACING


def _room_shell(frame: _Frame, wall: RGB, floor: RGB) -> None:
    w = VIEW_HALF_WIDTH
    floor_corners = [[-w, 0, 0], [w, 0, 0], [w, 0, -CAMERA_DISTANCE + 0.3], [-w, 0, -CAMERA_DISTANCE + 0.3]]
    frame.draw.polygon(frame.camera.project_polygon(floor_corners), fill=floor)
    wall_corners = [[-w, 0, 0], [w, 0, 0], [w, WALL_HEIGHT, 0], [-w, WALL_HEIGHT, 0]]
    frame.draw.polygon(frame.camera.project_polygon(wall_corners), fill=wall)
    skirting = frame.camera.project_polygon([[-w, 0, -0.01], [w, 0, -0.01]])
    frame.draw.line(skirting, fill=shade(wall, 0.6), width=3 * frame.scale)


def _box(frame: _Frame, centre: tuple[float, float, float], half: tuple[float, float, float], colour: RGB) -> None:
    draw_shaded_faces(frame.draw, _box_faces(frame.camera, centre, half), colour, EDGE, frame.scale)


@lru_cache(maxsize=4096)  # the same furniture stands at the same places from sight to sight
def _box_faces(
    camera: PitchedCamera, centre: tuple[float, float, float], half: tuple[float, float, float]
) -> tuple[ProjectedFace, ...]:
    """A box's visible faces, projected and shaded (numpy on a few points: slow per call)."""
    return project_box(camera, centre, half, 0.0, LIGHT)


@lru_cache(maxsize=1024)
def _cylinder_faces(
    camera: PitchedCamera, base: tuple[float, float, float], radius: float, height: float
) -> tuple[ProjectedFace, ...]:
    return project_faces(camera, cylinder_faces(base, radius, height, 24), LIGHT)


def _piece(frame: _Frame, seen: Sight, piece: Piece, x: float) -> list[Target]:
    """Draw one piece and what rests on or in it; return what to tag on top."""
    look = furniture_kind(piece.kind, piece.container)
    if piece.container and look.style == "shelf":  # a shelf that opens is a cabinet with shelves
        look = replace(look, style="cabinet")
    is_open = piece.name in seen.open
    draw_style = _STYLES.get(look.style, _draw_block)
    draw_style(frame, look, x, is_open)
    text = piece.name if piece.named else piece.kind.replace("_", " ")  # as the floor plan writes it
    labels = [Target(_bounds(frame, _piece_corners(look, x)), text, piece.named)]
    top = look.elevation + look.height if look.style not in ("door", "window") else 0.0
    front = -look.depth if look.style not in ("door", "window") else -0.35
    on_z = -look.depth / 2 if look.style not in ("door", "window") else front
    labels += _items(frame, seen.items_on(piece.name), x, look.width * 0.8, top, on_z, look.width * 1.2)
    if is_open and look.style in ("cabinet", "carton", "shelf"):
        # Contents stand on a cabinet's lowest shelf and poke out of a carton or bookcase.
        floor_y = look.height * 0.12 if look.style == "cabinet" else look.height - 0.08
        inside = seen.items_inside(piece.name)
        if look.style == "cabinet":  # leaves first: seen from aside, one would hide the contents
            _door_leaves(frame, look, x)
        if look.style == "cabinet" and len(inside) > ROW_ITEMS:  # two shelves: fewer on each
            upper_y = look.elevation + look.height * 0.55
            board = (x, upper_y - 0.015, front * 0.5)
            _box(frame, board, (look.width / 2 - 0.04, 0.015, -front * 0.45), shade(look.colour, 0.8))
            half = (len(inside) + 1) // 2
            labels += _items(frame, inside[:half], x, look.width * 0.7, upper_y, front * 0.45, look.width * 0.9)
            inside = inside[half:]
        labels += _items(frame, inside, x, look.width * 0.7, floor_y, front * 0.45, look.width * 0.9)
    return labels


def _piece_corners(look: FurnitureKind, x: float) -> np.ndarray:
    depth = max(look.depth, 0.05)
    bottom, top = look.elevation, look.elevation + look.height
    return np.array(
        [[x + sx * look.width / 2, y, z] for sx in (-1, 1) for y in (bottom, top) for z in (0.0, -depth)],
        dtype=np.float64,
    )


def _draw_block(frame: _Frame, look: FurnitureKind, x: float, is_open: bool) -> None:
    _box(frame, (x, look.height / 2, -look.depth / 2), (look.width / 2, look.height / 2, look.depth / 2), look.colour)


def _draw_table(frame: _Frame, look: FurnitureKind, x: float, is_open: bool) -> None:
    leg = 0.04
    for sx in (-1, 1):
        for z in (-0.06, -look.depth + 0.06):
            centre = (x + sx * (look.width / 2 - 0.07), (look.height - 0.05) / 2, z)
            _box(frame, centre, (leg, (look.height - 0.05) / 2, leg), shade(look.colour, 0.8))
    top = (x, look.height - 0.025, -look.depth / 2)
    _box(frame, top, (look.width / 2, 0.025, look.depth / 2), look.colour)


def _draw_bed(frame: _Frame, look: FurnitureKind, x: float, is_open: bool) -> None:
    back = (x, look.height * 0.9, -0.08)
    _box(frame, back, (look.width / 2, look.height * 0.9, 0.08), shade(look.colour, 0.8))
    _draw_block(frame, look, x, is_open)


def _draw_shelf(frame: _Frame, look: FurnitureKind, x: float, is_open: bool) -> None:
    """An open bookcase: back, two sides, boards; a container shelf has doors like a cabinet."""
    half_depth = look.depth / 2
    _box(frame, (x, look.height / 2, -0.02), (look.width / 2, look.height / 2, 0.02), shade(look.colour, 0.7))
    for sx in (-1, 1):
        side = (x + sx * (look.width / 2 - 0.02), look.height / 2, -half_depth)
        _box(frame, side, (0.02, look.height / 2, half_depth), look.colour)
    for level in (0.0, 0.35, 0.7, 1.0):
        board = (x, level * (look.height - 0.03) + 0.015, -half_depth)
        _box(frame, board, (look.width / 2, 0.015, half_depth), look.colour)


def _draw_cabinet(frame: _Frame, look: FurnitureKind, x: float, is_open: bool) -> None:
    _draw_block(frame, look, x, is_open)
    front = frame.camera.project_polygon(_front_face(look, x, inset=0.03))
    if is_open:
        frame.draw.polygon(front, fill=INTERIOR)
        return
    middle = frame.camera.project_polygon([[x, look.height * 0.04, -look.depth], [x, look.height * 0.96, -look.depth]])
    frame.draw.polygon(front, outline=shade(look.colour, 0.5), width=frame.scale)
    frame.draw.line(middle, fill=shade(look.colour, 0.5), width=frame.scale)
    for sx in (-1, 1):
        knob = frame.camera.project_polygon([[x + sx * 0.06, look.height * 0.6, -look.depth - 0.01]])[0]
        r = 3 * frame.scale
        frame.draw.ellipse((knob[0] - r, knob[1] - r, knob[0] + r, knob[1] + r), fill=(90, 90, 90))


def _front_face(look: FurnitureKind, x: float, inset: float) -> list[list[float]]:
    left, right = x - look.width / 2 + inset, x + look.width / 2 - inset
    bottom, top = look.elevation + inset, look.elevation + look.height - inset
    z = -look.depth - 0.001
    return [[left, bottom, z], [right, bottom, z], [right, top, z], [left, top, z]]


def _door_leaves(frame: _Frame, look: FurnitureKind, x: float) -> None:
    """Two open leaves standing out of the front, each half the width."""
    leaf = look.width / 2
    for sx in (-1, 1):
        hinge = x + sx * look.width / 2
        corners = [
            [hinge, look.elevation, -look.depth],
            [hinge + sx * 0.15, look.elevation, -look.depth - leaf * 0.95],
            [hinge + sx * 0.15, look.elevation + look.height, -look.depth - leaf * 0.95],
            [hinge, look.elevation + look.height, -look.depth],
        ]
        polygon = frame.camera.project_polygon(corners)
        frame.draw.polygon(polygon, fill=shade(look.colour, 0.85), outline=shade(look.colour, 0.5), width=frame.scale)


def _draw_sink(frame: _Frame, look: FurnitureKind, x: float, is_open: bool) -> None:
    _draw_block(frame, (look), x, is_open)
    basin = [
        [x - look.width * 0.3, look.height + 0.001, -look.depth * 0.8],
        [x + look.width * 0.3, look.height + 0.001, -look.depth * 0.8],
        [x + look.width * 0.3, look.height + 0.001, -look.depth * 0.2],
        [x - look.width * 0.3, look.height + 0.001, -look.depth * 0.2],
    ]
    frame.draw.polygon(frame.camera.project_polygon(basin), fill=(120, 128, 138), outline=(80, 84, 90))
    _box(frame, (x, look.height + 0.12, -0.08), (0.025, 0.12, 0.025), (170, 174, 180))


def _draw_carton(frame: _Frame, look: FurnitureKind, x: float, is_open: bool) -> None:
    _draw_block(frame, look, x, is_open)
    h, w, d = look.height, look.width / 2, look.depth
    top = [[x - w, h + 0.001, -d], [x + w, h + 0.001, -d], [x + w, h + 0.001, 0.0], [x - w, h + 0.001, 0.0]]
    if not is_open:
        tape = [
            [x - 0.04, h + 0.002, -d],
            [x + 0.04, h + 0.002, -d],
            [x + 0.04, h + 0.002, 0],
            [x - 0.04, h + 0.002, 0],
        ]
        frame.draw.polygon(frame.camera.project_polygon(tape), fill=(214, 190, 140))
        return
    frame.draw.polygon(frame.camera.project_polygon(top), fill=INTERIOR)
    flap = [[x - w, h, -d], [x + w, h, -d], [x + w, h + 0.12, -d - 0.2], [x - w, h + 0.12, -d - 0.2]]
    frame.draw.polygon(
        frame.camera.project_polygon(flap), fill=shade(look.colour, 1.1), outline=shade(look.colour, 0.6)
    )


def _draw_door(frame: _Frame, look: FurnitureKind, x: float, is_open: bool) -> None:
    w = look.width / 2
    opening = [[x - w, 0, -0.005], [x + w, 0, -0.005], [x + w, look.height, -0.005], [x - w, look.height, -0.005]]
    frame.draw.polygon(frame.camera.project_polygon(opening), fill=INTERIOR if is_open else look.colour)
    frame.draw.polygon(frame.camera.project_polygon(opening), outline=shade(look.colour, 0.5), width=2 * frame.scale)
    if is_open:  # the leaf swings into the room from its left hinge
        leaf = [[x - w, 0, -0.01], [x - w + 0.12, 0, -look.width], [x - w + 0.12, look.height, -look.width]]
        leaf.append([x - w, look.height, -0.01])
        frame.draw.polygon(frame.camera.project_polygon(leaf), fill=look.colour, outline=shade(look.colour, 0.5))
        return
    knob = frame.camera.project_polygon([[x + w - 0.1, 1.0, -0.02]])[0]
    r = 4 * frame.scale
    frame.draw.ellipse((knob[0] - r, knob[1] - r, knob[0] + r, knob[1] + r), fill=(210, 180, 60))


def _draw_window(frame: _Frame, look: FurnitureKind, x: float, is_open: bool) -> None:
    w, bottom, top = look.width / 2, look.elevation, look.elevation + look.height
    pane = [[x - w, bottom, -0.005], [x + w, bottom, -0.005], [x + w, top, -0.005], [x - w, top, -0.005]]
    frame.draw.polygon(frame.camera.project_polygon(pane), fill=(150, 200, 235), outline=look.colour)
    frame.draw.polygon(frame.camera.project_polygon(pane), outline=(240, 240, 240), width=4 * frame.scale)
    if is_open:  # the right sash swings into the room
        sash = [[x, bottom, -0.01], [x + 0.1, bottom, -w], [x + 0.1, top, -w], [x, top, -0.01]]
        frame.draw.polygon(frame.camera.project_polygon(sash), fill=(190, 220, 240), outline=(240, 240, 240))
        return
    mullions = (
        [[x, bottom, -0.01], [x, top, -0.01]],
        [[x - w, (bottom + top) / 2, -0.01], [x + w, (bottom + top) / 2, -0.01]],
    )
    for line in mullions:
        frame.draw.line(frame.camera.project_polygon(line), fill=(240, 240, 240), width=3 * frame.scale)


_STYLES = {
    "block": _draw_block,
    "table": _draw_table,
    "bed": _draw_bed,
    "shelf": _draw_shelf,
    "cabinet": _draw_cabinet,
    "sink": _draw_sink,
    "carton": _draw_carton,
    "door": _draw_door,
    "window": _draw_window,
}


def _items(
    frame: _Frame, items: Sequence[str], x: float, span: float, y: float, z: float, widest: float
) -> list[Target]:
    """Draw ``items`` in a row centred at ``x`` on the surface at height ``y``; their label boxes.

    Each is drawn at least ``MIN_ITEM_PX`` wide: where that makes the row too tight, the
    row spreads up to ``widest`` metres (beyond that, neighbours may touch). The row moves
    (and closes up) to keep every object whole inside the frame.
    """
    if not items:
        return []
    per_metre = _pixels_per_metre(frame, (x, y, z))
    least = MIN_ITEM_PX * frame.scale / per_metre
    least_height = MIN_ITEM_HEIGHT_PX * frame.scale / per_metre
    sizes = [max(item_kind(kind_of(item)).size, least) for item in items]
    room = 1.15 * max(sizes)  # each object's share of the row, with a gap
    span = min(max(span, room * (len(items) + 1)), widest)
    step = span / (len(items) + 1)
    xs = [x - span / 2 + step * (index + 1) for index in range(len(items))]
    tallest = max(_item_height(item, size, least_height) for item, size in zip(items, sizes, strict=True))
    # The top front corner is the nearest to the camera: it spreads widest in the picture.
    low, high = _visible_x(frame, y + tallest, z - max(sizes) / 2)
    xs = _within(xs, low + max(sizes) / 2, high - max(sizes) / 2)
    return [
        Target(_item(frame, item, (item_x, y, z), size, least_height), item, True)
        for item, item_x, size in zip(items, xs, sizes, strict=True)
    ]


def _visible_x(frame: _Frame, y: float, z: float) -> tuple[float, float]:
    """The x range (metres) at height ``y`` and depth ``z`` that lies inside the frame's margin."""
    left, right = frame.camera.project_polygon([[0.0, y, z], [1.0, y, z]])
    per_metre = right[0] - left[0]
    margin = FRAME_MARGIN_PX * frame.scale
    return ((margin - left[0]) / per_metre, (frame.image.width - margin - left[0]) / per_metre)


def _within(xs: list[float], low: float, high: float) -> list[float]:
    """``xs`` (ascending) closed up to fit ``low``..``high``, then moved inside it."""
    if len(xs) > 1 and xs[-1] - xs[0] > high - low:
        first, press = xs[0], max(high - low, 0.0) / (xs[-1] - xs[0])
        xs = [first + (at - first) * press for at in xs]
    shift = max(low - xs[0], 0.0) + min(high - xs[-1], 0.0)
    return [at + shift for at in xs]


def _item_height(item: str, width: float, least_height: float) -> float:
    """The height ``_item`` draws ``item`` at when it is ``width`` wide."""
    look = item_kind(kind_of(item))
    return max(look.height * width / look.size, least_height)


def _pixels_per_metre(frame: _Frame, at: tuple[float, float, float]) -> float:
    x, y, z = at
    ends = frame.camera.project_polygon([[x - 0.5, y, z], [x + 0.5, y, z]])
    return max(abs(ends[1][0] - ends[0][0]), 1.0)


def _outline(colour: RGB) -> RGB:
    """A dark outline for a light object, a light one for a dark object."""
    red, green, blue = colour
    return DARK_OUTLINE if 0.299 * red + 0.587 * green + 0.114 * blue >= 110 else LIGHT_OUTLINE


def _item(frame: _Frame, item: str, base: tuple[float, float, float], width: float, least_height: float) -> Box:
    look = item_kind(kind_of(item))
    x, y, z = base
    half, height = width / 2, _item_height(item, width, least_height)
    outline = _outline(look.colour)
    if look.shape == "ball":
        centre = frame.camera.project_polygon([[x, y + half, z]])[0]
        edge = frame.camera.project_polygon([[x + half, y + half, z]])[0]
        radius = max(edge[0] - centre[0], 2.0)
        sprite = sphere_sprite(look.colour, radius, (-0.4, -0.6, 0.7), outline=outline, outline_px=float(frame.scale))
        corner = (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2))
        frame.image.paste(sprite, corner, sprite)
        return (centre[0] - radius, centre[1] - radius, centre[0] + radius, centre[1] + radius)
    if look.shape == "cylinder":
        faces = _cylinder_faces(frame.camera, (x, y, z), half, height)
        draw_smooth_solid(frame.draw, faces, look.colour, outline, frame.scale, frozenset({"top"}))
    else:
        box_faces = _box_faces(frame.camera, (x, y + height / 2, z), (half, height / 2, half * 0.7))
        draw_shaded_faces(frame.draw, box_faces, look.colour, EDGE, frame.scale)
        hull = silhouette(box_faces)
        frame.draw.line(hull + hull[:1], fill=outline, width=frame.scale, joint="curve")
    corners = np.array(
        [[x + sx * half, y + sy * height, z + sz * half] for sx in (-1, 1) for sy in (0, 1) for sz in (-1, 1)]
    )
    return _bounds(frame, corners)


def _bounds(frame: _Frame, corners: np.ndarray) -> tuple[float, float, float, float]:
    points = frame.camera.project(corners)
    return (float(points[:, 0].min()), float(points[:, 1].min()), float(points[:, 0].max()), float(points[:, 1].max()))


def _held(frame: _Frame, item: str) -> tuple[float, float, float, float]:
    """A robot gripper rising from the bottom edge, holding ``item``."""
    width, height = frame.image.size
    s = frame.scale
    arm: RGB = (150, 154, 160)
    cx, top = width * 0.62, height * 0.74
    frame.draw.polygon(
        [(cx - 30 * s, height), (cx + 30 * s, height), (cx + 18 * s, top + 30 * s), (cx - 18 * s, top + 30 * s)],
        fill=arm,
        outline=(90, 92, 96),
    )
    colour = item_kind(kind_of(item)).colour
    box = (cx - 26 * s, top - 6 * s, cx + 26 * s, top + 30 * s)
    frame.draw.rounded_rectangle(box, radius=8 * s, fill=colour, outline=shade(colour, 0.5), width=s)
    for sx in (-1, 1):
        finger = [
            (cx + sx * 22 * s, top + 34 * s),
            (cx + sx * 36 * s, top + 34 * s),
            (cx + sx * 36 * s, top - 4 * s),
            (cx + sx * 28 * s, top - 4 * s),
        ]
        frame.draw.polygon(finger, fill=shade(arm, 0.8), outline=(90, 92, 96))
    return (cx - 36 * s, top - 8 * s, cx + 36 * s, top + 36 * s)


def _small(box: Box) -> bool:
    """Small enough to keep tags off it (an object, not furniture)."""
    return box[2] - box[0] < SMALL_BOX_PX * SUPERSAMPLE


def _tag_text(target: Target, partly_out: frozenset[str]) -> str:
    return target.text + (PARTLY_OUT if target.text in partly_out else "")


def _labels(frame: _Frame, targets: Sequence[Target], partly_out: frozenset[str]) -> list[Tag]:
    """ViPlan-style: a thin box around each object, its name on a tag placed clear of the
    other tags (``place_tags``), joined to the object by a line when it had to move away.
    Decoration gets a grey tag and no box."""
    s = frame.scale
    font = load_font(FONT_PX * s)
    for left, top, right, bottom in (t.box for t in targets if t.named):
        frame.draw.rectangle((left - s, top - s, right + s, bottom + s), outline=LABEL_BOX, width=s)
    texts = [_tag_text(t, partly_out) for t in targets]
    wanted = [(t.box, text, font.getlength(text) + 4 * s, _small(t.box)) for t, text in zip(targets, texts)]
    size = (float(frame.image.width), float(frame.image.height))
    tags = place_tags(wanted, (FONT_PX + 3) * s, size, gap=s, margin=2 * s)
    fills = [LABEL_BOX if t.named else FURNITURE_TAG for t in targets]
    for tag, fill in zip(tags, fills, strict=True):
        if tag.leader:
            start, end = leader_line(tag)
            frame.draw.line((start, end), fill=DARK_OUTLINE, width=2 * s)
            frame.draw.line((start, end), fill=fill, width=s)
    for tag, fill in zip(tags, fills, strict=True):
        left, top, right, bottom = tag.box
        ink = (0, 0, 0) if fill == LABEL_BOX else FURNITURE_TEXT
        frame.draw.rectangle(tag.box, fill=fill, outline=None if fill == LABEL_BOX else FURNITURE_TEXT, width=s)
        frame.draw.text((left + 2 * s, (top + bottom) / 2), tag.text, fill=ink, font=font, anchor="lm")
    return tags
