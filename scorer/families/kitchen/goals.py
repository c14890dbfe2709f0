"""AsgardBench's five goal kinds, checked on the symbolic world.

Goals keep AsgardBench's JSON shape (``state_goals``, ``location_goals``,
``put_away_goals``, ``action_goals``, ``contents_goals``). One departure, on purpose:
AsgardBench's checker looks at the *first* object of a type; ours looks at ALL of them
(every stove burner off, every mug clean), so a goal cannot pass while a second
instance breaks it. Its special cases stay: an Egg is cooked when its EggCracked is,
Bread when any BreadSliced is, PotatoSliced when any slice is; a StoveKnob is off when
its burner is (our knobs have no state of their own).
"""

from __future__ import annotations

from typing import Any

from scorer.families.kitchen import catalog
from scorer.families.kitchen.world import Thing, World

STATE_FIELDS = {"isToggled": "on", "isOpen": "open", "isDirty": "dirty", "isCooked": "cooked"}
GOAL_KINDS = ("state_goals", "location_goals", "put_away_goals", "action_goals", "contents_goals")
# AsgardBench's six tidy-up goals of every kitchen task (AsgardBench, table 3).
KITCHEN_TIDY: tuple[dict[str, Any], ...] = (
    {"object_type": "CoffeeMachine", "state": "isToggled", "value": False},
    {"object_type": "Toaster", "state": "isToggled", "value": False},
    {"object_type": "StoveKnob", "state": "isToggled", "value": False},
    {"object_type": "Microwave", "state": "isOpen", "value": False},
    {"object_type": "Fridge", "state": "isOpen", "value": False},
    {"object_type": "Faucet", "state": "isToggled", "value": False},
)
_ANY_PIECE = {("Bread", "isCooked"): "BreadSliced", ("PotatoSliced", "isCooked"): "PotatoSliced"}


def state_of(thing: Thing, state: str) -> bool:
    if state == "isFilledWithLiquid":
        return thing.liquid is not None
    return bool(getattr(thing, STATE_FIELDS[state]))


def _state_goal(world: World, goal: dict[str, Any]) -> bool:
    kind, state, value = goal["object_type"], goal["state"], bool(goal["value"])
    piece = _ANY_PIECE.get((kind, state))
    if piece is not None:
        return any(state_of(t, state) == value for t in world.of_kind(piece))
    if (kind, state) == ("Egg", "isCooked"):
        kind = "EggCracked"
    if kind == "StoveKnob":
        kind = "StoveBurner"
    things = world.of_kind(kind)
    if value and not things:
        return False
    return all(state_of(t, state) == value for t in things)


def _location_goal(world: World, goal: dict[str, Any]) -> bool:
    return any(world.in_destination(t, goal["destination_type"]) for t in world.of_kind(goal["object_type"]))


def put_away(world: World, thing: Thing) -> bool:
    return any(a.kind in catalog.homes(thing.kind) for a in world.ancestors(thing))


def _put_away_goal(world: World, goal: dict[str, Any]) -> bool:
    things = world.of_kind(goal["object_type"])
    return bool(things) and all(put_away(world, t) for t in things)


def _contents_goal(world: World, goal: dict[str, Any]) -> bool:
    wanted = set(goal["contents"])
    for container in world.of_kind(goal["container_type"]):
        kinds = {t.kind for t in world.all_contents(container) if t.kind in catalog.PICKUPABLE}
        if wanted <= kinds and kinds <= wanted:
            return True
    return False


def goal_checks(world: World, goals: dict[str, Any]) -> list[tuple[str, bool]]:
    """(a short description, reached?) for every goal, in AsgardBench's order of kinds."""
    checks = [(f"{g['object_type']} {g['state']}={g['value']}", _state_goal(world, g)) for g in goals["state_goals"]]
    checks += [
        (f"{g['object_type']} in {g['destination_type']}", _location_goal(world, g)) for g in goals["location_goals"]
    ]
    checks += [(f"{g['object_type']} put away", _put_away_goal(world, g)) for g in goals["put_away_goals"]]
    checks += [(name, world.flags.get(name, False) == bool(v)) for name, v in sorted(goals["action_goals"].items())]
    checks += [
        (f"{g['container_type']} holds {', '.join(g['contents'])}", _contents_goal(world, g))
        for g in goals["contents_goals"]
    ]
    return checks


def all_reached(world: World, goals: dict[str, Any]) -> bool:
    return all(reached for _, reached in goal_checks(world, goals))


def fraction_reached(world: World, goals: dict[str, Any]) -> float:
    checks = goal_checks(world, goals)
    return sum(reached for _, reached in checks) / len(checks) if checks else 1.0


def clean_goals(raw: dict[str, Any]) -> dict[str, Any]:
    """AsgardBench's stored goals without their generation-time ``outcome`` fields."""
    strip = lambda goal: {k: v for k, v in goal.items() if k != "outcome"}  # noqa: E731
    return {
        "state_goals": [strip(g) for g in raw.get("state_goals", [])],
        "location_goals": [strip(g) for g in raw.get("location_goals", [])],
        "put_away_goals": [strip(g) for g in raw.get("put_away_goals", [])],
        "action_goals": dict(raw.get("action_goals", {})),
        "contents_goals": [strip(g) for g in raw.get("contents_goals", [])],
    }
