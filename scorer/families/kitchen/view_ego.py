"""The egocentric view: what the agent faces after FIND, drawn from the symbolic state.

One picture per spot: the fixtures there side by side (a counter with what stands on
it, the sink with its faucet, the stove's four burners, an open or closed fridge,
cabinet or drawer, the mirror, the television) and the objects on and in them. States
are visible as AsgardBench's tasks need: brown stains on dirty objects, a browned colour
and steam on cooked food, slices pushed apart, coffee or water in a container, glowing
burners, a lit toaster, microwave, coffee machine or TV screen, running water. The held
item is drawn at the bottom in a translucent hand (``hand`` off: the no-hand ablation).
Object names are printed under each object: the symbolic world has no meshes to
recognise, so the test is reading states, not naming shapes. Labels are collected while
drawing and placed last, each moved to the nearest free line, so no two overlap, on a
pale plate that keeps them readable over dark fixtures and the hand. Objects are drawn
at least ``MIN_ITEM_PX`` across with a dark outline; silverware stands upright as its
shape (a ladle's deep bowl and long handle, a spoon, a fork's tines, a knife's blade on
a dark handle, a spatula's slotted head), not as a line.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from scorer.families.kitchen import catalog
from scorer.families.kitchen.world import Thing, World
from scorer.render.draw import Draw, vertical_gradient
from scorer.render.fonts import load_font
from scorer.render.png import BUILD_LEVEL, png_bytes

SIZE = 512
SURFACE_Y = 330  # the top of counters and tables
FLOOR_Y = 420  # where the wall meets the floor
FLOOR_ITEMS_Y = 470  # where objects on the floor stand
HAND_ALPHA = 0.4  # AsgardBench's hand is 60% transparent (its hand_transparency 60)
RGB = tuple[int, int, int]
FOOD_COLOURS: dict[str, RGB] = {"Apple": (200, 30, 40), "Tomato": (225, 50, 35), "Lettuce": (110, 190, 70),
                                "Potato": (185, 150, 90), "Bread": (215, 170, 100), "Egg": (245, 240, 225)}  # fmt: skip
COOKED: RGB = (120, 70, 30)
FLOOR_JOINT: RGB = (128, 110, 92)
STAIN: RGB = (110, 80, 40)
MIN_ITEM_PX = 32  # the least size an object is drawn at (its row's share may be smaller)
MIN_THIN_PX = 6  # the least height of a flat thing (a plate)
METAL: RGB = (196, 198, 206)
METAL_EDGE: RGB = (48, 50, 58)
LABEL_PLATE: RGB = (248, 243, 232)
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Label:
    x: float  # the centre
    y: float  # the wanted top
    text: str
    size: int


class Canvas(Draw):
    """An ImageDraw that keeps the labels for last (``place_labels``)."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.labels: list[Label] = []
        self.items: list[tuple[Box, str]] = []  # each object's box as drawn, for the layout


@dataclass(frozen=True)
class Layout:
    """Where the view put its objects and its labels (pixels)."""

    items: tuple[tuple[Box, str], ...]
    labels: tuple[Box, ...]


@dataclass(frozen=True)
class EgoKey:
    state: str  # the world as canonical JSON
    hand: bool
    grayscale: bool = False  # AsgardBench's grayscale previous image (its ablation)


def ego_png(key: object, level: int = BUILD_LEVEL) -> bytes:
    assert isinstance(key, EgoKey)
    return _png(key.state, key.hand, key.grayscale, level)


@lru_cache(maxsize=256)
def _png(state: str, hand: bool, grayscale: bool, level: int) -> bytes:
    image = draw_view(World.from_json(json.loads(state)), hand)
    if grayscale:  # as AsgardBench's runner makes its previous image: to L, back to RGB
        image = image.convert("L").convert("RGB")
    return png_bytes(image, level)


def draw_view(world: World, hand: bool = True) -> Image.Image:
    return _draw_view(world, hand)[0]


def view_layout(world: World, hand: bool = True) -> Layout:
    """The boxes of the objects and labels ``draw_view`` draws."""
    return _draw_view(world, hand)[1]


