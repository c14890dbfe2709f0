"""The 12 verbs on the symbolic kitchen, with AsgardBench's preconditions, its failure
messages (``strings``) and its effects.

``act(world, verb, kind, shortcuts)`` changes ``world`` in place and says whether the
action worked. The model names a *type*; the instance is picked as AsgardBench's engine
picks it: after FIND or OPEN the instance last found (not for PUT), else a visible one,
else any, skipping objects that already fulfil a location goal. CounterTop, DiningTable
and SideTable stand for each other when one is visible. Two of AsgardBench's silent
shortcuts are settings (``Shortcuts``): FIND opening the closed cabinet or drawer the
object is in, and PUT trying the other containers of the type when the first is full.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.families.kitchen import catalog
from scorer.families.kitchen import strings as S
from scorer.families.kitchen.world import DRINK_GOAL, SPRAY_GOAL, Thing, World

VERBS = (
    "CLEAN",
    "CLOSE",
    "EMPTY",
    "DRINK",
    "FIND",
    "OPEN",
    "PICKUP",
    "PUT",
    "SLICE",
    "SPRAY",
    "TOGGLE_ON",
    "TOGGLE_OFF",
)
SUBGOAL_VERBS = ("DRINK", "SPRAY", "SLICE", "CLEAN")  # a success reaches a new subgoal (step extensions)


@dataclass(frozen=True)
class Shortcuts:
    find_opens: bool = True  # FIND opens the closed Cabinet / Drawer the object is in (AsgardBench: on)
    put_tries_others: bool = True  # PUT tries the type's other containers when one is full (AsgardBench: on)


@dataclass(frozen=True)
class ActionResult:
    success: bool
    message: str = ""  # AsgardBench's failure message; empty on success
    error_type: str | None = None  # Undoable | Invalid Object
    subgoal: bool = False
    target: str | None = None  # the instance acted on (for PUT: the receptacle the item went into)


OK = ActionResult(True)
DEFAULT_SHORTCUTS = Shortcuts()


def _fail(template: str, error_type: str = S.UNDOABLE, **names: str) -> ActionResult:
    return ActionResult(False, template.format(**names), error_type)


def act(world: World, verb: str, kind: str, shortcuts: Shortcuts = DEFAULT_SHORTCUTS) -> ActionResult:
    if verb not in VERBS:
        raise ValueError(f"unknown verb {verb!r}")
    target = _resolve(world, verb, kind)
    if isinstance(target, ActionResult):
        return target
    held_before = world.held
    result = _ACTIONS[verb](world, target, shortcuts)
    if not result.success:
        return result
    if verb in ("FIND", "OPEN"):
        world.found[target.kind] = target.id
    _settle(world)
    acted_on = world.things[held_before].parent if verb == "PUT" and held_before else target.id
    return ActionResult(True, subgoal=verb in SUBGOAL_VERBS, target=acted_on)


# --- which instance ---------------------------------------------------------------
def _resolve(world: World, verb: str, kind: str) -> Thing | ActionResult:
    candidates = world.of_kind(kind)
    if not candidates:
        if kind in world.sliced:
            if verb == "FIND":
                return _fail(S.FIND_SLICED, S.INVALID_OBJECT_TYPE)
            if verb == "SLICE":
                return _fail(S.ALREADY_SLICED, o=world.sliced[kind])
        if verb == "FIND":
            return _fail(S.NO_CANDIDATES, v=verb, t=kind)
        return _fail(S.NO_SUCH_OBJECT, o=kind)
    if verb != "PUT":
        free = [c for c in candidates if not world.in_use(c)]
        if not free:
            return _fail(S.ALL_IN_USE, t=kind)
        candidates = free
    if verb == "PUT":
        candidates = [c for c in candidates if not world.is_held(c)] or candidates
        return _first_visible(world, candidates) or _surface_alias(world, kind) or candidates[0]
    if verb == "FIND":
        return _find_choice(world, candidates)
    last = world.found.get(kind)
    if last is not None and any(c.id == last for c in candidates) and world.visible(world.things[last]):
        return world.things[last]
    return _first_visible(world, candidates) or candidates[0]


def _first_visible(world: World, candidates: list[Thing]) -> Thing | None:
    return next((c for c in candidates if world.visible(c)), None)


def _surface_alias(world: World, kind: str) -> Thing | None:
    """CounterTop, DiningTable and SideTable stand for each other (visible ones only)."""
    if kind not in catalog.SURFACES:
        return None
    return next((t for t in world.visible_things() if t.kind in catalog.SURFACES), None)


def _find_choice(world: World, candidates: list[Thing]) -> Thing:
    """The instance FIND goes to: with an item in hand, a container of the type that takes
    it (AsgardBench picks "a drawer that fits"); else the last found one, else the first."""
    held = world.held_thing()
    if held is not None and catalog.is_receptacle(candidates[0].kind):
        fitting = [c for c in candidates if _fits(world, c, held)]
        if fitting:
            return fitting[0]
    last = world.found.get(candidates[0].kind)
    return next((c for c in candidates if c.id == last), candidates[0])


def _fits(world: World, container: Thing, item: Thing) -> bool:
    return catalog.accepts(container.kind, item.kind) and len(world.contents(container)) < catalog.capacity(
        container.kind
    )


# --- the verbs --------------------------------------------------------------------
def _find(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    if world.is_held(target):
        return OK
    world.facing = world.spot_of(target)
    if shortcuts.find_opens:
        for container in world.ancestors(target):
            if container.kind in catalog.CLOSED_CONTAINERS_FIND_OPENS:
                container.open = True
    return OK


def _pickup(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    held = world.held_thing()
    if held is not None:
        return _fail(S.PICKUP_HOLDING, o=target.id, h=held.id)
    if world.spot_of(target) == world.facing and world.hidden_by_closed(target):
        return _fail(S.PICKUP_CLOSED, o=target.id)
    if not world.visible(target):
        return _fail(S.PICKUP_NOT_VISIBLE, o=target.id)
    if target.kind not in catalog.PICKUPABLE:
        return _fail(S.PICKUP_NOT_PICKUPABLE, o=target.kind)
    target.parent = None
    world.held = target.id
    return OK


def _put(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    held = world.held_thing()
    if held is None:
        return _fail(S.PUT_NOTHING_HELD)
    if not world.visible(target):
        return _fail(S.PUT_NOT_VISIBLE, o=target.id)
    if target.dirty:
        return _fail(S.PUT_DIRTY, o=target.id)
    if target.kind in catalog.OPENABLE and not target.open:
        return _fail(S.PUT_CLOSED, o=target.id)
    if not catalog.accepts(target.kind, held.kind):
        return _fail(S.PUT_INCOMPATIBLE, h=held.id, o=target.id)
    if not _fits(world, target, held):
        other = _other_container(world, target, held) if shortcuts.put_tries_others else None
        if other is None:
            return _fail(S.PUT_FULL, t=target.kind)
        target = other
    held.parent = target.id
    world.held = None
    return OK


def _other_container(world: World, full: Thing, held: Thing) -> Thing | None:
    """AsgardBench's PUT retry: go to the next container of the type with room, opening it."""
    for other in world.of_kind(full.kind):
        if other.id != full.id and not other.dirty and not world.is_held(other) and _fits(world, other, held):
            world.facing = world.spot_of(other)
            if other.kind in catalog.OPENABLE:
                other.open = True
            world.found[other.kind] = other.id
            return other
    return None


