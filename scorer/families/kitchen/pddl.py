"""The deterministic core of the kitchen in PDDL, the problem of a row, and a world
action as a PDDL step.

The domain says what the rules say for the objects a task involves: FIND faces a spot
(opening the closed cabinet or drawer an object is in, as AsgardBench's FIND does),
PICKUP / PUT with the receptacle and the spot named, OPEN / CLOSE, the switches (the
faucet runs only when the sink holds nothing but dishes and cookware; the coffee
machine needs a clean empty mug; a burner cooks what is in the pan on it; the
television needs the remote in hand), SLICE with a knife on a surface (an egg cracked
anywhere), CLEAN in the sink with the faucet on and the sponge in hand, or the sprayed
mirror with the cloth, SPRAY, DRINK and EMPTY of a container in hand or in view.
As in the world: a receptacle holds at most its capacity (a count per receptacle that can
fill up; the rest hold ``many``), a running heater cooks what is put into it (through a
pan on a burner too), a running faucet fills the containers in its sink with water (and
fills them again after DRINK or EMPTY) and a faucet turned off pours it out, a container
is carried with what is in it (one level deep), and slicing puts the pieces beside what
the surface holds.

What the core leaves out (the episode's world has it): PUT's retry on another container
of the type (it saves a step only when the agent already faces a full one), the surface
aliases (names only), and the world's choice of instance for a type (the planner names
instances; ``optimal`` replays its plan in the world to check it). The problem holds the
task's objects, the sink's and the table's contents, and the fixtures they need (of many
alike cabinets and drawers holding nothing of the task, the first few with room); goals
are AsgardBench's, on every instance of a type as in ``goals``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from scorer.families.kitchen import catalog
from scorer.families.kitchen.tasks import KitchenTask
from scorer.families.kitchen.world import DRINK_GOAL, SPRAY_GOAL, Thing, World

DOMAIN_NAME = "kitchen"
_STATIC = ("fixture", "pickupable", "openable", "find-opens", "surface", "knife", "sponge", "cloth", "spraybottle",
           "remote", "sink", "burner", "heater", "coffeemachine", "mug", "tv", "mirror", "cookable", "washable",
           "sliceable", "egg", "fillable", "heats")  # fmt: skip

DOMAIN_PDDL = """;; The kitchen (AsgardBench): the deterministic core of its 12 verbs on a symbolic home.
(define (domain kitchen)
  (:requirements :strips :typing :negative-preconditions :disjunctive-preconditions
                 :universal-preconditions :conditional-effects)
  (:types spot thing count)
  (:predicates
    (fixture ?t - thing) (pickupable ?t - thing) (openable ?t - thing) (find-opens ?t - thing) (surface ?t - thing)
    (knife ?t - thing) (sponge ?t - thing) (cloth ?t - thing) (spraybottle ?t - thing) (remote ?t - thing)
    (sink ?t - thing) (burner ?t - thing) (heater ?t - thing) (coffeemachine ?t - thing) (mug ?t - thing)
    (tv ?t - thing) (mirror ?t - thing) (cookable ?t - thing) (washable ?t - thing) (sliceable ?t - thing)
    (egg ?t - thing) (fillable ?t - thing) (heats ?t - thing)
    (accepts ?r - thing ?t - thing) (faucet-of ?f - thing ?b - thing) (piece-of ?p - thing ?w - thing)
    (next ?n - count ?m - count) (below-capacity ?r - thing ?n - count) (plus-pieces ?n - count ?m - count)
    (facing ?s - spot) (at ?t - thing ?s - spot) (in ?t - thing ?r - thing) (present ?t - thing)
    (holds ?r - thing ?n - count)
    (holding ?t - thing) (hand-empty) (opened ?t - thing) (switched-on ?t - thing) (dirty ?t - thing)
    (cooked ?t - thing) (filled ?t - thing) (water ?t - thing) (sprayed ?t - thing) (drank) (spray-done))
  (:action find
    :parameters (?t - thing ?s - spot)
    :precondition (and (present ?t) (at ?t ?s))
    :effect (and (forall (?x - spot) (not (facing ?x))) (facing ?s)))
  (:action find-opening
    :parameters (?t - thing ?c - thing ?s - spot)
    :precondition (and (present ?t) (at ?t ?s) (in ?t ?c) (find-opens ?c) (not (opened ?c)))
    :effect (and (forall (?x - spot) (not (facing ?x))) (facing ?s) (opened ?c)))
  ;; What is in or on the item travels with it (one level deep).
  (:action pickup
    :parameters (?o - thing ?r - thing ?s - spot ?n - count ?m - count)
    :precondition (and (hand-empty) (facing ?s) (at ?o ?s) (in ?o ?r) (present ?o) (pickupable ?o)
                       (or (not (openable ?r)) (opened ?r)) (holds ?r ?m) (next ?n ?m))
    :effect (and (holding ?o) (not (hand-empty)) (not (in ?o ?r)) (not (at ?o ?s))
                 (not (holds ?r ?m)) (holds ?r ?n)
                 (forall (?x - thing) (when (in ?x ?o) (not (at ?x ?s))))))
  ;; A full receptacle takes nothing; a running heater cooks what comes in (through a pan
  ;; on a burner too); a running faucet fills an empty container put in its sink.
  (:action put
    :parameters (?o - thing ?r - thing ?s - spot ?n - count ?m - count)
    :precondition (and (holding ?o) (facing ?s) (at ?r ?s) (present ?r) (accepts ?r ?o) (not (dirty ?r))
                       (or (not (openable ?r)) (opened ?r)) (holds ?r ?n) (below-capacity ?r ?n) (next ?n ?m))
    :effect (and (in ?o ?r) (at ?o ?s) (hand-empty) (not (holding ?o)) (not (holds ?r ?n)) (holds ?r ?m)
                 (forall (?x - thing) (when (in ?x ?o) (at ?x ?s)))
                 (when (and (heats ?r) (switched-on ?r) (cookable ?o)) (cooked ?o))
                 (forall (?x - thing) (when (and (heats ?r) (switched-on ?r) (in ?x ?o) (cookable ?x)) (cooked ?x)))
                 (forall (?b - thing) (when (and (in ?r ?b) (heats ?b) (switched-on ?b) (cookable ?o)) (cooked ?o)))
                 (forall (?f - thing) (when (and (faucet-of ?f ?r) (switched-on ?f) (fillable ?o) (not (filled ?o)))
                                           (and (filled ?o) (water ?o))))))
  (:action open
    :parameters (?c - thing ?s - spot)
    :precondition (and (facing ?s) (at ?c ?s) (openable ?c) (not (opened ?c)))
    :effect (and (opened ?c) (not (switched-on ?c))))
  (:action close
    :parameters (?c - thing ?s - spot)
    :precondition (and (facing ?s) (at ?c ?s) (openable ?c) (opened ?c))
    :effect (not (opened ?c)))
  (:action toggle-on-faucet
    :parameters (?f - thing ?b - thing ?s - spot)
    :precondition (and (facing ?s) (at ?f ?s) (faucet-of ?f ?b) (not (switched-on ?f))
                       (forall (?x - thing) (or (not (in ?x ?b)) (washable ?x))))
    :effect (and (switched-on ?f)
                 (forall (?x - thing) (when (and (in ?x ?b) (fillable ?x) (not (filled ?x)))
                                           (and (filled ?x) (water ?x))))))
  (:action toggle-on-burner
    :parameters (?b - thing ?p - thing ?s - spot)
    :precondition (and (facing ?s) (at ?b ?s) (burner ?b) (in ?p ?b) (not (switched-on ?b)))
    :effect (and (switched-on ?b) (forall (?x - thing) (when (and (in ?x ?p) (cookable ?x)) (cooked ?x)))))
  (:action toggle-on-heater
    :parameters (?h - thing ?s - spot)
    :precondition (and (facing ?s) (at ?h ?s) (heater ?h) (not (switched-on ?h))
                       (or (not (openable ?h)) (not (opened ?h))))
    :effect (and (switched-on ?h) (forall (?x - thing) (when (and (in ?x ?h) (cookable ?x)) (cooked ?x)))
                 (forall (?x ?y - thing) (when (and (in ?y ?h) (in ?x ?y) (cookable ?x)) (cooked ?x)))))
  (:action toggle-on-coffee
    :parameters (?c - thing ?m - thing ?s - spot)
    :precondition (and (facing ?s) (at ?c ?s) (coffeemachine ?c) (in ?m ?c) (mug ?m) (not (switched-on ?c))
                       (not (dirty ?m)) (not (filled ?m)))
    :effect (and (switched-on ?c) (filled ?m)))
  (:action toggle-on-tv
    :parameters (?t - thing ?r - thing ?s - spot)
    :precondition (and (facing ?s) (at ?t ?s) (tv ?t) (holding ?r) (remote ?r) (not (switched-on ?t)))
    :effect (switched-on ?t))
  ;; A faucet turned off leaves no water in what its sink holds.
  (:action toggle-off
    :parameters (?t - thing ?s - spot)
    :precondition (and (facing ?s) (at ?t ?s) (switched-on ?t) (not (tv ?t)))
    :effect (and (not (switched-on ?t))
                 (forall (?b ?x - thing) (when (and (faucet-of ?t ?b) (in ?x ?b) (water ?x))
                                               (and (not (filled ?x)) (not (water ?x)))))))
  (:action toggle-off-tv
    :parameters (?t - thing ?r - thing ?s - spot)
    :precondition (and (facing ?s) (at ?t ?s) (switched-on ?t) (tv ?t) (holding ?r) (remote ?r))
    :effect (not (switched-on ?t)))
  ;; The pieces take the whole's place (more items on the surface) and keep its cooking.
  (:action slice
    :parameters (?o - thing ?r - thing ?k - thing ?s - spot ?n - count ?m - count)
    :precondition (and (facing ?s) (at ?o ?s) (in ?o ?r) (present ?o) (sliceable ?o) (surface ?r)
                       (holding ?k) (knife ?k) (holds ?r ?n) (plus-pieces ?n ?m))
    :effect (and (not (present ?o)) (not (in ?o ?r)) (not (at ?o ?s)) (not (holds ?r ?n)) (holds ?r ?m)
                 (forall (?p - thing) (when (piece-of ?p ?o) (and (present ?p) (in ?p ?r) (at ?p ?s))))
                 (forall (?p - thing) (when (and (piece-of ?p ?o) (cooked ?o)) (cooked ?p)))))
  (:action crack
    :parameters (?o - thing ?r - thing ?s - spot)
    :precondition (and (facing ?s) (at ?o ?s) (in ?o ?r) (present ?o) (egg ?o))
    :effect (and (not (present ?o)) (not (in ?o ?r)) (not (at ?o ?s))
                 (forall (?p - thing) (when (piece-of ?p ?o) (and (present ?p) (in ?p ?r) (at ?p ?s))))
                 (forall (?p - thing) (when (and (piece-of ?p ?o) (cooked ?o)) (cooked ?p)))))
  (:action clean
    :parameters (?o - thing ?b - thing ?f - thing ?k - thing ?s - spot)
    :precondition (and (facing ?s) (at ?o ?s) (in ?o ?b) (sink ?b) (faucet-of ?f ?b) (switched-on ?f)
                       (holding ?k) (sponge ?k))
    :effect (not (dirty ?o)))
  (:action clean-mirror
    :parameters (?m - thing ?c - thing ?s - spot)
    :precondition (and (facing ?s) (at ?m ?s) (mirror ?m) (sprayed ?m) (holding ?c) (cloth ?c))
    :effect (not (dirty ?m)))
  (:action spray
    :parameters (?m - thing ?b - thing ?s - spot)
    :precondition (and (facing ?s) (at ?m ?s) (holding ?b) (spraybottle ?b))
    :effect (and (sprayed ?m) (spray-done)))
  ;; DRINK and EMPTY act on a filled container in hand or in view; DRINK needs something
  ;; in hand, and a mug in hand gets dirty. A running faucet fills again what sits in its sink.
  (:action drink
    :parameters (?o - thing)
    :precondition (and (holding ?o) (filled ?o))
    :effect (and (drank) (not (filled ?o)) (not (water ?o)) (when (mug ?o) (dirty ?o))))
  (:action drink-in-view
    :parameters (?o - thing ?h - thing ?s - spot)
    :precondition (and (holding ?h) (facing ?s) (at ?o ?s) (filled ?o))
    :effect (and (drank) (not (filled ?o)) (not (water ?o)) (when (mug ?h) (dirty ?h))
                 (forall (?b ?f - thing) (when (and (in ?o ?b) (faucet-of ?f ?b) (switched-on ?f))
                                               (and (filled ?o) (water ?o))))))
  (:action empty
    :parameters (?o - thing)
    :precondition (and (holding ?o) (filled ?o))
    :effect (and (not (filled ?o)) (not (water ?o))))
  (:action empty-in-view
    :parameters (?o - thing ?s - spot)
    :precondition (and (facing ?s) (at ?o ?s) (filled ?o))
    :effect (and (not (filled ?o)) (not (water ?o))
                 (forall (?b ?f - thing) (when (and (in ?o ?b) (faucet-of ?f ?b) (switched-on ?f))
                                               (and (filled ?o) (water ?o)))))))
