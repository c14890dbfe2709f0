"""The top-down view: a floor plan of the home, with the agent and what it sees.

Rooms are coloured floors inside dark walls, with doorways between neighbours; every
piece of furniture is a rectangle against its wall (the problem's own pieces labelled
with their names, decoration in grey with its kind); doors swing open or lie shut in
their wall; windows show a gap when open. The agent is a disc with its field of view
towards the piece it faces. Objects are drawn only where the agent sees them (as in the
3D view), as labelled dots on their piece; what it holds is written beside it.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from scorer.families.household.furniture import FLOOR_COLOURS, furniture_kind, item_kind
from scorer.families.household.scene import ROOM_DEPTH, ROOM_WIDTH, ROOMS_PER_ROW, Piece, Room, Scene, kind_of
from scorer.families.household.sight import Sight
from scorer.render.fonts import load_font
from scorer.render.shapes import RGB, shade

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
SCALE = 48  # pixels a metre
MARGIN = 16
WALL: RGB = (60, 56, 52)
WALL_PX = 5
AGENT: RGB = (30, 110, 220)
LABEL: RGB = (20, 20, 20)
DECOR_LABEL: RGB = (110, 110, 110)
AGENT_DISTANCE = 2.0  # metres from the wall the agent faces


def render_2d(seen: Sight) -> Image.Image:
    return _render(seen).copy()


@lru_cache(maxsize=1024)
def _render(seen: Sight) -> Image.Image:
    scene = seen.scene
    columns = min(len(scene.rooms), ROOMS_PER_ROW)
    rows = -(-len(scene.rooms) // ROOMS_PER_ROW)
    size = (round(columns * ROOM_WIDTH * SCALE) + 2 * MARGIN, round(rows * ROOM_DEPTH * SCALE) + 2 * MARGIN)
    image = Image.new("RGB", size, (245, 245, 242))
    draw = ImageDraw.Draw(image)
    for room in scene.rooms:
        _room(draw, room)
    _doorways(draw, scene)
    for piece in scene.pieces:
        _piece(draw, scene, piece, seen)
    _agent(draw, scene, seen)
    return image


def _px(x: float, y: float) -> tuple[float, float]:
    return (MARGIN + x * SCALE, MARGIN + y * SCALE)


def _room(draw: ImageDraw.ImageDraw, room: Room) -> None:
    corners = (*_px(room.x, room.y), *_px(room.x + ROOM_WIDTH, room.y + ROOM_DEPTH))
    draw.rectangle(corners, fill=FLOOR_COLOURS.get(room.name, (210, 210, 210)), outline=WALL, width=WALL_PX)
    centre = _px(room.x + ROOM_WIDTH / 2, room.y + ROOM_DEPTH / 2)
    draw.text(centre, room.name.replace("_", " "), fill=(120, 112, 100), font=load_font(15), anchor="mm")


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


def _piece(draw: ImageDraw.ImageDraw, scene: Scene, piece: Piece, seen: Sight) -> None:
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
    # Labels sit on the room side of the piece.
    y = bottom + 0.18 if piece.wall == "north" else top - 0.18
    font = load_font(12 if piece.named else 11)
    _text(draw, _px((left + right) / 2, y), label, LABEL if piece.named else DECOR_LABEL, font)
    _items(draw, seen, piece, left, top, right, bottom)


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


def _items(
    draw: ImageDraw.ImageDraw, seen: Sight, piece: Piece, left: float, top: float, right: float, bottom: float
) -> None:
    items = seen.items_on(piece.name) + seen.items_inside(piece.name)
    if not items:
        return
    font = load_font(11)
    step = (right - left) / (len(items) + 1)
    # Item labels stack away from the wall, into the room.
    inward = 1 if piece.wall == "north" else -1
    for index, item in enumerate(items):
        x = left + step * (index + 1)
        y = (top + bottom) / 2
        u, v = _px(x, y)
        draw.ellipse((u - 5, v - 5, u + 5, v + 5), fill=item_kind(kind_of(item)).colour, outline=LABEL)
        label_y = (bottom if inward > 0 else top) + inward * (0.45 + 0.28 * index)
        _text(draw, _px(x, label_y), item, LABEL, font)


def _agent(draw: ImageDraw.ImageDraw, scene: Scene, seen: Sight) -> None:
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
    draw.polygon(fov, outline=AGENT, width=1)
    u, v = _px(x, y)
    draw.ellipse((u - 9, v - 9, u + 9, v + 9), fill=AGENT, outline=(10, 40, 90), width=2)
    draw.line((u, v, u, v + towards * 16), fill=(255, 255, 255), width=3)
    if seen.held:
        text = f"holding {seen.held}"
        font = load_font(12)
        width = draw.textlength(text, font=font)
        # Beside the agent, on the side with room for it.
        x = u + 13 + width / 2 if u + 13 + width < _width(draw) - 2 else u - 13 - width / 2
        _text(draw, (x, v), text, AGENT, font)


def _text(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, fill: RGB, font: Font) -> None:
    """``text`` centred on ``centre``, moved sideways to stay inside the picture."""
    half = draw.textlength(text, font=font) / 2
    x = min(max(centre[0], half + 2), _width(draw) - half - 2)
    draw.text((x, centre[1]), text, fill=fill, font=font, anchor="mm")


def _width(draw: ImageDraw.ImageDraw) -> int:
    return int(draw.im.size[0])
