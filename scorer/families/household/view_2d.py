"""The top-down view: a floor plan of the home, with the agent and what it sees.

Rooms are coloured floors inside dark walls, with doorways between neighbours; every
piece of furniture is a rectangle against its wall (the problem's own pieces labelled
with their names, decoration in grey with its kind); doors swing open or lie shut in
their wall; windows show a gap when open. The agent is a disc with its field of view
towards the piece it faces. Objects are drawn only where the agent sees them (as in the
3D view), as labelled dots on their piece; what it holds is written beside it.

The view cone is a wash of the agent's colour over what it sees, its edges drawn only
near the agent. Labels are drawn last, placed by ``map_labels`` (what the agent holds
first, then the pieces, the objects and the rooms' names): each at the first spot near
its thing, in its room, where it touches no other label and no edge of the cone crosses it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from scorer.families.household.furniture import FLOOR_COLOURS, furniture_kind, item_kind
from scorer.families.household.map_labels import Box, Obstacles, Point, Segment, WantedLabel, place_labels
from scorer.families.household.scene import ROOM_DEPTH, ROOM_WIDTH, ROOMS_PER_ROW, Piece, Room, Scene, kind_of
from scorer.families.household.sight import Sight
from scorer.render.fonts import load_font
from scorer.render.shapes import RGB, shade

SCALE = 48  # pixels a metre
MARGIN = 16
WALL: RGB = (60, 56, 52)
WALL_PX = 5
AGENT: RGB = (30, 110, 220)
LABEL: RGB = (20, 20, 20)
DECOR_LABEL: RGB = (110, 110, 110)
ROOM_LABEL: RGB = (120, 112, 100)
AGENT_DISTANCE = 2.0  # metres from the wall the agent faces
CONE_TINT = 0.14  # how strongly the view cone washes what it covers with the agent's colour
RAY_SHARE = 0.25  # the cone's edges are drawn this share of the way: the wash shows the rest, under labels
ROWS = 8  # rows of spots a label tries, stepping into the room
SHIFTS = (0.0, -0.25, 0.25, -0.5, 0.5, -0.75, 0.75, -1.0, 1.0, -1.25, 1.25)  # sideways, in label widths


@dataclass(frozen=True)
class Label:
    """One text of the floor plan: what it says, how it is drawn and where it may sit."""

    text: str
    fill: RGB
    font_px: int
    anchor: Point  # where it would sit with nothing in the way (pixels)
    inward: int  # +1: further spots step down the picture, -1: up
    region: Box  # it stays inside: the room of its thing


@dataclass(frozen=True)
class MapLayout:
    """Where the floor plan put its labels (text and box, pixels) and the view cone's edges."""

    labels: tuple[tuple[str, Box], ...]
    cone: tuple[Segment, ...]


def render_2d(seen: Sight) -> Image.Image:
    return _render(seen)[0].copy()


def map_layout(seen: Sight) -> MapLayout:
    """The label boxes and view cone of ``seen``'s floor plan."""
    return _render(seen)[1]


