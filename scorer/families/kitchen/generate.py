"""Our generator of fresh tasks of AsgardBench's 12 types (config ``kitchen-episodes``).

Each task draws, from its own seed, a variation of its type as AsgardBench varies them
(its table 1: a mug dirty, empty or with coffee; a plate, pan or bowl dirty or clean;
which food is sliced and which containers get a piece; which items are put away), and a
scene from our room templates with a random selection of the room's objects (the task's
always among them).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scorer.families.kitchen import catalog
from scorer.families.kitchen.layout import TEMPLATES, make_world
from scorer.families.kitchen.tasks import TARGETS, TASK_TYPES, KitchenTask, describe, task_goals
from scorer.families.kitchen.world import World

Setup = tuple[tuple[str, str, str | None], ...]
_MUG_STATES: dict[str, Setup] = {
    "Mug(d)": (("dirty", "Mug", None),),
    "empty": (("empty", "Mug", None),),
    "has_coffee": (("fill", "Mug", "coffee"),),
}
_DIRTY_CHOICES = {
    "cook_bread": ((), ("Plate",)),
    "cook_potato": ((), ("Bowl",)),
    "cook_egg": ((), ("Pan",), ("Plate",), ("Pan", "Plate")),
    "cook_potato_slice": ((), ("Pan",), ("Plate",), ("Pan", "Plate")),
}
_PUTAWAY = {"putaway_dishes": ("Bowl", "Cup", "Mug", "Plate", "Pot"), "putaway_food": catalog.FOOD,
            "putaway_silverware": catalog.SILVERWARE}  # fmt: skip
_PREFIX = {
    "clean_mirror": "clean_mirror_",
    "turn_on_tv": "turn_on_tv_",
    "cook_bread": "cook__Bread",
    "cook_egg": "cook__Egg",
    "cook_potato": "cook__Potato",
    "cook_potato_slice": "cook__PotatoSliced",
}


@dataclass(frozen=True)
class GeneratedTask:
    task: KitchenTask
    world: World
    seed: str


def _variation(task_type: str, rng: random.Random) -> tuple[str, Setup, tuple[str, ...]]:
    """(variation name, setup actions, items) of a task type."""
    if task_type == "clean_mirror":
        return "", (("dirty", "Mirror", None),), ()
    if task_type == "turn_on_tv":
        return "", (), ()
    if task_type in ("coffee", "settable"):
        name = rng.choice(sorted(_MUG_STATES))
        return name, _MUG_STATES[name], ()
    if task_type in _DIRTY_CHOICES:
        dirty = rng.choice(_DIRTY_CHOICES[task_type])
        return "_".join(f"{k}(d)" for k in dirty), tuple(("dirty", k, None) for k in dirty), ()
    if task_type == "distribute":
        food = rng.choice(("Apple", "Lettuce", "Tomato"))
        containers = tuple(rng.sample(("Plate", "Bowl", "Pan", "Pot"), rng.randint(1, 3)))
        dirty = (rng.choice(containers),) if rng.random() < 0.5 else ()
        names = [f"{c}(d)" if c in dirty else c for c in containers]
        return "_".join([food, *names]), tuple(("dirty", k, None) for k in dirty), (food, *containers)
    pool = _PUTAWAY[task_type]
    items = tuple(rng.sample(pool, rng.randint(2, min(4, len(pool)))))
    washable = [k for k in items if k in catalog.WASHABLE_IN_SINK]
    dirty = (rng.choice(washable),) if washable and rng.random() < 0.5 else ()
    return "_".join(f"{k}(d)" for k in dirty), tuple(("dirty", k, None) for k in dirty), items


def generate_task(task_type: str, seed: str, index: int) -> GeneratedTask:
    rng = random.Random(seed)
    variation, setup, items = _variation(task_type, rng)
    dirty = tuple(kind for action, kind, _ in setup if action == "dirty")
    goals = task_goals(task_type, dirty, items, "")
    room = "Bathroom" if task_type == "clean_mirror" else "LivingRoom" if task_type == "turn_on_tv" else "Kitchen"
    scene = f"Gen{room}{index:03d}"
    prefix = _PREFIX.get(task_type, task_type.replace("_", "__", 1))
    name = "_".join(p for p in (prefix, variation, scene, "V1") if p)
    fixtures, pool = TEMPLATES[room]
    needed = set(TARGETS[task_type]) | set(items) | ({"Knife", "DishSponge"} if room == "Kitchen" else set())
    optional = [k for k in pool if k not in needed]
    chosen = tuple(sorted(needed | set(rng.sample(optional, len(optional) // 2))))
    task = KitchenTask(task_type, variation, describe(task_type, items), scene, goals, setup,
                       TARGETS[task_type] + items, serve_in=items, source=None, name=name)  # fmt: skip
    return GeneratedTask(task, make_world(task, fixtures, chosen, f"{seed}/layout"), seed)


def generate_tasks(seed: str, per_type: int, types: tuple[str, ...] = TASK_TYPES) -> list[GeneratedTask]:
    return [generate_task(t, f"{seed}/{t}/{i}", i) for t in types for i in range(per_type)]