def _draw_view(world: World, hand: bool) -> tuple[Image.Image, Layout]:
    image = _wall_and_floor().copy()
    draw = Canvas(image)
    panels = _panels(world)
    width = SIZE / max(1, len(panels))
    for index, fixture in enumerate(panels):
        _fixture(draw, world, fixture, int(index * width) + 6, int((index + 1) * width) - 6)
    if not panels:
        draw.text((20, 200), "(nothing found yet)", fill=(80, 70, 60), font=load_font(18))
    held = world.held_thing()
    if held is not None:
        _held(image, draw, world, held, hand)
    placed = place_labels(draw)  # last: over the translucent hand too, so every name stays readable
    return image, Layout(tuple(draw.items), tuple(placed))


@lru_cache(maxsize=1)
def _wall_and_floor() -> Image.Image:
    """The backdrop every view starts from (callers copy it): the wall's gradient and the floor."""
    image = vertical_gradient((SIZE, SIZE), (228, 220, 204), (196, 186, 170))
    ImageDraw.Draw(image).rectangle((0, FLOOR_Y, SIZE, SIZE), fill=(150, 130, 110))
    return image


def _panels(world: World) -> list[Thing]:
    """The fixtures at the faced spot; the burners form one stove, the faucet and sink
    belong to the basin, the knobs are drawn with the stove."""
    at_spot = [t for t in world.things.values() if t.fixture and t.spot == world.facing]
    panels, stove = [], False
    for fixture in at_spot:
        if fixture.kind in ("Faucet", "Sink", "StoveKnob", "Mirror"):
            continue
        if fixture.kind == "StoveBurner":
            if stove:
                continue
            stove = True
        panels.append(fixture)
    return panels


def _label(draw: Canvas, x: float, y: float, text: str, size: int = 11) -> None:
    draw.labels.append(Label(x, y, text, size))


def place_labels(draw: Canvas) -> list[Box]:
    """Draws the collected labels in order, each at its wanted place or, when that
    overlaps a label already drawn, on the nearest free line below or above; returns
    the boxes drawn."""
    placed: list[Box] = []
    for label in draw.labels:
        font = load_font(label.size)
        width, height = draw.textlength(label.text, font=font) + 2, label.size + 3
        left = min(max(label.x - width / 2, 2), SIZE - 2 - width)
        box = next(
            candidate
            for candidate in _candidates(left, label.y, width, height)
            if not any(_overlap(candidate, other) for other in placed)
        )
        placed.append(box)
        draw.rectangle((box[0] - 1, box[1], box[2] + 1, box[3] - 1), fill=LABEL_PLATE)
        draw.text((box[0], box[1]), label.text, fill=(40, 35, 30), font=font)
    return placed


