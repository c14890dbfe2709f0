"""What the agent sees in a state: where it stands, which pieces are in front of it,
and which objects it can tell apart there.

The PDDL state is the truth; this module reads it against the scene, and what the agent
sees is a function of the state alone (so an episode replays exactly and a single state
has one picture). The agent stands before the piece it last navigated to: the reachable
piece, or the piece a reachable object rests on. When the state does not tell (it
navigated to an object and grasped it, so only the held object is reachable) it stands
at the held object's home, or at the scene's start: right for an object taken from where
the problem put it, a jump for one moved before. It sees that piece
and the slots beside it on the same wall: the objects on them, the objects inside those
of them that are open, and what it holds. Everything else is hidden, as in ViPlan's
partially observable homes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from scorer.families.household.scene import Piece, Scene

HAND = "hand"
ON, IN = "on", "in"


@dataclass(frozen=True)
class Sight:
    """A state as the views draw it (hashable, so images can be cached)."""

    scene: Scene
    spot: str  # the piece the agent faces
    in_view: tuple[str, ...]  # pieces in front of the agent, west to east
    open: frozenset[str]  # open containers (all of them: the floor plan shows doors everywhere)
    on: tuple[tuple[str, tuple[str, ...]], ...]  # piece in view -> objects resting on it
    inside: tuple[tuple[str, tuple[str, ...]], ...]  # open piece in view -> objects inside it
    held: str | None
    reachable: frozenset[str]

    @property
    def visible(self) -> frozenset[str]:
        """The PDDL objects the agent sees (decoration is not a PDDL object)."""
        pieces = set(self.in_view) & self.scene.named
        items = {m for _, group in self.on + self.inside for m in group}
        return frozenset(pieces | items | ({self.held} if self.held else set()))

    def items_on(self, piece: str) -> tuple[str, ...]:
        return dict(self.on).get(piece, ())

    def items_inside(self, piece: str) -> tuple[str, ...]:
        return dict(self.inside).get(piece, ())


def split_atom(atom: str) -> tuple[str, list[str]]:
    predicate, *args = atom.strip("()").split()
    return predicate, args


def sight(scene: Scene, atoms: Iterable[str]) -> Sight:
    """What the agent sees when ``atoms`` (PDDL atoms such as ``(ontop book_1 table_1)``) hold."""
    return _sight(scene, frozenset(atoms))


@lru_cache(maxsize=4096)
def _sight(scene: Scene, atoms: frozenset[str]) -> Sight:
    facts = [split_atom(a) for a in sorted(atoms)]
    held = next((args[0] for p, args in facts if p == "holding"), None)
    reachable = frozenset(args[0] for p, args in facts if p == "reachable")
    places = {m: _resting_place(scene, facts, m) for m in scene.movables}
    spot = _spot(scene, reachable, places, held)
    in_view = tuple(p.name for p in scene.neighbours(spot))
    opened = frozenset(args[0] for p, args in facts if p == "open")
    on = tuple((p, _group(places, p, ON)) for p in in_view if _group(places, p, ON))
    inside = tuple((p, _group(places, p, IN)) for p in in_view if p in opened and _group(places, p, IN))
    return Sight(scene, spot.name, in_view, opened, on, inside, held, reachable)


def _group(places: dict[str, tuple[str, str]], piece: str, relation: str) -> tuple[str, ...]:
    return tuple(sorted(m for m, place in places.items() if place == (piece, relation)))


def _resting_place(scene: Scene, facts: list[tuple[str, list[str]]], movable: str) -> tuple[str, str]:
    """(piece, on | in) where ``movable`` rests, or (HAND, "") when held.

    An object on or next to another object rests where that one rests; one whose facts
    lead to the hand or round in a circle (a state only odd plays reach) is drawn at its
    home, or on the start piece.
    """
    chain: list[str] = []
    current = movable
    while current not in chain:
        chain.append(current)
        place = _direct_place(facts, current)
        if place is None:
            break
        target, relation = place
        if target == HAND:
            if current == movable:
                return (HAND, "")
            break
        if scene.piece(target) is not None:
            return (target, relation)
        current = target  # a movable: rest where it rests
    return (scene.home_of(movable) or scene.start, ON)


def _direct_place(facts: list[tuple[str, list[str]]], movable: str) -> tuple[str, str] | None:
    for relation, wanted in (("holding", HAND), ("inside", IN), ("ontop", ON), ("nextto", ON)):
        for predicate, args in facts:
            if predicate == relation and args[0] == movable:
                return (HAND, "") if relation == "holding" else (args[1], wanted)
    return None


def _spot(scene: Scene, reachable: frozenset[str], places: dict[str, tuple[str, str]], held: str | None) -> Piece:
    for piece in scene.pieces:
        if piece.name in reachable:
            return piece
    for movable in sorted(reachable):
        place = places.get(movable)
        if place is not None and place[0] != HAND:
            return scene.piece(place[0])  # type: ignore[return-value]
    home = scene.home_of(held) if held else None
    return scene.piece(home or scene.start)  # type: ignore[return-value]