"""


FAUCET_PRECONDITION = "(forall (?x - thing) (or (not (in ?x ?b)) (washable ?x)))"
assert FAUCET_PRECONDITION in DOMAIN_PDDL


def domain_pddl() -> str:
    return DOMAIN_PDDL


def name(thing_id: str) -> str:
    return thing_id.lower()


def spot_name(spot: str) -> str:
    return f"spot-{spot.lower()}"


# --- which objects a problem holds ----------------------------------------------------
def relevant_things(world: World, task: KitchenTask) -> list[Thing]:
    """The task's objects, what fills the sink and the dining table, the slices their
    food can make, the fixtures they stand in, and the fixtures the task needs. Of the
    cabinets and drawers that hold none of these, only the first few with room are kept
    (as many as the task has objects they take): the others are alike and only make the
    search slower."""
    kinds = set(task.targets) | set(task.serve_in) | set(task.dirty) | _goal_kinds(task)
    kinds |= {"Knife", "DishSponge"} if task.room == "Kitchen" else set()
    items = [t for t in world.things.values() if not t.fixture and t.kind in catalog.PICKUPABLE and t.kind in kinds]
    for holder in world.of_kind("SinkBasin") + (world.of_kind("DiningTable") if task.task_type == "settable" else []):
        items += [t for t in world.all_contents(holder) if t not in items and t.kind in catalog.PICKUPABLE]
    chosen = {t.id for t in items}
    for item in list(items):
        chosen |= {a.id for a in world.ancestors(item)}
    needed = _fixture_kinds(task)
    for kind in sorted(needed):
        chosen |= {t.id for t in _kept_fixtures(world, kind, items, chosen)}
    appliances_on = {t.parent for t in world.things.values() if t.id in chosen and t.parent}
    chosen |= {p for p in appliances_on if p}
    return [t for t in world.things.values() if t.id in chosen]


_ALIKE_STORAGE = ("Cabinet", "Drawer")  # many of a kind, each at a spot of its own


def _kept_fixtures(world: World, kind: str, items: list[Thing], chosen: set[str]) -> list[Thing]:
    fixtures = world.of_kind(kind)
    if kind not in _ALIKE_STORAGE:
        return fixtures
    spare = sum(1 for item in items if catalog.accepts(kind, item.kind))
    free = [f for f in fixtures if f.id not in chosen and f.spot != world.facing and _has_room(world, f)]
    return [f for f in fixtures if f.id in chosen or f.spot == world.facing] + free[:spare]


def _has_room(world: World, receptacle: Thing) -> bool:
    return len(world.contents(receptacle)) < catalog.capacity(receptacle.kind)


def _goal_kinds(task: KitchenTask) -> set[str]:
    goals = task.goals
    kinds = {g["object_type"] for g in goals["location_goals"] + goals["put_away_goals"]}
    kinds |= {g["destination_type"] for g in goals["location_goals"]}
    for g in goals["contents_goals"]:
        kinds |= set(g["contents"])
    return {catalog.SLICED_TO_WHOLE.get(k, k) for k in kinds}


def _fixture_kinds(task: KitchenTask) -> set[str]:
    if task.room == "Bathroom":
        return {"Mirror", "CounterTop"}
    if task.room == "LivingRoom":
        return {"Television"}
    needed = {"CounterTop", "SinkBasin", "Faucet", "StoveBurner", "Fridge", "CoffeeMachine", "Toaster", "Microwave"}
    if task.task_type in ("coffee", "settable") or task.task_type.startswith("putaway"):
        needed |= {"Cabinet", "Drawer", "DiningTable", "SideTable"}
    return needed


# --- the problem ------------------------------------------------------------------------
def problem_pddl(world: World, task: KitchenTask, problem: str) -> str:
    things = relevant_things(world, task)
    pieces = pieces_to_come(world, things)
    every = things + pieces
    ids = {t.id for t in every}
    spots = sorted({s for s in [world.facing, *(world.spot_of(t) for t in things)] if s})
    counted = counted_receptacles(world, task)
    top = max([0, *counted.values()])
    objects = (
        " ".join(name(t.id) for t in every)
        + " - thing\n    "
        + " ".join(spot_name(s) for s in spots)
        + " - spot\n    "
        + " ".join([*(count_name(n) for n in range(top + 1)), MANY])
        + " - count"
    )
    facts = _static_facts(world, every) + _count_facts(world, every, counted, top) + _state_facts(world, things, ids)
    goal = _goal(world, task, every)
    body = "\n    ".join(facts)
    return (
        f"(define (problem {problem})\n  (:domain {DOMAIN_NAME})\n  (:objects\n    {objects})\n"
        f"  (:init\n    {body})\n  (:goal {goal}))\n"
    )


MANY = "many"
# Slicing with a knife makes the same number of pieces of every food: one item becomes this many more.
_SLICE_GROWTH = catalog.DEFAULT_SLICES - 1
assert all(
    catalog.slice_count(kind) == catalog.DEFAULT_SLICES for kind in catalog.SLICED if kind not in catalog.KNIFE_FREE
)


def count_name(number: int) -> str:
    return f"n{number}"


def _receptacles(things: list[Thing]) -> list[Thing]:
    return [t for t in things if catalog.is_receptacle(t.kind)]


def counted_receptacles(world: World, task: KitchenTask) -> dict[str, int]:
    """The receptacles of the problem that can fill up, each with the most items it can
    come to hold (what the world has in it, what the problem can put in, the pieces of
    food sliced on a surface); the others never fill up and hold ``many``."""
    things = relevant_things(world, task)
    things += pieces_to_come(world, things)
    growth = _SLICE_GROWTH * sum(1 for t in things if _sliceable(t.kind))
    counted = {}
    for receptacle in _receptacles(things):
        movable = [t for t in things if catalog.accepts(receptacle.kind, t.kind) and not catalog.is_sliced_type(t.kind)]
        most = len(world.contents(receptacle)) + len(movable) + (growth if receptacle.kind in catalog.SURFACES else 0)
        if most >= catalog.capacity(receptacle.kind):
            counted[receptacle.id] = most
    return counted


def _sliceable(kind: str) -> bool:
    return kind in catalog.SLICED and kind not in catalog.KNIFE_FREE


def _count_facts(world: World, things: list[Thing], counted: dict[str, int], top: int) -> list[str]:
    """How many items each receptacle that can fill up holds (every item of the world,
    not only the problem's), which counts are below its capacity, and what slicing a
    food makes of a count. A receptacle that never fills up holds ``many``, a count
    that stays ``many`` whatever comes and goes."""
    facts = [f"(next {count_name(n)} {count_name(n + 1)})" for n in range(top)] + [f"(next {MANY} {MANY})"]
    for receptacle in _receptacles(things):
        r = name(receptacle.id)
        if receptacle.id not in counted:
            facts += [f"(holds {r} {MANY})", f"(below-capacity {r} {MANY})"]
            continue
        facts.append(f"(holds {r} {count_name(len(world.contents(receptacle)))})")
        limit = min(catalog.capacity(receptacle.kind), top + 1)
        facts += [f"(below-capacity {r} {count_name(n)})" for n in range(limit)]
    grow = _SLICE_GROWTH
    facts += [f"(plus-pieces {count_name(n)} {count_name(n + grow)})" for n in range(top + 1 - grow)]
    return facts + [f"(plus-pieces {MANY} {MANY})"]


def pieces_to_come(world: World, things: list[Thing]) -> list[Thing]:
    """The slices each sliceable food will make, as objects not yet present."""
    pieces = []
    for thing in things:
        piece = catalog.slice_type(thing.kind)
        if piece:
            pieces += [Thing(f"{piece}_{i}", piece) for i in range(1, catalog.slice_count(thing.kind) + 1)]
    return pieces


def _static_facts(world: World, things: list[Thing]) -> list[str]:
    facts = []
    for thing in things:
        n = name(thing.id)
        for predicate in _kind_predicates(thing):
            facts.append(f"({predicate} {n})")
        for other in things:
            if catalog.accepts(thing.kind, other.kind) and other.kind in catalog.PICKUPABLE:
                facts.append(f"(accepts {n} {name(other.id)})")
        if thing.kind == "Faucet":
            basin = next((b for b in world.of_kind("SinkBasin") if b.spot == thing.spot), None)
            if basin is not None:
                facts.append(f"(faucet-of {n} {name(basin.id)})")
        whole = catalog.SLICED_TO_WHOLE.get(thing.kind)
        if whole is not None:
            facts += [f"(piece-of {n} {name(w.id)})" for w in things if w.kind == whole]
    return facts


def _kind_predicates(thing: Thing) -> list[str]:
    kind = thing.kind
    checks = {
        "fixture": thing.fixture or kind in catalog.ON_COUNTER,
        "pickupable": kind in catalog.PICKUPABLE,
        "openable": kind in catalog.OPENABLE,
        "find-opens": kind in catalog.CLOSED_CONTAINERS_FIND_OPENS,
        "surface": kind in catalog.SURFACES,
        "knife": kind in catalog.KNIVES,
        "sponge": kind == "DishSponge",
        "cloth": kind == "Cloth",
        "spraybottle": kind == "SprayBottle",
        "remote": kind == "RemoteControl",
        "sink": kind == "SinkBasin",
        "burner": kind == "StoveBurner",
        "heater": kind in ("Toaster", "Microwave"),
        "coffeemachine": kind == "CoffeeMachine",
        "mug": kind == "Mug",
        "tv": kind == "Television",
        "mirror": kind == "Mirror",
        "cookable": kind in catalog.COOKABLE,
        "washable": kind in catalog.WASHABLE_IN_SINK,
        "sliceable": kind in catalog.SLICED and kind not in catalog.KNIFE_FREE,
        "egg": kind in catalog.KNIFE_FREE,
        "fillable": kind in catalog.FILLABLE,
        "heats": kind in catalog.HEATERS,
    }
    return [p for p in _STATIC if checks[p]]


def _state_facts(world: World, things: list[Thing], ids: set[str]) -> list[str]:
    facts = [f"(facing {spot_name(world.facing)})"] if world.facing else []
    facts.append("(hand-empty)" if world.held is None else f"(holding {name(world.held)})")
    for thing in things:
        n = name(thing.id)
        facts.append(f"(present {n})")
        spot = world.spot_of(thing)
        if spot and not world.is_held(thing):
            facts.append(f"(at {n} {spot_name(spot)})")
        if thing.parent and thing.parent in ids:
            facts.append(f"(in {n} {name(thing.parent)})")
        flags = {"opened": thing.open, "switched-on": thing.on, "dirty": thing.dirty, "cooked": thing.cooked,
                 "filled": thing.liquid is not None, "water": thing.liquid == "water",
                 "sprayed": thing.id in world.sprayed}  # fmt: skip
        facts += [f"({flag} {n})" for flag, value in flags.items() if value]
    return facts


def _goal(world: World, task: KitchenTask, things: list[Thing]) -> str:
    parts: list[str] = []
    of = lambda kind: [t for t in things if t.kind == kind]  # noqa: E731
    for g in task.goals["state_goals"]:
        parts += _state_goal(g, of)
    for g in task.goals["location_goals"]:
        parts.append(
            _any([f"(in {name(p.id)} {name(d.id)})" for p in of(g["object_type"]) for d in of(g["destination_type"])])
        )
    for g in task.goals["put_away_goals"]:
        homes = [t for t in things if t.kind in catalog.homes(g["object_type"])]
        parts += [_any([f"(in {name(o.id)} {name(h.id)})" for h in homes]) for o in of(g["object_type"])]
    for flag, value in task.goals["action_goals"].items():
        atom = "(drank)" if flag == DRINK_GOAL else "(spray-done)" if flag == SPRAY_GOAL else None
        if atom and value:
            parts.append(atom)
    for g in task.goals["contents_goals"]:
        parts.append(_contents_goal(g, things, of))
    return "(and " + " ".join(parts) + ")" if parts else "(and)"


def _state_goal(goal: dict[str, Any], of: Callable[[str], list[Thing]]) -> list[str]:
    kind, state, value = goal["object_type"], goal["state"], bool(goal["value"])
    predicate = {
        "isToggled": "switched-on",
        "isOpen": "opened",
        "isDirty": "dirty",
        "isCooked": "cooked",
        "isFilledWithLiquid": "filled",
    }[state]
    if (kind, state) in (("Bread", "isCooked"), ("PotatoSliced", "isCooked")):
        return [_any([f"({predicate} {name(t.id)})" for t in of("BreadSliced" if kind == "Bread" else kind)])]
    kind = {"StoveKnob": "StoveBurner"}.get(kind, "EggCracked" if (kind, state) == ("Egg", "isCooked") else kind)
    atoms = [f"({predicate} {name(t.id)})" for t in of(kind)]
    if value:
        return atoms or ["(drank)", "(not (drank))"]  # a positive state of an absent object: unreachable
    return [f"(not {a})" for a in atoms]


def _contents_goal(goal: dict[str, Any], things: list[Thing], of: Callable[[str], list[Thing]]) -> str:
    """Every listed type on the container (directly, or on what stands on it) and no other
    pickupable object there."""
    parts = []
    for container in of(goal["container_type"]):
        c = name(container.id)
        wanted = []
        for kind in goal["contents"]:
            direct = [f"(in {name(t.id)} {c})" for t in of(kind)]
            nested = [f"(and (in {name(t.id)} {name(h.id)}) (in {name(h.id)} {c}))" for t in of(kind) for h in things
                      if h.kind in ("Plate", "Bowl") and h.id != t.id]  # fmt: skip
            wanted.append(_any(direct + nested))
        others = [
            f"(not (in {name(t.id)} {c}))"
            for t in things
            if t.kind in catalog.PICKUPABLE and t.kind not in goal["contents"]
        ]
        parts.append("(and " + " ".join(wanted + others) + ")")
    return _any(parts)


def _any(options: list[str]) -> str:
    if not options:
        return "(and (drank) (not (drank)))"
    return options[0] if len(options) == 1 else "(or " + " ".join(options) + ")"


# --- a world action as a PDDL step ---------------------------------------------------------
def pddl_step(before: World, after: World, verb: str, target: str, counted: Collection[str]) -> str:
    """The PDDL action of a successful world action (``target`` is ``ActionResult.target``;
    ``counted``: the receptacles whose items the problem counts, ``counted_receptacles``)."""
    if verb == "FIND":
        thing = before.things[target]
        spot = spot_name(after.facing or "")
        opened = next((a for a in before.ancestors(thing) if not a.open and after.things[a.id].open), None)
        if opened is not None:
            return f"(find-opening {name(target)} {name(opened.id)} {spot})"
        return f"(find {name(target)} {spot})"
    spot = spot_name(before.facing or "")
    if verb == "PICKUP":
        parent = before.things[target].parent or ""
        return f"(pickup {name(target)} {name(parent)} {spot} {_counts(before, parent, -1, counted)})"
    if verb == "PUT":
        return f"(put {name(before.held or '')} {name(target)} {spot} {_counts(before, target, 1, counted)})"
    if verb in ("OPEN", "CLOSE"):
        return f"({verb.lower()} {name(target)} {spot})"
    if verb in ("TOGGLE_ON", "TOGGLE_OFF"):
        return _toggle_step(before, after, verb, spot)
    if verb == "SLICE":
        thing = before.things[target]
        if thing.kind in catalog.KNIFE_FREE:
            return f"(crack {name(target)} {name(thing.parent or '')} {spot})"
        counts = _counts(before, thing.parent or "", _SLICE_GROWTH, counted)
        return f"(slice {name(target)} {name(thing.parent or '')} {name(before.held or '')} {spot} {counts})"
    if verb == "CLEAN":
        thing = before.things[target]
        if thing.kind == "Mirror":
            return f"(clean-mirror {name(target)} {name(before.held or '')} {spot})"
        faucet = next(f for f in before.of_kind("Faucet") if f.on)
        return f"(clean {name(target)} {name(thing.parent or '')} {name(faucet.id)} {name(before.held or '')} {spot})"
    if verb == "SPRAY":
        return f"(spray {name(target)} {name(before.held or '')} {spot})"
    return _liquid_step(before, verb, target, spot)


def _counts(before: World, receptacle: str, change: int, counted: Collection[str]) -> str:
    """The count arguments of a step: the receptacle's item count before, then after
    (``pickup`` names them the other way round: after, then before)."""
    if receptacle not in counted:
        return f"{MANY} {MANY}"
    held = len(before.contents(before.things[receptacle]))
    low, high = (held + change, held) if change < 0 else (held, held + change)
    return f"{count_name(low)} {count_name(high)}"


def _liquid_step(before: World, verb: str, target: str, spot: str) -> str:
    """DRINK or EMPTY: of the container in hand, or of one in view."""
    action = verb.lower()
    if target == before.held:
        return f"({action} {name(target)})"
    if verb == "DRINK":
        return f"(drink-in-view {name(target)} {name(before.held or '')} {spot})"
    return f"(empty-in-view {name(target)} {spot})"


def _toggle_step(before: World, after: World, verb: str, spot: str) -> str:
    switch = next(t for t in before.things.values() if t.on != after.things[t.id].on)
    n = name(switch.id)
    if switch.kind == "Television":
        action = "toggle-on-tv" if verb == "TOGGLE_ON" else "toggle-off-tv"
        return f"({action} {n} {name(before.held or '')} {spot})"
    if verb == "TOGGLE_OFF":
        return f"(toggle-off {n} {spot})"
    if switch.kind == "Faucet":
        basin = next(b for b in before.of_kind("SinkBasin") if b.spot == switch.spot)
        return f"(toggle-on-faucet {n} {name(basin.id)} {spot})"
    if switch.kind == "StoveBurner":
        return f"(toggle-on-burner {n} {name(before.contents(switch)[0].id)} {spot})"
    if switch.kind == "CoffeeMachine":
        return f"(toggle-on-coffee {n} {name(before.contents(switch)[0].id)} {spot})"
    return f"(toggle-on-heater {n} {spot})"