def _candidates(left: float, top: float, width: float, height: float) -> Iterator[Box]:
    """The wanted box, then the same box one line lower, one higher, two lower, ...
    (within the image); the wanted box again if every line is taken."""
    for shift in range(SIZE // int(height) + 1):
        for y in (top + shift * height, top - shift * height):
            if 0 <= y <= SIZE - height:
                yield (left, y, left + width, y + height)
    yield (left, top, left + width, top + height)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _fixture(draw: Canvas, world: World, fixture: Thing, x0: int, x1: int) -> None:
    kind = fixture.kind
    if kind == "StoveBurner":
        _stove(draw, world, x0, x1)
    elif kind == "SinkBasin":
        _sink(draw, world, fixture, x0, x1)
    elif kind in ("Fridge", "Cabinet", "Drawer", "Safe", "Box"):
        _cupboard(draw, world, fixture, x0, x1)
    elif kind == "Floor":
        _floor(draw, world, fixture, x0, x1)
    elif kind == "Television":
        draw.rectangle(
            (x0 + 10, 120, x1 - 10, 300),
            fill=(90, 170, 230) if fixture.on else (20, 20, 25),
            outline=(10, 10, 10),
            width=6,
        )
        if fixture.on:
            draw.ellipse(((x0 + x1) / 2 - 30, 170, (x0 + x1) / 2 + 30, 230), fill=(250, 220, 90))
        _label(draw, (x0 + x1) / 2, 305, f"{kind} ({'on' if fixture.on else 'off'})", 13)
    else:
        _surface(draw, world, fixture, x0, x1)


def _surface(draw: Canvas, world: World, surface: Thing, x0: int, x1: int) -> None:
    mirror = next((m for m in world.of_kind("Mirror") if m.spot == surface.spot), None)
    if mirror is not None:
        _mirror(draw, world, mirror, x0, x1)
    colour = (150, 110, 70) if surface.kind != "CounterTop" else (170, 165, 155)
    draw.rectangle((x0, SURFACE_Y, x1, SURFACE_Y + 16), fill=colour, outline=(90, 80, 70))
    draw.rectangle((x0 + 8, SURFACE_Y + 16, x1 - 8, 420), fill=tuple(c - 30 for c in colour))
    _label(draw, (x0 + x1) / 2, SURFACE_Y + 22, surface.kind, 13)
    _row(draw, world, [t for t in world.contents(surface) if not world.is_held(t)], x0, x1, SURFACE_Y)


def _floor(draw: Canvas, world: World, floor: Thing, x0: int, x1: int) -> None:
    """The floor where the agent stands: tiles running away from it, objects standing on them."""
    for y in (436, 456, 482):  # the tiles' joints, closer together toward the wall
        draw.line((x0, y, x1, y), fill=FLOOR_JOINT, width=2)
    middle = (x0 + x1) / 2
    for offset in range(-4, 5):
        draw.line((middle + offset * 40, FLOOR_Y, middle + offset * 90, SIZE), fill=FLOOR_JOINT, width=2)
    _label(draw, middle, SIZE - 20, floor.kind, 13)
    _row(draw, world, [t for t in world.contents(floor) if not world.is_held(t)], x0, x1, FLOOR_ITEMS_Y)


def _mirror(draw: Canvas, world: World, mirror: Thing, x0: int, x1: int) -> None:
    draw.rectangle((x0 + 20, 40, x1 - 20, 200), fill=(190, 225, 240), outline=(120, 120, 130), width=5)
    if mirror.dirty:
        for i in range(9):
            cx, cy = x0 + 40 + (i * 53) % max(1, x1 - x0 - 80), 60 + (i * 37) % 120
            draw.ellipse((cx, cy, cx + 22, cy + 14), fill=STAIN)
    if mirror.id in world.sprayed:
        for i in range(12):
            cx, cy = x0 + 35 + (i * 29) % max(1, x1 - x0 - 70), 55 + (i * 23) % 130
            draw.ellipse((cx, cy, cx + 6, cy + 8), fill=(235, 250, 255), outline=(150, 190, 210))
    _label(draw, (x0 + x1) / 2, 205, "Mirror (dirty)" if mirror.dirty else "Mirror", 12)


def _row(draw: Canvas, world: World, items: list[Thing], x0: float, x1: float, base: float) -> None:
    """Objects standing side by side on a surface whose top is at ``base``."""
    if not items:
        return
    step = (x1 - x0) / len(items)
    for index, item in enumerate(items):
        _item(draw, world, item, x0 + step * (index + 0.5), base, max(min(step * 0.8, 90), MIN_ITEM_PX))


def _item(draw: Canvas, world: World, item: Thing, cx: float, base: float, size: float) -> None:
    kind, s = item.kind, size / 2
    if kind in ("Toaster", "CoffeeMachine", "Microwave"):
        _appliance(draw, world, item, cx, base, size)
        return
    box: Box = (cx - s * 0.6, base - s * 1.2, cx + s * 0.6, base)
    if kind in catalog.SLICED.values():
        _pieces(draw, item, cx, base, s)
        box = (cx - s * 0.73, base - s * 0.7, cx + s * 0.73, base)
    elif kind in FOOD_COLOURS:
        colour = COOKED if item.cooked else FOOD_COLOURS[kind]
        box = (cx - s * 0.6, base - s * 1.1, cx + s * 0.6, base)
        (
            draw.rounded_rectangle(box, 8, fill=colour, outline=(60, 40, 20))
            if kind == "Bread"
            else draw.ellipse(box, fill=colour, outline=(60, 40, 20))
        )
        if item.cooked:
            _steam(draw, cx, base - s * 1.2)
    elif kind in ("Plate", "Bowl", "Pan", "Pot", "Mug", "Cup", "Kettle"):
        box = _vessel(draw, world, item, cx, base, s)
    elif kind in catalog.SILVERWARE:
        box = _utensil(draw, kind, cx, base, min(max(size * 1.3, 56.0), 84.0))
    else:
        red, green, blue = hashlib.sha256(kind.encode()).digest()[:3]  # a stable colour per type
        draw.rounded_rectangle(
            (cx - s * 0.45, base - s * 1.2, cx + s * 0.45, base), 6, fill=(red, green, blue), outline=(40, 40, 40)
        )
    draw.items.append((box, kind))
    if item.dirty:
        _stains(draw, cx, base - s * 0.5, s)
    _label(draw, cx, base + 2, kind, 10)


def _utensil(draw: Canvas, kind: str, cx: float, base: float, length: float) -> Box:
    """Silverware standing upright on ``base``, ``length`` tall, outlined; its box."""
    top = base - length
    grip = max(6.0, length * 0.09)  # the handle's width
    if kind == "Ladle":  # a deep round bowl at the foot, the long handle rising from its rim
        radius = length * 0.2
        rim = base - radius
        handle_x = cx + radius * 0.8
        draw.rounded_rectangle(
            (handle_x - grip / 2, top, handle_x + grip / 2, rim), grip / 2, fill=METAL, outline=METAL_EDGE, width=2
        )
        draw.arc(
            (handle_x - grip * 2.2, top - grip * 0.2, handle_x + grip / 2, top + grip * 2),
            180,
            300,
            fill=METAL_EDGE,
            width=3,
        )
        draw.chord((cx - radius, rim - radius, cx + radius, base), 0, 180, fill=METAL, outline=METAL_EDGE, width=2)
        draw.line((cx - radius, rim, cx + radius, rim), fill=METAL_EDGE, width=2)
        return (cx - radius, top - grip * 0.2, cx + radius, base)
    if kind == "Spatula":  # a wide slotted head on a handle
        head = length * 0.38
        half = max(length * 0.14, grip)
        draw.rounded_rectangle(
            (cx - grip / 2, top + head - 2, cx + grip / 2, base),
            grip / 2,
            fill=(60, 45, 35),
            outline=METAL_EDGE,
            width=2,
        )
        draw.rounded_rectangle((cx - half, top, cx + half, top + head), 3, fill=METAL, outline=METAL_EDGE, width=2)
        for slot in (-0.45, 0.0, 0.45):
            x = cx + slot * half
            draw.line((x, top + head * 0.18, x, top + head * 0.8), fill=METAL_EDGE, width=2)
        return (cx - half, top, cx + half, base)
    if kind in ("Knife", "ButterKnife"):  # a blade on a dark handle
        blade = length * 0.58
        half = max(length * 0.07, 4.0)
        draw.rounded_rectangle(
            (cx - grip / 2 - 1, top + blade, cx + grip / 2 + 1, base),
            grip / 2,
            fill=(60, 45, 35),
            outline=METAL_EDGE,
            width=2,
        )
        tip = [(cx - half, top + blade), (cx - half, top + half * 2), (cx + half, top)]
        if kind == "ButterKnife":
            tip = [(cx - half, top + blade), (cx - half, top + half), (cx, top), (cx + half, top + half)]
        draw.polygon([*tip, (cx + half, top + blade)], fill=METAL, outline=METAL_EDGE, width=2)
        return (cx - max(half, grip / 2 + 1), top, cx + max(half, grip / 2 + 1), base)
    if kind == "Fork":  # four tines on a head, then the handle
        head = length * 0.32
        half = max(length * 0.1, grip * 0.8)
        draw.rounded_rectangle(
            (cx - grip / 2, top + head, cx + grip / 2, base), grip / 2, fill=METAL, outline=METAL_EDGE, width=2
        )
        draw.rounded_rectangle(
            (cx - half, top + head * 0.45, cx + half, top + head + 2), 3, fill=METAL, outline=METAL_EDGE, width=2
        )
        for index in range(4):
            x = cx - half + 2 + index * (2 * half - 4) / 3
            draw.line((x, top, x, top + head * 0.5), fill=METAL_EDGE, width=4)
            draw.line((x, top + 1, x, top + head * 0.5), fill=METAL, width=2)
        return (cx - half, top, cx + half, base)
    # Spoon: an oval bowl on a handle
    half = max(length * 0.12, grip)
    draw.rounded_rectangle(
        (cx - grip / 2, top + length * 0.3, cx + grip / 2, base), grip / 2, fill=METAL, outline=METAL_EDGE, width=2
    )
    draw.ellipse((cx - half, top, cx + half, top + length * 0.36), fill=METAL, outline=METAL_EDGE, width=2)
    return (cx - half, top, cx + half, base)


def _vessel(draw: Canvas, world: World, item: Thing, cx: float, base: float, s: float) -> Box:
    kind = item.kind
    dark = kind in ("Pan", "Pot", "Kettle")
    body = (45, 45, 50) if dark else (245, 245, 240)
    box: Box = (cx - s, base - s * 1.1, cx + s, base)
    if kind == "Plate":
        rim = max(s * 0.3, MIN_THIN_PX)
        draw.ellipse((cx - s, base - rim, cx + s, base), fill=body, outline=(90, 90, 90), width=2)
        top, box = base - rim * 0.66, (cx - s, base - rim, cx + s, base)
    elif kind == "Pan":
        draw.line((cx + s * 0.8, base - s * 0.25, cx + s * 1.5, base - s * 0.45), fill=body, width=6)
        draw.ellipse((cx - s, base - s * 0.4, cx + s, base), fill=body, outline=(150, 150, 155))
        top, box = base - s * 0.25, (cx - s, base - s * 0.45, cx + s * 1.5, base)
    elif kind == "Bowl":
        draw.chord(
            (cx - s * 0.8, base - s * 1.0, cx + s * 0.8, base + s * 0.2), 0, 180, fill=body, outline=(120, 120, 120)
        )
        top, box = base - s * 0.4, (cx - s * 0.8, base - s * 0.4, cx + s * 0.8, base + s * 0.2)
    else:  # Mug, Cup, Pot, Kettle: a cylinder, the liquid seen at its rim
        w = s * (0.9 if kind == "Pot" else 0.5)
        draw.rectangle((cx - w, base - s * 1.1, cx + w, base), fill=body, outline=(90, 90, 90))
        if kind == "Mug":
            draw.arc((cx + w - 6, base - s * 0.9, cx + w + s * 0.4, base - s * 0.3), 270, 90, fill=body, width=5)
        liquid = {"coffee": (80, 45, 20), "water": (120, 180, 240)}.get(item.liquid or "")
        if liquid:
            draw.ellipse((cx - w + 3, base - s * 1.2, cx + w - 3, base - s * 0.95), fill=liquid)
        top, box = base - s * 1.1, (cx - w, base - s * 1.2, cx + w, base)
    inside = [t for t in world.contents(item) if not world.is_held(t)]
    if inside:
        _row(draw, world, inside, cx - s * 0.9, cx + s * 0.9, top)
    return box


def _pieces(draw: Canvas, item: Thing, cx: float, base: float, s: float) -> None:
    """A slice: three pieces pushed apart (AsgardBench nudges slices apart to be seen)."""
    whole = item.kind.replace("Sliced", "").replace("Cracked", "")
    colour = COOKED if item.cooked else FOOD_COLOURS.get(whole, (200, 200, 200))
    if item.kind == "EggCracked":
        draw.ellipse((cx - s * 0.7, base - s * 0.3, cx + s * 0.7, base), fill=(250, 250, 245))
        draw.ellipse(
            (cx - s * 0.25, base - s * 0.3, cx + s * 0.25, base - s * 0.05),
            fill=(240, 170, 30) if not item.cooked else (200, 120, 20),
        )
    else:
        for offset in (-0.55, 0.0, 0.55):
            x = cx + offset * s
            draw.rectangle((x - s * 0.18, base - s * 0.7, x + s * 0.18, base), fill=colour, outline=(60, 40, 20))
    if item.cooked:
        _steam(draw, cx, base - s * 0.8)


def _steam(draw: Canvas, cx: float, top: float) -> None:
    for dx in (-8, 0, 8):
        draw.arc((cx + dx - 4, top - 22, cx + dx + 4, top - 8), 90, 270, fill=(250, 250, 250), width=2)
        draw.arc((cx + dx - 4, top - 36, cx + dx + 4, top - 22), 270, 90, fill=(250, 250, 250), width=2)


def _stains(draw: Canvas, cx: float, cy: float, s: float) -> None:
    for dx, dy in ((-0.4, -0.1), (0.2, 0.15), (0.35, -0.25), (-0.1, 0.25)):
        x, y = cx + dx * s, cy + dy * s
        draw.ellipse((x - 4, y - 3, x + 4, y + 3), fill=STAIN)


def _appliance(draw: Canvas, world: World, item: Thing, cx: float, base: float, size: float) -> None:
    s = size / 2
    box = (cx - s, base - size * 1.1, cx + s, base)
    if item.kind == "Microwave":
        draw.rectangle(box, fill=(60, 60, 65), outline=(20, 20, 20))
        window = (box[0] + 6, box[1] + 8, box[2] - 18, box[3] - 8)
        draw.rectangle(
            window, fill=(250, 220, 120) if item.on else ((30, 30, 35) if not item.open else (200, 200, 190))
        )
        if item.open or item.on:
            _row(draw, world, world.contents(item), window[0], window[2], window[3])
        state = "open" if item.open else ("on" if item.on else "closed")
    elif item.kind == "Toaster":
        draw.rounded_rectangle(
            (box[0], box[1] + size * 0.5, box[2], box[3]), 8, fill=(190, 190, 200), outline=(90, 90, 90)
        )
        glow = (255, 120, 30) if item.on else (50, 50, 50)
        draw.rectangle((cx - s * 0.6, box[1] + size * 0.5 + 4, cx + s * 0.6, box[1] + size * 0.5 + 10), fill=glow)
        _row(draw, world, world.contents(item), cx - s * 0.6, cx + s * 0.6, box[1] + size * 0.55)
        state = "on" if item.on else "off"
    else:  # CoffeeMachine
        draw.rectangle(box, fill=(30, 30, 35), outline=(10, 10, 10))
        draw.ellipse(
            (box[2] - 14, box[1] + 6, box[2] - 6, box[1] + 14), fill=(60, 230, 90) if item.on else (80, 30, 30)
        )
        _row(draw, world, world.contents(item), cx - s * 0.6, cx + s * 0.6, base - 4)
        state = "on" if item.on else "off"
    _label(draw, cx, base + 2, f"{item.kind} ({state})", 10)


def _sink(draw: Canvas, world: World, basin: Thing, x0: int, x1: int) -> None:
    faucet = next((f for f in world.of_kind("Faucet") if f.spot == basin.spot), None)
    draw.rectangle((x0, SURFACE_Y - 10, x1, SURFACE_Y + 6), fill=(170, 165, 155), outline=(90, 80, 70))
    draw.rounded_rectangle(
        (x0 + 20, SURFACE_Y - 6, x1 - 20, 410), 18, fill=(120, 125, 130), outline=(70, 70, 75), width=3
    )
    cx = (x0 + x1) / 2
    draw.line((cx, SURFACE_Y - 10, cx, SURFACE_Y - 90, cx + 50, SURFACE_Y - 90), fill=(180, 180, 190), width=10)
    if faucet is not None and faucet.on:
        draw.rectangle((cx + 44, SURFACE_Y - 86, cx + 56, 400), fill=(130, 190, 250))
    _label(draw, cx, 412, f"SinkBasin, Faucet ({'on' if faucet is not None and faucet.on else 'off'})", 12)
    _row(draw, world, [t for t in world.contents(basin) if not world.is_held(t)], x0 + 30, x1 - 30, 396)


def _stove(draw: Canvas, world: World, x0: int, x1: int) -> None:
    draw.rectangle((x0, SURFACE_Y - 30, x1, 420), fill=(40, 40, 45), outline=(10, 10, 10))
    burners = [b for b in world.of_kind("StoveBurner") if b.spot == world.facing]
    step = (x1 - x0) / max(1, len(burners))
    for index, burner in enumerate(burners):
        cx = x0 + step * (index + 0.5)
        draw.ellipse(
            (cx - step * 0.35, SURFACE_Y - 22, cx + step * 0.35, SURFACE_Y + 6),
            outline=(255, 90, 20) if burner.on else (110, 110, 110),
            width=5,
        )
        draw.ellipse((cx - 8, 392, cx + 8, 408), fill=(230, 80, 30) if burner.on else (150, 150, 150))
        _row(
            draw,
            world,
            [t for t in world.contents(burner) if not world.is_held(t)],
            cx - step * 0.45,
            cx + step * 0.45,
            SURFACE_Y - 6,
        )
    _label(draw, (x0 + x1) / 2, 424, "StoveBurner" + (" (on)" if any(b.on for b in burners) else ""), 13)


def _cupboard(draw: Canvas, world: World, box: Thing, x0: int, x1: int) -> None:
    top, bottom = (60, 410) if box.kind == "Fridge" else ((250, 330) if box.kind == "Drawer" else (80, 300))
    colour = (235, 235, 235) if box.kind == "Fridge" else (160, 120, 80)
    draw.rectangle((x0 + 10, top, x1 - 10, bottom), fill=colour, outline=(70, 60, 50), width=3)
    if box.open:
        draw.rectangle((x0 + 20, top + 10, x1 - 20, bottom - 10), fill=(70, 60, 55))
        draw.polygon(
            [
                (x1 - 10, top),
                (x1 + 8 if x1 + 8 < SIZE else x1, top + 20),
                (x1 + 8 if x1 + 8 < SIZE else x1, bottom - 20),
                (x1 - 10, bottom),
            ],
            fill=tuple(c - 20 for c in colour),
        )
        _row(draw, world, [t for t in world.contents(box) if not world.is_held(t)], x0 + 24, x1 - 24, bottom - 12)
    else:
        draw.rectangle((x1 - 34, (top + bottom) / 2 - 12, x1 - 26, (top + bottom) / 2 + 12), fill=(60, 60, 60))
    _label(draw, (x0 + x1) / 2, bottom + 4, f"{box.kind} ({'open' if box.open else 'closed'})", 12)


def _held(image: Image.Image, draw: Canvas, world: World, held: Thing, hand: bool) -> None:
    """The held item at the bottom centre, under a translucent hand."""
    _item(draw, world, held, SIZE / 2, SIZE - 40, 110)
    if not hand:
        return
    overlay, box = _hand()
    # Only the hand's box is composited: where the overlay is transparent a pixel stays as it is.
    region = image.crop(box).convert("RGBA")
    image.paste(Image.alpha_composite(region, overlay).convert("RGB"), box[:2])


@lru_cache(maxsize=1)
def _hand() -> tuple[Image.Image, tuple[int, int, int, int]]:
    """The translucent hand over the held item, cropped to its box, and that box in the view."""
    overlay = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    hand_draw = ImageDraw.Draw(overlay)
    skin = (235, 190, 160, int(255 * HAND_ALPHA))
    hand_draw.rounded_rectangle((SIZE / 2 - 70, SIZE - 60, SIZE / 2 + 70, SIZE + 30), 30, fill=skin)
    for index in range(4):
        x = SIZE / 2 - 60 + index * 32
        hand_draw.rounded_rectangle((x, SIZE - 110, x + 26, SIZE - 40), 12, fill=skin)
    hand_draw.rounded_rectangle((SIZE / 2 + 60, SIZE - 80, SIZE / 2 + 110, SIZE - 50), 12, fill=skin)
    box = overlay.getbbox()
    assert box is not None
    return overlay.crop(box), box
