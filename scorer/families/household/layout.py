"""The seeded layout generator: a home for a household problem.

The rooms come from one seed (an imported layout seeds them with ViPlan's iGibson
scene name, so every problem set in ``Rs_int`` gets the same rooms), the placement
of furniture and objects from another. Every fact of the problem holds in the layout:
furniture the problem names is placed as itself, objects its facts put inside or on
something stay there, and objects no fact places rest on decoration, which no fact can
name, so the layout adds no fact to the problem.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from scorer.families.household.furniture import DECORATION, FURNITURE, ROOM_NAMES, SUPPORTS
from scorer.families.household.scene import SLOTS_PER_WALL, WALLS, Piece, Room, Scene, kind_of
from scorer.families.household.types import is_container, is_movable

MAX_ROOMS = 4
SLOTS_PER_ROOM = SLOTS_PER_WALL * len(WALLS)


def make_scene(name: str, objects: Mapping[str, str], placed: Sequence[str], rooms_seed: str, place_seed: str) -> Scene:
    """A home for ``objects`` (name -> PDDL type); ``placed`` lists the movables whose
    location a fact of the problem gives (they need no home)."""
    furniture = sorted(o for o, t in objects.items() if not is_movable(t))
    movables = tuple(sorted(o for o, t in objects.items() if is_movable(t)))
    rooms = _rooms(len(furniture), random.Random(rooms_seed))
    rng = random.Random(place_seed)
    free = {room.index: [(wall, slot) for wall in WALLS for slot in range(SLOTS_PER_WALL)] for room in rooms}
    for slots in free.values():
        rng.shuffle(slots)
    pieces = [_place(o, is_container(objects[o]), rooms, free, rng) for o in furniture]
    pieces += _decoration(rooms, free, rng)
    supports = [p.name for p in pieces if not p.named and p.kind in SUPPORTS]
    homes = tuple((m, rng.choice(supports)) for m in movables if m not in placed)
    decoration = [p.name for p in pieces if not p.named]
    return Scene(name, rooms, tuple(sorted(pieces, key=_slot_order)), movables, homes, rng.choice(decoration))


def _rooms(n_furniture: int, rng: random.Random) -> tuple[Room, ...]:
    # Two decoration pieces a room leave room for the furniture: at most 4 named pieces a room.
    count = min(MAX_ROOMS, max(2, -(-n_furniture // 3), rng.randint(2, 3)))
    names = ["kitchen", *rng.sample([n for n in ROOM_NAMES if n != "kitchen"], count - 1)]
    rng.shuffle(names)
    return tuple(Room(room_name, index) for index, room_name in enumerate(names))


def _place(obj: str, container: bool, rooms: Sequence[Room], free: dict[int, list], rng: random.Random) -> Piece:
    kind = kind_of(obj)
    look = FURNITURE.get(kind)
    # Two slots of each room stay free for decoration while another room has space.
    roomy = [r for r in rooms if len(free[r.index]) > 2] or [r for r in rooms if free[r.index]]
    liked = [r for name in (look.rooms if look else ()) for r in roomy if r.name == name]
    choices = liked[:1] or roomy
    if not choices:
        raise ValueError(f"no free wall slot left for {obj}: too much furniture for {len(rooms)} rooms")
    room = choices[0] if liked else rng.choice(choices)
    wall, slot = free[room.index].pop()
    return Piece(obj, kind, room.index, wall, slot, True, container)


def _decoration(rooms: Sequence[Room], free: dict[int, list], rng: random.Random) -> list[Piece]:
    """One or two decoration pieces a room (a flat-topped one first, so every room has a support)."""
    pieces: list[Piece] = []
    for room in rooms:
        own = [k for k, look in DECORATION.items() if room.name in look.rooms]
        flat = [k for k in own if k in SUPPORTS] or ["counter"]
        wanted = [rng.choice(flat)] + rng.sample([k for k in own if k not in flat] or own, 1)
        for kind in dict.fromkeys(wanted):
            if free[room.index]:
                name = kind if all(p.name != kind for p in pieces) else f"{kind}_{room.name}"
                wall, slot = free[room.index].pop()
                pieces.append(Piece(name, kind, room.index, wall, slot, False, False))
    return pieces


def _slot_order(piece: Piece) -> tuple[int, str, int]:
    return (piece.room, piece.wall, piece.slot)
