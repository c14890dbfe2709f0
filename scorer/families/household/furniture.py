"""What each kind of furniture and object looks like and where it belongs.

Sizes are in metres (width along the wall, depth into the room, height); ``style`` says
how the views draw it. Kinds a problem names that are not listed here get the default
look of their PDDL type, so any ViPlan-style problem can be drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.render.shapes import RGB


@dataclass(frozen=True)
class FurnitureKind:
    width: float
    depth: float
    height: float
    colour: RGB
    style: str  # table | block | shelf | cabinet | sink | carton | door | window | bed
    rooms: tuple[str, ...]  # rooms it is placed in, most likely first
    elevation: float = 0.0  # height of its bottom above the floor (windows)


FURNITURE: dict[str, FurnitureKind] = {
    "table": FurnitureKind(1.4, 0.8, 0.75, (160, 112, 70), "table", ("living_room", "kitchen", "office")),
    "shelf": FurnitureKind(1.2, 0.4, 1.05, (140, 98, 60), "shelf", ("living_room", "office", "garage")),
    "cabinet": FurnitureKind(1.0, 0.55, 0.9, (196, 170, 130), "cabinet", ("kitchen", "office", "bedroom")),
    "electric_refrigerator": FurnitureKind(0.9, 0.7, 1.8, (226, 230, 234), "cabinet", ("kitchen",)),
    "sink": FurnitureKind(1.2, 0.6, 0.9, (190, 196, 204), "sink", ("kitchen", "bathroom")),
    "carton": FurnitureKind(0.6, 0.45, 0.45, (196, 150, 96), "carton", ("garage", "living_room", "bedroom")),
    "door": FurnitureKind(0.9, 0.06, 2.0, (150, 104, 66), "door", ("living_room", "bedroom", "kitchen")),
    "window": FurnitureKind(1.2, 0.06, 1.0, (235, 238, 240), "window", ("living_room", "bedroom"), 0.9),
}
# Decoration: furniture no problem names. Those with a flat top hold unplaced objects.
DECORATION: dict[str, FurnitureKind] = {
    "counter": FurnitureKind(1.6, 0.6, 0.9, (120, 128, 138), "block", ("kitchen",)),
    "sofa": FurnitureKind(1.8, 0.85, 0.8, (86, 110, 150), "bed", ("living_room",)),
    "coffee_table": FurnitureKind(1.0, 0.6, 0.45, (122, 84, 52), "table", ("living_room",)),
    "bed": FurnitureKind(1.6, 1.1, 0.55, (210, 214, 222), "bed", ("bedroom",)),
    "nightstand": FurnitureKind(0.5, 0.4, 0.55, (150, 110, 74), "block", ("bedroom",)),
    "desk": FurnitureKind(1.3, 0.65, 0.75, (108, 80, 56), "table", ("office",)),
    "workbench": FurnitureKind(1.6, 0.7, 0.9, (128, 118, 96), "block", ("garage",)),
    "bathtub": FurnitureKind(1.7, 0.75, 0.55, (240, 242, 244), "block", ("bathroom",)),
    "dresser": FurnitureKind(1.1, 0.5, 0.85, (176, 132, 92), "block", ("bedroom", "office")),
}
SUPPORTS = ("counter", "coffee_table", "nightstand", "desk", "workbench", "dresser", "bed", "sofa")
ROOM_NAMES = ("kitchen", "living_room", "bedroom", "garage", "office", "bathroom")
DEFAULT_CONTAINER = FurnitureKind(0.9, 0.5, 0.9, (170, 150, 130), "cabinet", ROOM_NAMES)
DEFAULT_OBJECT = FurnitureKind(1.2, 0.6, 0.8, (150, 130, 110), "table", ROOM_NAMES)

FLOOR_COLOURS: dict[str, RGB] = {
    "kitchen": (214, 206, 190),
    "living_room": (196, 170, 136),
    "bedroom": (206, 190, 200),
    "garage": (184, 186, 188),
    "office": (190, 196, 176),
    "bathroom": (200, 214, 222),
}
WALL_COLOURS: dict[str, RGB] = {
    "kitchen": (236, 230, 214),
    "living_room": (226, 214, 196),
    "bedroom": (222, 214, 230),
    "garage": (210, 212, 214),
    "office": (220, 228, 212),
    "bathroom": (222, 236, 242),
}


@dataclass(frozen=True)
class ItemKind:
    size: float  # metres across
    height: float
    colour: RGB
    shape: str  # box | cylinder | ball | flat


ITEMS: dict[str, ItemKind] = {
    "bowl": ItemKind(0.2, 0.08, (224, 222, 210), "cylinder"),
    "plate": ItemKind(0.24, 0.03, (236, 236, 230), "cylinder"),
    "spoon": ItemKind(0.2, 0.02, (180, 184, 190), "flat"),
    "piece_of_cloth": ItemKind(0.24, 0.03, (90, 140, 200), "flat"),
    "ball": ItemKind(0.2, 0.2, (220, 80, 60), "ball"),
    "saucepan": ItemKind(0.24, 0.12, (70, 74, 80), "cylinder"),
    "marker": ItemKind(0.14, 0.03, (40, 90, 200), "flat"),
    "document": ItemKind(0.22, 0.02, (248, 248, 244), "flat"),
    "folder": ItemKind(0.24, 0.04, (230, 190, 60), "box"),
    "plaything": ItemKind(0.16, 0.14, (120, 200, 90), "box"),
    "apple": ItemKind(0.1, 0.1, (200, 40, 40), "ball"),
    "orange": ItemKind(0.1, 0.1, (240, 140, 30), "ball"),
    "gym_shoe": ItemKind(0.26, 0.1, (60, 60, 70), "box"),
    "sock": ItemKind(0.18, 0.03, (230, 230, 240), "flat"),
    "sandwich": ItemKind(0.16, 0.06, (222, 190, 120), "box"),
    "snack_food": ItemKind(0.14, 0.1, (200, 60, 140), "box"),
    "hardback": ItemKind(0.18, 0.22, (130, 40, 50), "box"),
    "book": ItemKind(0.16, 0.2, (40, 100, 80), "box"),
    "toy": ItemKind(0.16, 0.14, (240, 200, 40), "box"),
    "mug": ItemKind(0.1, 0.11, (80, 150, 170), "cylinder"),
    "bottle": ItemKind(0.08, 0.24, (90, 160, 110), "cylinder"),
    "can": ItemKind(0.08, 0.12, (190, 50, 50), "cylinder"),
    "towel": ItemKind(0.26, 0.04, (240, 230, 200), "flat"),
}
DEFAULT_ITEM = ItemKind(0.15, 0.12, (150, 150, 160), "box")


def furniture_kind(kind: str, is_container: bool) -> FurnitureKind:
    look = FURNITURE.get(kind) or DECORATION.get(kind)
    if look is not None:
        return look
    return DEFAULT_CONTAINER if is_container else DEFAULT_OBJECT


def item_kind(kind: str) -> ItemKind:
    return ITEMS.get(kind, DEFAULT_ITEM)
