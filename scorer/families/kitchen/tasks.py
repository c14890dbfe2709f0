"""AsgardBench's 12 task types: their instructions, variations and goals.

A ``KitchenTask`` is what a row plays: the type, the variation, the room and scene, the
instruction, the setup (objects made dirty, filled with coffee or emptied), the goals in
AsgardBench's shape, and the expert step count that sets the step limits. The goals of
each type follow AsgardBench's table 4 (plus the six kitchen tidy-up goals of its
table 3, in every kitchen task).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.families.kitchen.goals import KITCHEN_TIDY

TASK_TYPES = (
    "clean_mirror",
    "coffee",
    "cook_bread",
    "cook_egg",
    "cook_potato",
    "cook_potato_slice",
    "distribute",
    "putaway_dishes",
    "putaway_food",
    "putaway_silverware",
    "settable",
    "turn_on_tv",
)
ROOM_OF_TYPE = {"clean_mirror": "Bathroom", "turn_on_tv": "LivingRoom"}  # every other type is a kitchen task


@dataclass(frozen=True)
class KitchenTask:
    task_type: str
    variation: str  # e.g. "Plate(d)" (the plate starts dirty), "has_coffee", "" for none
    description: str
    scene: str
    goals: dict[str, Any]
    setup: tuple[tuple[str, str, str | None], ...]  # (dirty | fill | empty, object type, argument)
    targets: tuple[str, ...]  # types placed in view on a surface at the start
    serve_in: tuple[str, ...] = ()  # distribute's containers, in order
    step_count: int = 0  # the expert plan's length (AsgardBench's for imported tasks)
    source: str | None = None  # AsgardBench's task name, for imported tasks
    name: str = ""  # in AsgardBench's form: type__variation_scene_V1

    @property
    def room(self) -> str:
        return ROOM_OF_TYPE.get(self.task_type, "Kitchen")

    @property
    def dirty(self) -> tuple[str, ...]:
        return tuple(kind for action, kind, _ in self.setup if action == "dirty")

    def to_json(self) -> dict[str, Any]:
        return {
            "task_type": self.task_type,
            "variation": self.variation,
            "description": self.description,
            "scene": self.scene,
            "goals": self.goals,
            "setup": [list(s) for s in self.setup],
            "targets": list(self.targets),
            "serve_in": list(self.serve_in),
            "step_count": self.step_count,
            "source": self.source,
            "name": self.name,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KitchenTask:
        return cls(
            task_type=data["task_type"],
            variation=data["variation"],
            description=data["description"],
            scene=data["scene"],
            goals=data["goals"],
            setup=tuple((a, k, arg) for a, k, arg in data["setup"]),
            targets=tuple(data["targets"]),
            serve_in=tuple(data.get("serve_in", ())),
            step_count=int(data.get("step_count", 0)),
            source=data.get("source"),
            name=data.get("name", ""),
        )


def _goals(state: list[dict[str, Any]], kitchen: bool = True, **kinds: Any) -> dict[str, Any]:
    tidy = [dict(g) for g in KITCHEN_TIDY] if kitchen else []
    return {
        "state_goals": tidy + state,
        "location_goals": kinds.get("location", []),
        "put_away_goals": kinds.get("put_away", []),
        "action_goals": kinds.get("action", {}),
        "contents_goals": kinds.get("contents", []),
    }


def _clean(kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    return [{"object_type": k, "state": "isDirty", "value": False} for k in kinds]


def _in(kind: str, destination: str) -> dict[str, Any]:
    return {"object_type": kind, "destination_type": destination}


def _cooked(kind: str) -> dict[str, Any]:
    return {"object_type": kind, "state": "isCooked", "value": True}


def task_goals(task_type: str, dirty: tuple[str, ...], items: tuple[str, ...], mug_state: str) -> dict[str, Any]:
    """The goals of a task type (AsgardBench, tables 3 and 4) for the dirty objects,
    the items (put-away lists, distribute's food then containers) and the mug's state."""
    if task_type == "clean_mirror":
        return _goals(_clean(("Mirror",)), kitchen=False, action={"Spray Mirror": True})
    if task_type == "turn_on_tv":
        return _goals([{"object_type": "Television", "state": "isToggled", "value": True}], kitchen=False)
    if task_type == "coffee":
        mug = [*_clean(("Mug",)), {"object_type": "Mug", "state": "isFilledWithLiquid", "value": False}]
        return _goals(mug, action={"Drink Coffee": True}, put_away=[{"object_type": "Mug"}])
    if task_type == "settable":
        full = [{"object_type": "Mug", "state": "isFilledWithLiquid", "value": True}, *_clean(dirty)]
        table = [{"container_type": "DiningTable", "contents": ["Mug", "Plate", "BreadSliced"]}]
        return _goals(full, location=[_in("BreadSliced", "Plate")], contents=table)
    if task_type.startswith("putaway"):
        return _goals(_clean(dirty), put_away=[{"object_type": k} for k in items])
    if task_type == "distribute":
        food, *containers = items
        return _goals(_clean(dirty), location=[_in(f"{food}Sliced", c) for c in containers])
    cooked, piece, dish = SERVED[task_type]
    return _goals([_cooked(cooked), *_clean(dirty)], location=[_in(piece, dish)])


# (what must be cooked, what is served, in what) per cooking type (AsgardBench, table 4)
SERVED = {
    "cook_bread": ("Bread", "BreadSliced", "Plate"),
    "cook_egg": ("Egg", "EggCracked", "Plate"),
    "cook_potato": ("Potato", "Potato", "Bowl"),
    "cook_potato_slice": ("PotatoSliced", "PotatoSliced", "Plate"),
}

DESCRIPTIONS = {
    "clean_mirror": "Clean the mirror",
    "turn_on_tv": "Turn on the television",
    "coffee": "Prepare a mug of coffee, drink it, then wash and store the mug.",
    "settable": "Clear the dining table and set it with a mug of coffee and slice of toast",
    "cook_bread": "Make a slice of toast and serve it on a plate",
    "cook_egg": "Cook an egg in a pan and serve it on a plate.",
    "cook_potato": "Microwave a potato and serve it in a bowl",
    "cook_potato_slice": "Fry a potato slice and serve it on a plate",
}


def describe(task_type: str, items: tuple[str, ...]) -> str:
    """The instruction, in AsgardBench's wording (its task descriptions)."""
    if task_type in DESCRIPTIONS:
        return DESCRIPTIONS[task_type]
    if task_type == "distribute":
        food, *containers = items
        return f"Slice the {food} and put a piece in the {_and(containers)}"
    return f"Put away the {_and(list(items))}"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# What each type needs in the scene and in view at the start (AsgardBench's target setups).
TARGETS = {
    "clean_mirror": ("Cloth", "SprayBottle"),
    "turn_on_tv": ("RemoteControl",),
    "coffee": ("Mug", "DishSponge"),
    "settable": ("DishSponge", "Mug", "Plate", "Bread", "Knife"),
    "cook_bread": ("Bread", "DishSponge", "Pan", "Plate", "Bowl", "Knife"),
    "cook_egg": ("Egg", "DishSponge", "Pan", "Plate", "Bowl", "Knife"),
    "cook_potato": ("Potato", "DishSponge", "Pan", "Plate", "Bowl", "Knife"),
    "cook_potato_slice": ("Potato", "DishSponge", "Pan", "Plate", "Bowl", "Knife"),
    "distribute": ("DishSponge", "Knife", "Plate", "Bowl", "Pan", "Pot"),
    "putaway_dishes": ("DishSponge",),
    "putaway_food": ("DishSponge",),
    "putaway_silverware": ("DishSponge",),
}
