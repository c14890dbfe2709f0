"""Our seeded layout generator: a scene's fixtures and objects placed in a symbolic room.

AsgardBench's placements came from AI2-THOR's random spawn, which we cannot run, so a
row's world is made here from the scene's fixture counts and object types (its
``item_cache`` for imported tasks, our room templates for generated ones), one object
per pickupable type (AsgardBench removes duplicates). The task's objects start in view
on a surface, the sink or the stove, never in a closed container (AsgardBench's rule);
the others go anywhere that takes them; a put-away item never starts at home; the
dining table of a table-setting task starts cluttered. Then the setup actions are
applied (an object made dirty, filled with coffee or emptied).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from scorer.families.kitchen import catalog
from scorer.families.kitchen.tasks import KitchenTask
from scorer.families.kitchen.world import Thing, World

SINK_LIMIT = 2  # objects in a sink at the start
# Room templates of generated scenes: fixture counts, then the pickupable types a scene may have.
TEMPLATES: dict[str, tuple[dict[str, int], tuple[str, ...]]] = {
    "Kitchen": (
        {"CounterTop": 3, "Cabinet": 8, "Drawer": 4, "Fridge": 1, "Microwave": 1, "CoffeeMachine": 1, "Toaster": 1,
         "StoveBurner": 4, "StoveKnob": 4, "Sink": 1, "SinkBasin": 1, "Faucet": 1, "DiningTable": 1,
         "GarbageCan": 1, "LightSwitch": 1, "Window": 1},
        (*catalog.FOOD, *catalog.SILVERWARE, *catalog.DISHES, "Pan", "Pot", "Kettle", "DishSponge", "SaltShaker",
         "SoapBottle", "Bottle", "WineBottle", "PaperTowelRoll", "Vase", "CreditCard", "Book"),
    ),
    "Bathroom": (
        {"CounterTop": 1, "Cabinet": 2, "Mirror": 1, "Sink": 1, "SinkBasin": 1, "Faucet": 1, "Toilet": 1,
         "Shelf": 1, "GarbageCan": 1, "LightSwitch": 1, "Floor": 1},
        ("Cloth", "SprayBottle", "SoapBar", "SoapBottle", "Candle", "ToiletPaper", "Plunger", "ScrubBrush",
         "HandTowel", "DishSponge", "PaperTowelRoll"),
    ),
    "LivingRoom": (
        {"Sofa": 1, "CoffeeTable": 1, "SideTable": 1, "TVStand": 1, "Television": 1, "Shelf": 2, "Floor": 1,
         "ArmChair": 1, "LightSwitch": 1, "Window": 1},
        ("RemoteControl", "Book", "Laptop", "Pillow", "Box", "Statue", "Vase", "KeyChain", "CreditCard", "Watch",
         "Newspaper", "HousePlant"),
    ),
}  # fmt: skip
_NO_DISTRACTORS = ("Microwave", "CoffeeMachine", "Toaster", "StoveBurner", "GarbageCan", *catalog.DISHES, "Pan", "Pot")


def make_world(task: KitchenTask, fixtures: Mapping[str, int], items: tuple[str, ...], seed: str) -> World:
    """The task's world: ``fixtures`` (type -> count) and one of each pickupable type in ``items``."""
    rng = random.Random(seed)
    things = _fixtures(fixtures, rng)
    world = World(scene=task.scene, room=task.room, things=things)
    world.location_goals = tuple((g["object_type"], g["destination_type"]) for g in task.goals["location_goals"])
    # AsgardBench removes the PepperShaker (it looks like the SaltShaker) from its scenes.
    kinds = sorted(set(items) & catalog.PICKUPABLE - set(catalog.SLICED.values()) - set(catalog.HIDDEN_TYPES))
    targets = [k for k in task.targets if k in kinds]
    for kind in targets + [k for k in kinds if k not in targets]:
        world.things[f"{kind}_1"] = Thing(f"{kind}_1", kind)
    for kind in targets:
        _place(world, world.things[f"{kind}_1"], _target_places(world, task, kind), rng)
    for kind in kinds:
        if kind not in targets:
            _place(world, world.things[f"{kind}_1"], _distractor_places(world, task, kind), rng)
    _apply_setup(world, task)
    surfaces = [
        t for t in world.things.values() if t.fixture and t.kind in (*catalog.SURFACES, *catalog.OTHER_SURFACES)
    ]
    world.facing = rng.choice(surfaces).spot if surfaces else None
    return world


