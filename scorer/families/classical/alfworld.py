"""ALFWorld-style household tasks: an agent walks between receptacles, opens
them, carries items, and cleans, heats, cools, slices or examines them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ._gen import atom, pick, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain alfworld)
  (:requirements :typing :negative-preconditions :disjunctive-preconditions :equality)
  (:types receptacle item)
  (:predicates
    (agent-at ?r - receptacle)
    (in ?i - item ?r - receptacle)
    (holding ?i - item)
    (hand-empty)
    (openable ?r - receptacle)
    (opened ?r - receptacle)
    (sink ?r - receptacle)
    (microwave ?r - receptacle)
    (fridge ?r - receptacle)
    (portable ?i - item)
    (cleanable ?i - item)
    (heatable ?i - item)
    (coolable ?i - item)
    (sliceable ?i - item)
    (sharp ?i - item)
    (lamp ?i - item)
    (is-clean ?i - item)
    (is-hot ?i - item)
    (is-cold ?i - item)
    (is-sliced ?i - item)
    (lit ?i - item)
    (examined ?i - item))
  ; the item states are is-... predicates because PDDL names may not be shared with actions.
  ; Static kind checks (openable, lamp, portable) that are implied by the fluents anyway
  ; keep actions that could never apply out of the grounded vocabulary.
  (:action go-to
    :parameters (?from - receptacle ?to - receptacle)
    :precondition (and (agent-at ?from) (not (= ?from ?to)))
    :effect (and (agent-at ?to) (not (agent-at ?from))))
  (:action open
    :parameters (?r - receptacle)
    :precondition (and (agent-at ?r) (openable ?r) (not (opened ?r)))
    :effect (opened ?r))
  (:action close
    :parameters (?r - receptacle)
    :precondition (and (agent-at ?r) (openable ?r) (opened ?r))
    :effect (not (opened ?r)))
  ; what is inside a closed receptacle can be neither reached nor added to
  (:action take
    :parameters (?i - item ?r - receptacle)
    :precondition (and (agent-at ?r) (in ?i ?r) (portable ?i) (hand-empty)
                       (or (opened ?r) (not (openable ?r))))
    :effect (and (holding ?i) (not (in ?i ?r)) (not (hand-empty))))
  (:action put
    :parameters (?i - item ?r - receptacle)
    :precondition (and (agent-at ?r) (holding ?i) (portable ?i) (or (opened ?r) (not (openable ?r))))
    :effect (and (in ?i ?r) (hand-empty) (not (holding ?i))))
  (:action clean
    :parameters (?i - item ?r - receptacle)
    :precondition (and (agent-at ?r) (sink ?r) (holding ?i) (cleanable ?i))
    :effect (is-clean ?i))
  (:action heat
    :parameters (?i - item ?r - receptacle)
    :precondition (and (agent-at ?r) (microwave ?r) (holding ?i) (heatable ?i))
    :effect (and (is-hot ?i) (not (is-cold ?i))))
  (:action cool
    :parameters (?i - item ?r - receptacle)
    :precondition (and (agent-at ?r) (fridge ?r) (holding ?i) (coolable ?i))
    :effect (and (is-cold ?i) (not (is-hot ?i))))
  (:action slice
    :parameters (?i - item ?k - item ?r - receptacle)
    :precondition (and (agent-at ?r) (in ?i ?r) (sliceable ?i) (holding ?k) (sharp ?k)
                       (or (opened ?r) (not (openable ?r))))
    :effect (is-sliced ?i))
  (:action switch-on
    :parameters (?l - item ?r - receptacle)
    :precondition (and (agent-at ?r) (in ?l ?r) (lamp ?l) (not (lit ?l)))
    :effect (lit ?l))
  (:action switch-off
    :parameters (?l - item ?r - receptacle)
    :precondition (and (agent-at ?r) (in ?l ?r) (lamp ?l) (lit ?l))
    :effect (not (lit ?l)))
  (:action examine
    :parameters (?i - item ?l - item ?r - receptacle)
    :precondition (and (agent-at ?r) (holding ?i) (portable ?i) (in ?l ?r) (lamp ?l) (lit ?l))
    :effect (examined ?i)))
"""