def _open(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    if not world.visible(target):
        return _fail(S.OPEN_NOT_VISIBLE, o=target.id)
    if target.kind not in catalog.OPENABLE:
        return _fail(S.NOT_OPENABLE, o=target.id)
    if target.open:
        return _fail(S.ALREADY_OPEN, o=target.id)
    target.open = True
    target.on = False  # an opened microwave stops
    return OK


def _close(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    if not world.visible(target):
        return _fail(S.CLOSE_NOT_VISIBLE, o=target.id)
    if target.kind not in catalog.OPENABLE:
        return _fail(S.NOT_OPENABLE, o=target.id)
    if not target.open:
        return _fail(S.ALREADY_CLOSED, o=target.id)
    target.open = False
    return OK


def _switch(world: World, target: Thing) -> Thing:
    """What a toggle acts on: the faucet for a SinkBasin, the burner under the Pan for a
    StoveBurner, the burner of a StoveKnob."""
    if target.kind == "SinkBasin":
        return next((f for f in world.of_kind("Faucet") if f.spot == target.spot), target)
    if target.kind == "StoveBurner":
        under_pan = [b for b in world.of_kind("StoveBurner") if world.contents(b) and world.visible(b)]
        return under_pan[0] if under_pan else target
    if target.kind == "StoveKnob":
        return next((b for b in world.of_kind("StoveBurner") if b.spot == target.spot), target)
    return target


def _toggle_on(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    switch = _switch(world, target)
    if switch.kind not in catalog.TOGGLEABLE:
        return _fail(S.NOT_TOGGLEABLE, o=target.id)
    if switch.on:
        return _fail(S.TOGGLE_ALREADY_ON, o=target.id)
    if not world.visible(switch):
        return _fail(S.TOGGLE_NOT_VISIBLE, o=target.id)
    problem = _toggle_on_problem(world, switch)
    if problem:
        return problem
    switch.on = True
    if switch.kind == "CoffeeMachine":
        for mug in world.contents(switch):
            mug.liquid = "coffee"
    return OK


def _toggle_on_problem(world: World, switch: Thing) -> ActionResult | None:
    held = world.held_thing()
    if switch.kind == "Television" and (held is None or held.kind != "RemoteControl"):
        return _fail(S.TOGGLE_NO_REMOTE, o=switch.id)
    if switch.kind == "CoffeeMachine":
        inside = world.contents(switch)
        if not inside:
            return _fail(S.COFFEE_EMPTY, o=switch.id)
        if inside[0].kind != "Mug":
            return _fail(S.COFFEE_NOT_MUG, o=switch.id, t=inside[0].kind)
        if inside[0].liquid:
            return _fail(S.COFFEE_MUG_FULL, o=switch.id)
        if inside[0].dirty:
            return _fail(S.COFFEE_MUG_DIRTY, o=switch.id)
    if switch.kind == "Faucet":
        basin = next((b for b in world.of_kind("SinkBasin") if b.spot == switch.spot), None)
        blocking = [t for t in world.contents(basin) if t.kind not in catalog.WASHABLE_IN_SINK] if basin else []
        if blocking:
            return _fail(S.FAUCET_BLOCKED, o=switch.id, t=blocking[0].kind)
    if switch.kind == "Microwave" and switch.open:
        return _fail(S.MICROWAVE_OPEN, o=switch.id)
    return None


def _toggle_off(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    switch = _switch_off_target(world, target)
    if switch.kind not in catalog.TOGGLEABLE:
        return _fail(S.NOT_TOGGLEABLE, o=target.id)
    if not switch.on:
        return _fail(S.TOGGLE_ALREADY_OFF, o=target.id)
    if not world.visible(switch):
        return _fail(S.TOGGLE_NOT_VISIBLE, o=target.id)
    held = world.held_thing()
    if switch.kind == "Television" and (held is None or held.kind != "RemoteControl"):
        return _fail(S.TOGGLE_NO_REMOTE, o=switch.id)
    switch.on = False
    if switch.kind == "Faucet":  # the water left in washed containers is poured out
        for basin in world.of_kind("SinkBasin"):
            for item in world.contents(basin):
                if item.liquid == "water" and basin.spot == switch.spot:
                    item.liquid = None
    return OK


def _switch_off_target(world: World, target: Thing) -> Thing:
    if target.kind == "StoveBurner":  # the burner that is on, where the agent stands
        lit = [b for b in world.of_kind("StoveBurner") if b.on and world.visible(b)]
        return lit[0] if lit else target
    return _switch(world, target)


def _slice(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    if not world.visible(target):
        return _fail(S.SLICE_NOT_VISIBLE, o=target.id)
    piece = catalog.slice_type(target.kind)
    if piece is None:
        return _fail(S.NOT_SLICEABLE, o=target.id)
    if world.is_held(target):
        return _fail(S.SLICE_HELD, o=target.id)
    if target.kind not in catalog.KNIFE_FREE:
        parent = world.things[target.parent] if target.parent else None
        if parent is None or parent.kind not in catalog.SURFACES:
            return _fail(S.SLICE_NOT_ON_COUNTER, o=target.id)
        held = world.held_thing()
        if held is None or held.kind not in catalog.KNIVES:
            return _fail(S.SLICE_NO_KNIFE, o=target.id)
    for index in range(1, catalog.slice_count(target.kind) + 1):
        name = f"{piece}_{index}"
        world.things[name] = Thing(name, piece, parent=target.parent, cooked=target.cooked)
    world.sliced[target.kind] = target.id
    del world.things[target.id]
    world.found.pop(target.kind, None)
    return OK


def _clean(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    if not world.visible(target):
        return _fail(S.CLEAN_NOT_VISIBLE, o=target.id)
    held = world.held_thing()
    if target.kind == "Mirror":
        if target.id not in world.sprayed:
            return _fail(S.CLEAN_NOT_SPRAYED, o=target.id)
        if held is None or held.kind != "Cloth":
            return _fail(S.CLEAN_NO_CLOTH, o=target.id)
    else:
        if target.kind not in catalog.CLEANABLE:
            return _fail(S.NOT_CLEANABLE, o=target.id)
        basin = world.things[target.parent] if target.parent else None
        sink_spot = basin.spot if basin is not None and basin.kind == "SinkBasin" else None
        in_sink = sink_spot is not None
        faucets = [f for f in world.of_kind("Faucet") if not in_sink or f.spot == sink_spot]
        if not any(f.on for f in faucets):
            return _fail(S.CLEAN_FAUCET_OFF, o=target.id)
        if not in_sink:
            return _fail(S.CLEAN_NOT_IN_SINK, o=target.id)
        if held is None or held.kind != "DishSponge":
            return _fail(S.CLEAN_NO_SPONGE, o=target.id)
    target.dirty = False
    return OK


def _empty(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    if not world.visible(target):
        return _fail(S.EMPTY_NOT_VISIBLE, o=target.id)
    if not target.liquid:
        return _fail(S.NOT_FILLED, o=target.id)
    target.liquid = None
    return OK


def _drink(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    if not world.visible(target):
        return _fail(S.DRINK_NOT_VISIBLE, o=target.id)
    held = world.held_thing()
    if held is None:  # AsgardBench checks that something is held, not what
        return _fail(S.DRINK_NOT_HELD, o=target.id)
    if not target.liquid:
        return _fail(S.NOT_FILLED, o=target.id)
    if held.kind == "Mug":
        held.dirty = True
    world.flags[DRINK_GOAL] = True
    target.liquid = None
    return OK


def _spray(world: World, target: Thing, shortcuts: Shortcuts) -> ActionResult:
    if not world.visible(target):
        return _fail(S.SPRAY_NOT_VISIBLE, o=target.id)
    held = world.held_thing()
    if held is None or held.kind != "SprayBottle":
        return _fail(S.SPRAY_NO_BOTTLE, o=target.id)
    world.flags[SPRAY_GOAL] = True  # AsgardBench's SPRAY only sets this flag
    if target.id not in world.sprayed:
        world.sprayed.append(target.id)
    return OK


def _settle(world: World) -> None:
    """What running appliances do to what is in them: heat cooks (through a pan on a
    burner), a running faucet fills the empty containers in its sink with water."""
    for heater in world.things.values():
        if heater.kind in catalog.HEATERS and heater.on and not heater.open:
            for item in world.all_contents(heater):
                if item.kind in catalog.COOKABLE:
                    item.cooked = True
    for faucet in world.of_kind("Faucet"):
        if faucet.on:
            for basin in world.of_kind("SinkBasin"):
                if basin.spot == faucet.spot:
                    for item in world.contents(basin):
                        if item.kind in catalog.FILLABLE and not item.liquid:
                            item.liquid = "water"


_ACTIONS = {
    "FIND": _find,
    "PICKUP": _pickup,
    "PUT": _put,
    "OPEN": _open,
    "CLOSE": _close,
    "TOGGLE_ON": _toggle_on,
    "TOGGLE_OFF": _toggle_off,
    "SLICE": _slice,
    "CLEAN": _clean,
    "EMPTY": _empty,
    "DRINK": _drink,
    "SPRAY": _spray,
}