def _fixtures(counts: Mapping[str, int], rng: random.Random) -> dict[str, Thing]:
    things: dict[str, Thing] = {}
    for kind in sorted(counts):
        if kind in catalog.PICKUPABLE:
            continue
        for index in range(1, counts[kind] + 1):
            name = f"{kind}_{index}"
            things[name] = Thing(name, kind, spot=name)
    for thing in things.values():
        kind, number = thing.kind, thing.id.rsplit("_", 1)[1]
        if kind == "StoveBurner" or kind == "StoveKnob":
            thing.spot = "StoveBurner_1" if "StoveBurner_1" in things else thing.spot
        elif kind in catalog.SHARES_SPOT:
            partner = f"{catalog.SHARES_SPOT[kind]}_{number}"
            partner = partner if partner in things else f"{catalog.SHARES_SPOT[kind]}_1"
            thing.spot = things[partner].spot if partner in things else thing.spot
    counters = [t.id for t in things.values() if t.kind == "CounterTop"]
    for thing in things.values():
        if thing.kind in catalog.ON_COUNTER and counters:
            thing.parent, thing.spot = rng.choice(counters), None
    return things


def _target_places(world: World, task: KitchenTask, kind: str) -> list[Thing]:
    """Where a task object may start: in view, never inside a closed container."""
    fixtures = [t for t in world.things.values() if t.fixture]
    sliced_here = task.task_type in ("cook_bread", "cook_potato_slice", "distribute", "settable")
    if kind in catalog.FOOD and sliced_here:
        kinds: tuple[str, ...] = ("CounterTop",) if task.task_type == "settable" else catalog.SURFACES
    else:
        kinds = (*catalog.SURFACES, *catalog.OTHER_SURFACES)
        if kind in catalog.WASHABLE_IN_SINK or kind in catalog.FOOD:
            kinds += ("SinkBasin",)
        if kind in catalog.COOKWARE:
            kinds += ("StoveBurner",)
    places = [f for f in fixtures if f.kind in kinds and f.kind != "Floor"]
    if task.task_type == "settable":
        places = [p for p in places if p.kind != "DiningTable"]
    if task.task_type.startswith("putaway"):
        places = [p for p in places if p.kind not in catalog.homes(kind)]
    return places


def _distractor_places(world: World, task: KitchenTask, kind: str) -> list[Thing]:
    places = [
        t
        for t in world.things.values()
        if catalog.accepts(t.kind, kind) and t.kind not in _NO_DISTRACTORS and t.fixture
    ]
    if task.task_type == "settable":
        tables = [p for p in places if p.kind == "DiningTable" and not world.contents(p)]
        if tables:  # AsgardBench's table setting starts with a table to clear
            return tables
    return places


def _place(world: World, thing: Thing, places: list[Thing], rng: random.Random) -> None:
    room = [p for p in places if len(world.contents(p)) < _start_limit(p.kind) and p.id != thing.id]
    if not room:
        room = [t for t in world.things.values() if t.fixture and t.kind in catalog.SURFACES] or places
    thing.parent = rng.choice(room).id


def _start_limit(kind: str) -> int:
    """How many objects a receptacle holds at the start: a sink two, a surface at most
    half its capacity (room is left for what the task puts down), others their capacity."""
    if kind == "SinkBasin":
        return SINK_LIMIT
    if kind in catalog.SURFACES or kind in catalog.OTHER_SURFACES:
        return catalog.SURFACE_CAPACITY // 2
    return catalog.capacity(kind)


def _apply_setup(world: World, task: KitchenTask) -> None:
    for action, kind, argument in task.setup:
        for thing in world.of_kind(kind)[:1]:
            if action == "dirty":
                thing.dirty = True
            elif action == "fill":
                thing.liquid = argument or "water"
            elif action == "empty":
                thing.liquid = None
            else:
                raise ValueError(f"unknown setup action {action!r} (expected dirty, fill or empty)")