DESCRIPTION = (
    "This is an ALFWorld-style household domain. An agent moves around a room, going directly "
    "from one receptacle (a countertop, a cabinet, a fridge, a desk, ...) to any other. Items lie "
    "in or on receptacles. Some receptacles, like cabinets, drawers, fridges and microwaves, can be "
    "opened and closed, and the agent can only take items out of them or put items into them while "
    "they are open. The agent has one hand and carries at most one item. Holding an item, it can "
    "clean the item at a sink, heat it with a microwave or cool it with a fridge, provided the item "
    "allows that; holding a knife, it can slice a sliceable item lying where the agent stands. "
    "Lamps stay where they are but can be switched on and off, and an item held next to a lit lamp "
    "can be examined. The goal describes the state some items should end up in and where they "
    "should be put."
)

ATOM_TEMPLATES = {
    "agent-at": "the agent is at {0}",
    "in": "{0} is in {1}",
    "holding": "the agent is holding {0}",
    "hand-empty": "the agent's hand is empty",
    "openable": "{0} can be opened and closed",
    "opened": "{0} is open",
    "sink": "{0} is a sink",
    "microwave": "{0} is a microwave",
    "fridge": "{0} is a fridge",
    "portable": "{0} can be picked up",
    "cleanable": "{0} can be cleaned",
    "heatable": "{0} can be heated",
    "coolable": "{0} can be cooled",
    "sliceable": "{0} can be sliced",
    "sharp": "{0} can cut things",
    "lamp": "{0} is a lamp",
    "is-clean": "{0} is clean",
    "is-hot": "{0} is hot",
    "is-cold": "{0} is cold",
    "is-sliced": "{0} is sliced",
    "lit": "{0} is switched on",
    "examined": "{0} has been examined under a lamp",
}

ACTION_TEMPLATES = {
    "go-to": "go from {0} to {1}",
    "open": "open {0}",
    "close": "close {0}",
    "take": "take {0} from {1}",
    "put": "put {0} in {1}",
    "clean": "clean {0} in {1}",
    "heat": "heat {0} with {1}",
    "cool": "cool {0} with {1}",
    "slice": "slice {0} with {1} at {2}",
    "switch-on": "switch on {0} at {1}",
    "switch-off": "switch off {0} at {1}",
    "examine": "examine {0} under {1} at {2}",
}

# receptacle kinds: which can be opened, and which appliance (if any) they are
OPENABLE = {"fridge", "microwave", "cabinet", "drawer", "safe"}
APPLIANCE = {"sinkbasin": "sink", "microwave": "microwave", "fridge": "fridge"}

# item kinds and the static properties they come with
_FOOD = ("portable", "cleanable", "heatable", "coolable", "sliceable")
_DISH = ("portable", "cleanable", "heatable", "coolable")
PROPERTIES: dict[str, tuple[str, ...]] = {
    "apple": _FOOD, "tomato": _FOOD, "potato": _FOOD,
    "lettuce": ("portable", "cleanable", "coolable", "sliceable"),
    "bread": ("portable", "heatable", "coolable", "sliceable"),
    "egg": _DISH, "mug": _DISH, "cup": _DISH, "bowl": _DISH, "plate": _DISH,
    "pan": ("portable", "cleanable", "coolable"),
    "knife": ("portable", "cleanable", "sharp"), "butterknife": ("portable", "cleanable", "sharp"),
    "fork": ("portable", "cleanable"), "spoon": ("portable", "cleanable"), "spatula": ("portable", "cleanable"),
    "book": ("portable",), "cellphone": ("portable",), "pen": ("portable",), "pencil": ("portable",),
    "creditcard": ("portable",), "keychain": ("portable",), "remotecontrol": ("portable",),
    "cd": ("portable",), "alarmclock": ("portable",), "vase": ("portable",), "pillow": ("portable",),
    "watch": ("portable",), "desklamp": ("lamp",), "floorlamp": ("lamp",),
    "soapbar": ("portable", "cleanable"), "cloth": ("portable", "cleanable"), "spraybottle": ("portable",),
    "toiletpaper": ("portable",), "candle": ("portable",), "handtowel": ("portable",), "soapbottle": ("portable",),
}  # fmt: skip


