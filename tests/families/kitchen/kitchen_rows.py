"""Hand-built kitchen worlds and rows for the kitchen tests."""

from __future__ import annotations

from dataclasses import replace

from scorer.families.kitchen.generate import generate_task
from scorer.families.kitchen.rows import key_fields
from scorer.families.kitchen.tasks import KitchenTask
from scorer.families.kitchen.world import Thing, World
from scorer.io.dataset import KeyRow
from scorer.scoring.harness import key_row

CONFIG = "kitchen-episodes"


def fixture(name: str, spot: str | None = None, parent: str | None = None, **states: object) -> Thing:
    kind = name.rsplit("_", 1)[0]
    return Thing(name, kind, parent=parent, spot=None if parent else (spot or name), **states)  # type: ignore[arg-type]


def item(name: str, parent: str | None, **states: object) -> Thing:
    return Thing(name, name.rsplit("_", 1)[0], parent=parent, **states)  # type: ignore[arg-type]


def small_kitchen(*extra: Thing, facing: str | None = "CounterTop_1") -> World:
    """Two counters, a sink with its faucet, a stove of two burners, a fridge, two
    cabinets, a coffee machine on counter 1; a knife, a bread, a mug, a sponge and a pan."""
    things = [
        fixture("CounterTop_1"),
        fixture("CounterTop_2"),
        fixture("SinkBasin_1"),
        fixture("Faucet_1", spot="SinkBasin_1"),
        fixture("StoveBurner_1"),
        fixture("StoveBurner_2", spot="StoveBurner_1"),
        fixture("Fridge_1"),
        fixture("Cabinet_1"),
        fixture("Cabinet_2"),
        fixture("CoffeeMachine_1", parent="CounterTop_1"),
        item("Knife_1", "CounterTop_1"),
        item("Bread_1", "CounterTop_1"),
        item("Mug_1", "CounterTop_2"),
        item("DishSponge_1", "CounterTop_2"),
        item("Pan_1", "StoveBurner_1"),
        *extra,
    ]
    return World("Test", "Kitchen", {t.id: t for t in things}, facing=facing)


def generated_row(task_type: str, seed: str = "kitchen-test", step_count: int | None = None) -> KeyRow:
    made = generate_task(task_type, seed, 0)
    task: KitchenTask = made.task if step_count is None else replace(made.task, step_count=step_count)
    return key_row(key_fields(task, made.world, CONFIG, "test", 0))
