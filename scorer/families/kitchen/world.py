"""The symbolic kitchen: objects by type, where each one is, its states, what the agent
holds and what it faces. The 12 verbs and their rules live in ``rules``.

**Places.** Every fixture (counter, cabinet, sink, stove burner, fridge, ...) has a
*spot*: the place the agent stands at to see it. ``FIND`` moves the agent to a spot; an
object is visible when it is held, or when its outermost fixture's spot is the one the
agent faces and no closed container hides it. Fixtures that belong together share a
spot (the faucet is at the sink, the knobs at the stove, appliances stand on a counter).

**Instances.** Objects are named ``Type_k`` (``Mug_1``, ``Cabinet_3``); the model names
a type and the rules pick the instance (AsgardBench's resolution, see ``rules``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields, replace
from typing import Any

from scorer.families.kitchen import catalog

DRINK_GOAL = "Drink Coffee"
SPRAY_GOAL = "Spray Mirror"


@dataclass
class Thing:
    id: str
    kind: str
    parent: str | None = None  # the receptacle it is in or on; None: held, or a fixture standing in the room
    spot: str | None = None  # fixtures only: where the agent stands to see it
    dirty: bool = False
    cooked: bool = False
    on: bool = False
    open: bool = False
    liquid: str | None = None  # "coffee" | "water" | None

    @property
    def fixture(self) -> bool:
        return self.spot is not None


@dataclass
class World:
    scene: str
    room: str  # Kitchen | Bathroom | LivingRoom
    things: dict[str, Thing]
    held: str | None = None
    facing: str | None = None  # the spot the agent faces; None before the first FIND
    found: dict[str, str] = field(default_factory=dict)  # type -> instance of the last FIND / OPEN
    sliced: dict[str, str] = field(default_factory=dict)  # whole type -> the instance that was sliced
    sprayed: list[str] = field(default_factory=list)
    flags: dict[str, bool] = field(default_factory=dict)  # AsgardBench's action goals, set by DRINK / SPRAY
    location_goals: tuple[
        tuple[str, str], ...
    ] = ()  # (object type, destination type): AsgardBench's resolver skips objects already there

    # --- reading ---------------------------------------------------------------
    def of_kind(self, kind: str) -> list[Thing]:
        return [t for t in self.things.values() if t.kind == kind]

    def contents(self, container: Thing) -> list[Thing]:
        return [t for t in self.things.values() if t.parent == container.id]

    def all_contents(self, container: Thing) -> Iterator[Thing]:
        for inner in self.contents(container):
            yield inner
            yield from self.all_contents(inner)

    def ancestors(self, thing: Thing) -> Iterator[Thing]:
        current = thing
        while current.parent is not None:
            current = self.things[current.parent]
            yield current

    def outermost(self, thing: Thing) -> Thing:
        *_, last = (thing, *self.ancestors(thing))
        return last

    def is_held(self, thing: Thing) -> bool:
        """Held, or inside what is held (a plate's slice travels with the plate)."""
        return self.held is not None and (
            thing.id == self.held or any(a.id == self.held for a in self.ancestors(thing))
        )

    def hidden_by_closed(self, thing: Thing) -> bool:
        return any(a.kind in catalog.OPENABLE and not a.open for a in self.ancestors(thing))

    def spot_of(self, thing: Thing) -> str | None:
        return self.outermost(thing).spot

    def visible(self, thing: Thing) -> bool:
        if self.is_held(thing):
            return True
        return self.facing is not None and self.spot_of(thing) == self.facing and not self.hidden_by_closed(thing)

    def held_thing(self) -> Thing | None:
        return self.things[self.held] if self.held else None

    def in_destination(self, thing: Thing, destination: str) -> bool:
        return any(a.kind == destination for a in self.ancestors(thing))

    def in_use(self, thing: Thing) -> bool:
        """Already fulfilling a location goal (AsgardBench's resolver leaves those alone)."""
        return any(kind == thing.kind and self.in_destination(thing, dest) for kind, dest in self.location_goals)

    def visible_things(self) -> list[Thing]:
        return [t for t in self.things.values() if self.visible(t)]

    def available_types(self) -> list[str]:
        """AsgardBench's AVAILABLE OBJECTS: every type of the scene with the sliced types of
        its sliceable food, without PepperShaker and StoveKnob."""
        kinds = {t.kind for t in self.things.values()} | set(self.sliced)
        kinds |= {catalog.SLICED[k] for k in kinds if k in catalog.SLICED}
        return sorted(kinds - set(catalog.HIDDEN_TYPES))

    # --- storing -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "scene": self.scene,
            "room": self.room,
            "things": [_thing_json(t) for t in self.things.values()],
            "held": self.held,
            "facing": self.facing,
            "found": dict(self.found),
            "sliced": dict(self.sliced),
            "sprayed": list(self.sprayed),
            "flags": dict(self.flags),
            "location_goals": [list(g) for g in self.location_goals],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> World:
        things = {t["id"]: Thing(**{**_THING_DEFAULTS, **t}) for t in data["things"]}
        return cls(
            scene=data["scene"],
            room=data["room"],
            things=things,
            held=data.get("held"),
            facing=data.get("facing"),
            found=dict(data.get("found", {})),
            sliced=dict(data.get("sliced", {})),
            sprayed=list(data.get("sprayed", [])),
            flags=dict(data.get("flags", {})),
            location_goals=tuple((str(a), str(b)) for a, b in data.get("location_goals", [])),
        )

    def copy(self) -> World:
        """A world the rules may change without touching this one: a new Thing each (their
        fields hold only immutable values) and new containers; a JSON round trip did the same
        for 50 times the time (a random policy tries every action on a copy)."""
        return replace(
            self,
            things={key: _clone(thing) for key, thing in self.things.items()},
            found=dict(self.found),
            sliced=dict(self.sliced),
            sprayed=list(self.sprayed),
            flags=dict(self.flags),
        )


def _clone(thing: Thing) -> Thing:
    """A copy of ``thing``: its fields are immutable values, so a shallow copy is a full one
    (copy.copy does the same through __reduce_ex__, 4 times slower)."""
    clone = object.__new__(Thing)
    clone.__dict__.update(thing.__dict__)
    return clone


_THING_FIELDS = tuple(f.name for f in fields(Thing))
_THING_DEFAULTS: dict[str, Any] = {k: getattr(Thing("", ""), k) for k in _THING_FIELDS if k not in ("id", "kind")}


def _thing_json(thing: Thing) -> dict[str, Any]:
    """Only the fields that differ from the defaults: rows stay small. (Read from the instance's
    dict, which holds every field in declaration order: an episode snapshots its world at each step.)"""
    return {k: v for k, v in vars(thing).items() if k in ("id", "kind") or v != _THING_DEFAULTS[k]}
