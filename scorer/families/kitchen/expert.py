"""A scripted expert per task type: AsgardBench's "deterministic state machine" that
proves each task can be done, written for our world.

``expert_plan(world, task, shortcuts)`` plays the task on a copy of ``world`` and returns
the actions (``"VERB Type"``); every action is executed by the world's own rules and
must succeed, and the goals must hold at the end, or ``PlanError`` says which step
broke. It is a plan, not a shortest one: the planner in ``solve`` gives optimal lengths.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.families.kitchen import catalog
from scorer.families.kitchen.goals import all_reached, goal_checks
from scorer.families.kitchen.pddl import counted_receptacles, pddl_step
from scorer.families.kitchen.rules import DEFAULT_SHORTCUTS, Shortcuts, act
from scorer.families.kitchen.tasks import KitchenTask
from scorer.families.kitchen.world import Thing, World


class PlanError(RuntimeError):
    """The expert could not finish the task on this world (the message says where)."""


class _Expert:
    def __init__(self, world: World, shortcuts: Shortcuts, counted: set[str]) -> None:
        self.w = world.copy()
        self.shortcuts = shortcuts
        self.counted = counted  # the receptacles the PDDL problem counts items of
        self.plan: list[str] = []
        self.pddl_plan: list[str] = []

    def do(self, verb: str, kind: str) -> None:
        if kind not in self.w.available_types():
            raise PlanError(f"step {len(self.plan)} {verb} {kind}: {kind} is not an available object")
        before = self.w.copy()
        result = act(self.w, verb, kind, self.shortcuts)
        if not result.success or result.target is None:
            raise PlanError(f"step {len(self.plan)} {verb} {kind}: {result.message}")
        self.plan.append(f"{verb} {kind}")
        self.pddl_plan.append(pddl_step(before, self.w, verb, result.target, self.counted))

    def one(self, kind: str) -> Thing:
        things = [t for t in self.w.of_kind(kind) if not self.w.in_use(t)] or self.w.of_kind(kind)
        if not things:
            raise PlanError(f"no {kind} in the scene")
        return things[0]

    def holding(self, kind: str) -> bool:
        held = self.w.held_thing()
        return held is not None and held.kind == kind

    def free_hands(self) -> None:
        if self.w.held is None:
            return
        if not any(t.kind in catalog.SURFACES for t in self.w.visible_things() if t.fixture):
            self.do("FIND", "CounterTop")
        self.do("PUT", "CounterTop")

    def go(self, kind: str) -> None:
        """FIND, then OPEN what still hides it (when FIND does not open containers)."""
        self.do("FIND", kind)
        target = self.w.things.get(self.w.found.get(kind, ""))
        for container in list(self.w.ancestors(target)) if target else []:
            if container.kind in catalog.OPENABLE and not container.open:
                self.do("OPEN", container.kind)

    def fetch(self, kind: str) -> None:
        if self.holding(kind):
            return
        self.free_hands()
        if not any(t.kind == kind and not self.w.in_use(t) for t in self.w.visible_things()):
            self.go(kind)
        self.do("PICKUP", kind)
        self.close_behind()

    def close_behind(self) -> None:
        """Close a fridge left open (a tidy-up goal)."""
        for fridge in self.w.of_kind("Fridge"):
            if fridge.open and self.w.visible(fridge):
                self.do("CLOSE", "Fridge")

    def put_in(self, kind: str) -> None:
        self.go(kind)
        target = self.w.things[self.w.found[kind]]
        if target.kind in catalog.OPENABLE and not target.open:
            self.do("OPEN", kind)
        self.do("PUT", kind)
        if kind == "Fridge":
            self.do("CLOSE", "Fridge")

    def wash(self, kind: str) -> None:
        if not any(t.dirty for t in self.w.of_kind(kind)):
            return
        self.clear_sink()
        self.fetch(kind)
        self.put_in("SinkBasin")
        self.fetch("DishSponge")
        if not self.w.visible(self.w.of_kind("Faucet")[0]):
            self.do("FIND", "Faucet")
        self.do("TOGGLE_ON", "Faucet")
        self.do("CLEAN", kind)
        self.do("TOGGLE_OFF", "Faucet")
        self.do("PUT", "SinkBasin")

    def clear_sink(self) -> None:
        basin = self.w.of_kind("SinkBasin")[0]
        for item in list(self.w.contents(basin)):
            if (
                item.kind not in catalog.WASHABLE_IN_SINK
                or len(self.w.contents(basin)) >= catalog.capacity("SinkBasin") - 1
            ):
                self.free_hands()
                if not self.w.visible(item):
                    self.do("FIND", "SinkBasin")
                self.do("PICKUP", item.kind)
                self.do("FIND", "CounterTop")
                self.do("PUT", "CounterTop")

    def slice(self, kind: str) -> None:
        self.fetch("Knife")
        self.go(kind)
        self.do("SLICE", kind)
        self.do("PUT", "CounterTop")

    def pan_on_stove(self, kind: str = "Pan") -> None:
        pan = self.one(kind)
        if any(a.kind == "StoveBurner" for a in self.w.ancestors(pan)):
            return
        self.fetch(kind)
        self.put_in("StoveBurner")

    def fry(self, piece: str, dish: str) -> None:
        self.do("TOGGLE_ON", "StoveBurner")
        self.do("TOGGLE_OFF", "StoveBurner")
        self.do("PICKUP", piece)
        self.put_in(dish)

    def make_coffee(self) -> None:
        mug = self.one("Mug")
        if mug.liquid == "coffee":
            return
        if mug.liquid:
            self.fetch("Mug")
            self.do("EMPTY", "Mug")
        self.fetch("Mug")
        self.put_in("CoffeeMachine")
        self.do("TOGGLE_ON", "CoffeeMachine")
        self.do("TOGGLE_OFF", "CoffeeMachine")
        self.do("PICKUP", "Mug")


def _home_type(world: World, kind: str) -> str:
    present = {t.kind for t in world.things.values() if t.fixture}
    return next(h for h in catalog.homes(kind) if h in present)


def _solve(e: _Expert, task: KitchenTask) -> None:
    kind = task.task_type
    for dirty in task.dirty:
        if dirty != "Mirror":
            e.wash(dirty)
    if kind == "clean_mirror":
        e.fetch("SprayBottle")
        e.go("Mirror")
        e.do("SPRAY", "Mirror")
        e.fetch("Cloth")
        e.go("Mirror")
        e.do("CLEAN", "Mirror")
    elif kind == "turn_on_tv":
        e.fetch("RemoteControl")
        e.go("Television")
        e.do("TOGGLE_ON", "Television")
    elif kind == "coffee":
        e.make_coffee()
        e.fetch("Mug")
        e.do("DRINK", "Mug")
        e.wash("Mug")
        e.fetch("Mug")
        e.put_in(_home_type(e.w, "Mug"))
    elif kind == "settable":
        _set_table(e)
    elif kind.startswith("putaway"):
        for item in [g["object_type"] for g in task.goals["put_away_goals"]]:
            e.fetch(item)
            e.put_in(_home_type(e.w, item))
    elif kind == "distribute":
        food = task.serve_in[0]
        e.slice(food)
        for container in task.serve_in[1:]:
            e.fetch(f"{food}Sliced")
            e.put_in(container)
    elif kind == "cook_bread":
        e.slice("Bread")
        e.fetch("BreadSliced")
        e.put_in("Toaster")
        e.do("TOGGLE_ON", "Toaster")
        e.do("TOGGLE_OFF", "Toaster")
        e.do("PICKUP", "BreadSliced")
        e.put_in("Plate")
    elif kind == "cook_egg":
        e.pan_on_stove()
        e.fetch("Egg")
        e.put_in("Pan")
        e.do("SLICE", "Egg")
        e.fry("EggCracked", "Plate")
    elif kind == "cook_potato_slice":
        e.pan_on_stove()
        e.slice("Potato")
        e.fetch("PotatoSliced")
        e.put_in("Pan")
        e.fry("PotatoSliced", "Plate")
    elif kind == "cook_potato":
        e.fetch("Potato")
        e.put_in("Microwave")
        e.do("CLOSE", "Microwave")
        e.do("TOGGLE_ON", "Microwave")
        e.do("TOGGLE_OFF", "Microwave")
        e.do("OPEN", "Microwave")
        e.do("PICKUP", "Potato")
        e.do("CLOSE", "Microwave")
        e.put_in("Bowl")
    else:
        raise PlanError(f"unknown task type {kind!r}")


def _set_table(e: _Expert) -> None:
    table = e.w.of_kind("DiningTable")[0]
    clutter = [t for t in e.w.all_contents(table) if t.kind in catalog.PICKUPABLE and t.kind not in ("Mug", "Plate")]
    for item in clutter:
        e.fetch(item.kind)
        e.do("FIND", "CounterTop")
        e.do("PUT", "CounterTop")
    e.make_coffee()
    e.fetch("Mug")
    e.put_in("DiningTable")
    e.fetch("Plate")
    e.put_in("DiningTable")
    e.slice("Bread")
    e.fetch("BreadSliced")
    e.put_in("Plate")


@dataclass(frozen=True)
class ExpertRun:
    plan: list[str]  # "VERB Type", as a model writes them
    pddl_plan: list[str]  # the same steps as actions of the PDDL core


def expert_run(world: World, task: KitchenTask, shortcuts: Shortcuts = DEFAULT_SHORTCUTS) -> ExpertRun:
    expert = _Expert(world, shortcuts, set(counted_receptacles(world, task)))
    _solve(expert, task)
    if not all_reached(expert.w, task.goals):
        missing = [name for name, reached in goal_checks(expert.w, task.goals) if not reached]
        raise PlanError(f"the expert's plan leaves goals unreached: {', '.join(missing)}")
    return ExpertRun(expert.plan, expert.pddl_plan)


def expert_plan(world: World, task: KitchenTask, shortcuts: Shortcuts = DEFAULT_SHORTCUTS) -> list[str]:
    return expert_run(world, task, shortcuts).plan
