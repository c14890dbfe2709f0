"""The home a household problem happens in: rooms, furniture on their walls, and where
every movable object rests before anything is moved.

ViPlan's household scenes are iGibson homes; here a home is a grid of rectangular rooms
(``Room``, two a row) joined by doorways. Furniture stands in slots along the north and south wall
of each room (``Piece``): the problem's own furniture (PDDL objects that are not
movable: tables, shelves, cabinets, fridges, sinks, cartons, doors, windows) and
decoration the problem does not name (counters, beds, sofas, desks...). A movable object
that no fact of the problem places rests on a decoration piece (its ``home``), so the
layout never adds a fact to the problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ROOM_WIDTH = 6.0  # metres along x
ROOM_DEPTH = 5.0  # metres along y (the floor plan's down)
ROOMS_PER_ROW = 2  # rooms fill a grid two wide, west to east then north to south
SLOTS_PER_WALL = 3
SLOT_SPACING = ROOM_WIDTH / SLOTS_PER_WALL
WALLS = ("north", "south")

_INDEX_SUFFIX = re.compile(r"_\d+$")


def kind_of(name: str) -> str:
    """``book_2`` -> ``book``: the kind a labelled object is one of."""
    return _INDEX_SUFFIX.sub("", name)


@dataclass(frozen=True)
class Room:
    name: str  # kitchen, living_room, ...
    index: int  # position in the grid of rooms, west to east then north to south

    @property
    def x(self) -> float:
        """West wall, metres."""
        return (self.index % ROOMS_PER_ROW) * ROOM_WIDTH

    @property
    def y(self) -> float:
        """North wall, metres."""
        return (self.index // ROOMS_PER_ROW) * ROOM_DEPTH


@dataclass(frozen=True)
class Piece:
    """A piece of furniture, a door or a window in a wall slot of a room."""

    name: str  # the PDDL object (``cabinet_1``) or, for decoration, its kind (``sofa``)
    kind: str
    room: int
    wall: str  # north | south
    slot: int  # 0..SLOTS_PER_WALL-1, west to east
    named: bool  # a PDDL object of the problem (decoration is not)
    container: bool  # of PDDL type container: it opens and closes

    @property
    def along(self) -> float:
        """Centre along its wall from the room's west wall (metres)."""
        return (self.slot + 0.5) * SLOT_SPACING

    def faces_same_wall(self, other: Piece) -> bool:
        return self.room == other.room and self.wall == other.wall


@dataclass(frozen=True)
class Scene:
    """A home: rooms, pieces, the resting place of unplaced movables, the agent's start."""

    name: str  # e.g. "Rs_int/0" for an imported layout, the problem name for ours
    rooms: tuple[Room, ...]
    pieces: tuple[Piece, ...]
    movables: tuple[str, ...]  # the PDDL movable objects, sorted
    homes: tuple[tuple[str, str], ...]  # (movable, decoration piece) for movables no fact places
    start: str  # the piece the agent faces before its first navigate-to

    @property
    def named(self) -> frozenset[str]:
        """The pieces that are PDDL objects of the problem."""
        return frozenset(p.name for p in self.pieces if p.named)

    def piece(self, name: str) -> Piece | None:
        return next((p for p in self.pieces if p.name == name), None)

    def home_of(self, movable: str) -> str | None:
        return dict(self.homes).get(movable)

    def neighbours(self, piece: Piece) -> list[Piece]:
        """The pieces in view when the agent faces ``piece``: it and the slots beside it."""
        near = [p for p in self.pieces if p.faces_same_wall(piece) and abs(p.slot - piece.slot) <= 1]
        # Facing north, west is on the left; facing south, east is.
        return sorted(near, key=lambda p: p.slot if piece.wall == "north" else -p.slot)