@lru_cache(maxsize=1024)
def _render(seen: Sight) -> tuple[Image.Image, MapLayout]:
    scene = seen.scene
    columns = min(len(scene.rooms), ROOMS_PER_ROW)
    rows = -(-len(scene.rooms) // ROOMS_PER_ROW)
    size = (round(columns * ROOM_WIDTH * SCALE) + 2 * MARGIN, round(rows * ROOM_DEPTH * SCALE) + 2 * MARGIN)
    image = Image.new("RGB", size, (245, 245, 242))
    draw = ImageDraw.Draw(image)
    for room in scene.rooms:
        _room(draw, room)
    _doorways(draw, scene)
    named: list[Label] = []
    decoration: list[Label] = []
    items: list[Label] = []
    for piece in scene.pieces:
        label = _piece(draw, scene, piece, seen)
        (named if piece.named else decoration).append(label)
        items += _items(draw, seen, piece, scene.rooms[piece.room])
    cone, agent_box, held = _agent(image, scene, seen)
    draw = ImageDraw.Draw(image)  # _agent tinted the picture under the view cone
    rooms = [_room_label(room) for room in scene.rooms]
    labels = held + named + decoration + items + rooms  # the first placed nearest its thing
    boxes = _draw_labels(draw, labels, Obstacles((2.0, 2.0, size[0] - 2.0, size[1] - 2.0), cone, (agent_box,)))
    return image, MapLayout(tuple((label.text, box) for label, box in zip(labels, boxes, strict=True)), cone)


def _px(x: float, y: float) -> tuple[float, float]:
    return (MARGIN + x * SCALE, MARGIN + y * SCALE)


def _room(draw: ImageDraw.ImageDraw, room: Room) -> None:
    corners = (*_px(room.x, room.y), *_px(room.x + ROOM_WIDTH, room.y + ROOM_DEPTH))
    draw.rectangle(corners, fill=FLOOR_COLOURS.get(room.name, (210, 210, 210)), outline=WALL, width=WALL_PX)


def _room_label(room: Room) -> Label:
    centre = _px(room.x + ROOM_WIDTH / 2, room.y + ROOM_DEPTH / 2)
    return Label(room.name.replace("_", " "), ROOM_LABEL, 15, centre, 1, _inside(room))


def _inside(room: Room) -> Box:
    """The room's floor inside its walls (pixels)."""
    inset = WALL_PX / 2 + 1
    left, top = _px(room.x, room.y)
    right, bottom = _px(room.x + ROOM_WIDTH, room.y + ROOM_DEPTH)
    return (left + inset, top + inset, right - inset, bottom - inset)


def _doorways(draw: ImageDraw.ImageDraw, scene: Scene) -> None:
    """A gap in every wall two rooms share: mid-height in east-west neighbours' wall,
    near the east end of north-south neighbours' wall (clear of the middle slot)."""
    for room in scene.rooms:
        floor = FLOOR_COLOURS.get(room.name, (210, 210, 210))
        east = room.index + 1
        if room.index % ROOMS_PER_ROW < ROOMS_PER_ROW - 1 and east < len(scene.rooms):
            x = room.x + ROOM_WIDTH
            draw.line((*_px(x, room.y + 2.0), *_px(x, room.y + 3.0)), fill=floor, width=WALL_PX + 2)
        if room.index + ROOMS_PER_ROW < len(scene.rooms):
            y = room.y + ROOM_DEPTH
            draw.line((*_px(room.x + 5.05, y), *_px(room.x + 5.85, y)), fill=floor, width=WALL_PX + 2)


def _footprint(scene: Scene, piece: Piece) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in metres of the piece's rectangle against its wall."""
    room = scene.rooms[piece.room]
    look = furniture_kind(piece.kind, piece.container)
    x = room.x + piece.along
    depth = max(look.depth, 0.12)
    if piece.wall == "north":
        return (x - look.width / 2, room.y, x + look.width / 2, room.y + depth)
    return (x - look.width / 2, room.y + ROOM_DEPTH - depth, x + look.width / 2, room.y + ROOM_DEPTH)


def _piece(draw: ImageDraw.ImageDraw, scene: Scene, piece: Piece, seen: Sight) -> Label:
    """Draw the piece; its label, on the room side of it."""
    look = furniture_kind(piece.kind, piece.container)
    left, top, right, bottom = _footprint(scene, piece)
    is_open = piece.name in seen.open
    if look.style == "door":
        _door(draw, scene, piece, is_open)
    elif look.style == "window":
        colour = (250, 250, 250) if is_open else (150, 200, 235)
        draw.rectangle((*_px(left, top), *_px(right, bottom)), fill=colour, outline=WALL, width=2)
    else:
        fill = shade(look.colour, 1.0 if piece.named else 0.85)
        draw.rectangle((*_px(left, top), *_px(right, bottom)), fill=fill, outline=shade(look.colour, 0.5), width=2)
    label = piece.name + (" (open)" if is_open and look.style not in ("door", "window") else "")
    if not piece.named:
        label = piece.kind.replace("_", " ")
    y = bottom + 0.18 if piece.wall == "north" else top - 0.18
    inward = 1 if piece.wall == "north" else -1
    region = _inside(scene.rooms[piece.room])
    if piece.named:
        return Label(label, LABEL, 12, _px((left + right) / 2, y), inward, region)
    return Label(label, DECOR_LABEL, 11, _px((left + right) / 2, y), inward, region)


def _door(draw: ImageDraw.ImageDraw, scene: Scene, piece: Piece, is_open: bool) -> None:
    left, top, right, bottom = _footprint(scene, piece)
    wall_y = top if piece.wall == "north" else bottom
    draw.line((*_px(left, wall_y), *_px(right, wall_y)), fill=(250, 250, 250), width=WALL_PX + 1)
    leaf = right - left
    if is_open:  # the leaf stands into the room, its swing drawn as a quarter circle
        inward = 1 if piece.wall == "north" else -1
        draw.line((*_px(left, wall_y), *_px(left, wall_y + inward * leaf)), fill=(150, 104, 66), width=4)
        box = (*_px(left - leaf, wall_y - leaf), *_px(left + leaf, wall_y + leaf))
        start, end = (0, 90) if inward > 0 else (270, 360)
        draw.arc(box, start, end, fill=(150, 104, 66), width=1)
    else:
        draw.line((*_px(left, wall_y), *_px(right, wall_y)), fill=(150, 104, 66), width=WALL_PX)


def _items(draw: ImageDraw.ImageDraw, seen: Sight, piece: Piece, room: Room) -> list[Label]:
    """Draw the objects seen on or in ``piece`` as dots; their labels, in the room before it."""
    left, top, right, bottom = _footprint(seen.scene, piece)
    items = seen.items_on(piece.name) + seen.items_inside(piece.name)
    step = (right - left) / (len(items) + 1)
    inward = 1 if piece.wall == "north" else -1
    labels = []
    for index, item in enumerate(items):
        x = left + step * (index + 1)
        u, v = _px(x, (top + bottom) / 2)
        draw.ellipse((u - 5, v - 5, u + 5, v + 5), fill=item_kind(kind_of(item)).colour, outline=LABEL)
        anchor = _px(x, (bottom if inward > 0 else top) + inward * 0.45)
        labels.append(Label(item, LABEL, 11, anchor, inward, _inside(room)))
    return labels


def _agent(image: Image.Image, scene: Scene, seen: Sight) -> tuple[tuple[Segment, ...], Box, list[Label]]:
    """Draw the agent and its view cone; the cone's lines, the agent's box and the held label."""
    spot = scene.piece(seen.spot)
    assert spot is not None
    room = scene.rooms[spot.room]
    x = room.x + spot.along
    wall_y = room.y if spot.wall == "north" else room.y + ROOM_DEPTH
    towards = -1 if spot.wall == "north" else 1  # from the agent to the wall
    y = wall_y - towards * AGENT_DISTANCE
    # The field of view reaches the slots beside the piece, inside the room's walls.
    reach = [min(max(x + side * 2.6, room.x + 0.05), room.x + ROOM_WIDTH - 0.05) for side in (-1, 1)]
    fov = [_px(x, y), _px(reach[0], wall_y - towards * 0.05), _px(reach[1], wall_y - towards * 0.05)]
    _tint(image, fov)
    draw = ImageDraw.Draw(image)
    rays = tuple((fov[0], _part_way(fov[0], end, RAY_SHARE)) for end in fov[1:])
    for ray in rays:
        draw.line(ray, fill=AGENT, width=1)
    u, v = _px(x, y)
    draw.ellipse((u - 9, v - 9, u + 9, v + 9), fill=AGENT, outline=(10, 40, 90), width=2)
    draw.line((u, v, u, v + towards * 16), fill=(255, 255, 255), width=3)
    agent_box = (u - 10, min(v - 10, v + towards * 17), u + 10, max(v + 10, v + towards * 17))
    if not seen.held:
        return rays, agent_box, []
    text = f"holding {seen.held}"
    half = draw.textlength(text, font=load_font(12)) / 2
    return rays, agent_box, [Label(text, AGENT, 12, (u + 13 + half, v), -towards, _inside(room))]


def _tint(image: Image.Image, polygon: list[Point]) -> None:
    """Wash ``polygon`` with the agent's colour: what lies under it is in view.

    Only the polygon's box is blended: blending a pixel with itself gives it back exactly,
    so the rest of the picture would not change (and it was a third of the drawing).
    """
    overlay = image.copy()
    ImageDraw.Draw(overlay).polygon(polygon, fill=AGENT)
    us, vs = [u for u, _ in polygon], [v for _, v in polygon]
    box = (
        max(0, math.floor(min(us)) - 2),
        max(0, math.floor(min(vs)) - 2),
        min(image.width, math.ceil(max(us)) + 3),
        min(image.height, math.ceil(max(vs)) + 3),
    )
    image.paste(Image.blend(image.crop(box), overlay.crop(box), CONE_TINT), box[:2])


def _part_way(start: Point, end: Point, share: float) -> Point:
    return (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)


def _draw_labels(draw: ImageDraw.ImageDraw, labels: list[Label], obstacles: Obstacles) -> list[Box]:
    """Place ``labels`` (the first nearest its thing), draw them; their boxes."""
    wanted = [WantedLabel(label.text, _half(draw, label), _spots(draw, label), label.region) for label in labels]
    boxes = place_labels(wanted, obstacles)
    for label, box in zip(labels, boxes, strict=True):
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        draw.text(centre, label.text, fill=label.fill, font=load_font(label.font_px), anchor="mm")
    return boxes


def _half(draw: ImageDraw.ImageDraw, label: Label) -> Point:
    """Half the size of the label's ink (centred), a pixel of room round it."""
    left, top, right, bottom = draw.textbbox((0, 0), label.text, font=load_font(label.font_px), anchor="mm")
    return (max(-left, right) + 1, max(-top, bottom) + 1)


def _spots(draw: ImageDraw.ImageDraw, label: Label) -> tuple[Point, ...]:
    """Its anchor (moved inside its room), then spots in rows stepping further into the
    room and shifted sideways by parts of the label's width, the nearest first."""
    half_width, half_height = _half(draw, label)
    left, _, right, _ = label.region
    x = min(max(label.anchor[0], left + half_width), right - half_width)
    moves = _moves(half_width, 2 * half_height + 2)
    return tuple((x + dx, label.anchor[1] + label.inward * dy) for dx, dy in moves)


@lru_cache(maxsize=1024)  # a label's size gives its moves: the same few labels recur in every image
def _moves(half_width: float, row: float) -> tuple[Point, ...]:
    """The steps from a label's anchor to the spots it tries, the nearest first."""
    return tuple(
        sorted(
            ((shift * 2 * half_width, k * row) for k in range(ROWS) for shift in SHIFTS),
            key=lambda move: abs(move[0]) + 2 * move[1],  # deeper into the room parts a label from its thing
        )
    )