@dataclass(frozen=True)
class Scene:
    receptacles: tuple[str, ...]  # kinds that can be added freely
    items: tuple[str, ...]  # portable item kinds found there
    tasks: tuple[str, ...]


SCENES: dict[str, Scene] = {
    "kitchen": Scene(
        ("countertop", "cabinet", "drawer", "diningtable", "stoveburner", "shelf", "garbagecan"),
        ("apple", "tomato", "potato", "lettuce", "bread", "egg", "mug", "cup", "bowl", "plate", "pan",
         "knife", "butterknife", "fork", "spoon", "spatula"),
        ("place", "place-two", "clean", "heat", "cool", "slice"),
    ),
    "livingroom": Scene(
        ("desk", "sidetable", "dresser", "shelf", "drawer", "bed", "sofa", "armchair", "coffeetable", "safe"),
        ("book", "cellphone", "pen", "pencil", "creditcard", "keychain", "remotecontrol", "cd", "alarmclock",
         "vase", "pillow", "watch"),
        ("place", "place-two", "examine"),
    ),
    "bathroom": Scene(
        ("countertop", "cabinet", "drawer", "toilet", "towelholder", "shelf", "garbagecan"),
        ("soapbar", "cloth", "spraybottle", "toiletpaper", "candle", "handtowel", "soapbottle"),
        ("place", "place-two", "clean"),
    ),
}  # fmt: skip

# what each task needs: the appliance, the property of the item it is about, and the fact it asks for
TASK_APPLIANCE = {"clean": "sinkbasin", "heat": "microwave", "cool": "fridge"}
TASK_PROPERTY = {"clean": "cleanable", "heat": "heatable", "cool": "coolable", "slice": "sliceable"}
TASK_FACT = {"clean": "is-clean", "heat": "is-hot", "cool": "is-cold", "slice": "is-sliced", "examine": "examined"}

# size 0: four receptacles and two items (the item flags multiply fast)
BANDS = [
    {"receptacles": [4, 5], "items": [3], "tasks": [1]},
    {"receptacles": [6, 7, 8], "items": [6, 8, 10], "tasks": [1]},
    {"receptacles": [10, 12, 14], "items": [14, 18, 22], "tasks": [2]},
]
_OPEN_AT_START = 0.25  # chance that an openable receptacle starts open


def generate(rng: random.Random, size: int) -> str:
    """A room of one scene with the receptacles and items its tasks need.
    Solvable by construction: the agent can go anywhere and open anything,
    the needed appliance, knife or lamp is present, and every target
    receptacle accepts any item."""
    params = pick(rng, size, BANDS)
    scene_name = rng.choice(sorted(SCENES))
    scene = SCENES[scene_name]
    tasks = sorted(rng.sample(scene.tasks, params["tasks"]))
    receptacles = name_all(receptacle_kinds(rng, scene, tasks, params["receptacles"]))
    item_plan = item_kinds(rng, scene, tasks, params["items"])
    items = name_all([kind for kind, _ in item_plan])
    subjects = {task: [items[i] for i, (_, role) in enumerate(item_plan) if role == task] for task in tasks}
    start = place_items(rng, items, receptacles)
    goal = [fact for task in tasks for fact in task_goal(rng, task, subjects[task], start, receptacles)]
    init = [atom("agent-at", rng.choice(receptacles)), atom("hand-empty")]
    init += [atom("in", item, start[item]) for item in items]
    init += receptacle_atoms(rng, receptacles) + [atom(p, i) for i in items for p in PROPERTIES[_kind(i)]]
    name = f"alfworld-{scene_name}-{'-'.join(tasks)}-r{len(receptacles)}-i{len(items)}"
    return problem_pddl(name, "alfworld", [("receptacle", receptacles), ("item", items)], init, goal)


def receptacle_kinds(rng: random.Random, scene: Scene, tasks: list[str], count: int) -> list[str]:
    """The appliances the tasks need, plus random receptacles of the scene."""
    kinds = [TASK_APPLIANCE[t] for t in tasks if t in TASK_APPLIANCE]
    if "examine" in tasks:
        kinds.append("desk")  # somewhere open for the lamp to stand
    while len(kinds) < count:
        kinds.append(rng.choice(scene.receptacles))
    return kinds


def item_kinds(rng: random.Random, scene: Scene, tasks: list[str], count: int) -> list[tuple[str, str]]:
    """(kind, role) per item: the role is the task the item is the subject
    of, "tool" for a needed knife or lamp, or "" for the other items."""
    plan: list[tuple[str, str]] = []
    for task in tasks:
        fitting = [k for k in scene.items if task not in TASK_PROPERTY or TASK_PROPERTY[task] in PROPERTIES[k]]
        kind = rng.choice(fitting)
        plan += [(kind, task)] * (2 if task == "place-two" else 1)
        if task == "slice":
            plan.append((rng.choice(["knife", "butterknife"]), "tool"))
        if task == "examine":
            plan.append((rng.choice(["desklamp", "floorlamp"]), "tool"))
    while len(plan) < count:
        plan.append((rng.choice(scene.items), ""))
    return plan


def name_all(kinds: Sequence[str]) -> list[str]:
    """Number objects of one kind from 1, ALFWorld style: apple1, apple2, ..."""
    seen: dict[str, int] = {}
    names = []
    for kind in kinds:
        seen[kind] = seen.get(kind, 0) + 1
        names.append(f"{kind}{seen[kind]}")
    return names


def _kind(name: str) -> str:
    return name.rstrip("0123456789")


def place_items(rng: random.Random, items: list[str], receptacles: list[str]) -> dict[str, str]:
    """Items go into ordinary receptacles; lamps stand on a desk or another
    receptacle that cannot be closed, so they can always be reached."""
    ordinary = [r for r in receptacles if _kind(r) not in APPLIANCE]
    stands = [r for r in ordinary if _kind(r) not in OPENABLE] or ordinary
    return {item: rng.choice(stands if "lamp" in PROPERTIES[_kind(item)] else ordinary) for item in items}


def task_goal(
    rng: random.Random, task: str, subjects: list[str], start: dict[str, str], receptacles: list[str]
) -> list[str]:
    """The task's facts, then where its items must be put: an ordinary
    receptacle other than where the first of them starts."""
    facts = [atom(TASK_FACT[task], subjects[0])] if task in TASK_FACT else []
    if task == "examine":
        return facts  # examining is the whole task
    targets = [r for r in receptacles if _kind(r) not in APPLIANCE and r != start[subjects[0]]]
    target = rng.choice(targets)
    return facts + [atom("in", item, target) for item in subjects]


def receptacle_atoms(rng: random.Random, receptacles: list[str]) -> list[str]:
    atoms = []
    for r in receptacles:
        if _kind(r) in APPLIANCE:
            atoms.append(atom(APPLIANCE[_kind(r)], r))
        if _kind(r) in OPENABLE:
            atoms.append(atom("openable", r))
            if rng.random() < _OPEN_AT_START:
                atoms.append(atom("opened", r))
    return atoms


ALFWORLD = ClassicalDomain(
    name="alfworld",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
)
