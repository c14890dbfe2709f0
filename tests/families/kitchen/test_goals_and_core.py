"""Goals on ALL objects of a type (our departure from AsgardBench's first-object checker),
its special cases, the generator's determinism, and the expert's plans checked by the
world and by the PDDL core's validator."""

from __future__ import annotations

import pytest

from scorer.families.kitchen.expert import expert_run
from scorer.families.kitchen.generate import generate_task
from scorer.families.kitchen.goals import KITCHEN_TIDY, all_reached, fraction_reached, goal_checks
from scorer.families.kitchen.pddl import domain_pddl, problem_pddl
from scorer.families.kitchen.tasks import TASK_TYPES, task_goals
from scorer.pddl import check_plan

from .kitchen_rows import item, small_kitchen


def test_state_goals_hold_for_every_instance_not_only_the_first() -> None:
    world = small_kitchen()
    world.things["StoveBurner_2"].on = True  # the first burner is off, the second on
    knobs_off = dict(KITCHEN_TIDY[2])
    assert knobs_off["object_type"] == "StoveKnob"
    goals = {"state_goals": [knobs_off], "location_goals": [], "put_away_goals": [], "action_goals": {},
             "contents_goals": []}  # fmt: skip
    assert not all_reached(world, goals)
    world.things["StoveBurner_2"].on = False
    assert all_reached(world, goals)


def test_cooked_bread_means_any_toasted_slice_and_egg_means_the_cracked_egg() -> None:
    world = small_kitchen(item("BreadSliced_1", "CounterTop_1"), item("BreadSliced_2", "CounterTop_1", cooked=True))
    del world.things["Bread_1"]
    goals = task_goals("cook_bread", (), (), "")
    checks = dict(goal_checks(world, goals))
    assert checks["Bread isCooked=True"] and not checks["BreadSliced in Plate"]
    assert fraction_reached(world, goals) == pytest.approx(7 / 8)
    egg = task_goals("cook_egg", (), (), "")
    assert not dict(goal_checks(small_kitchen(item("Egg_1", "Pan_1", cooked=True)), egg))["Egg isCooked=True"]


def test_generation_is_deterministic() -> None:
    first = generate_task("distribute", "seed-a", 3)
    again = generate_task("distribute", "seed-a", 3)
    other = generate_task("distribute", "seed-b", 3)
    assert first.task == again.task and first.world.to_json() == again.world.to_json()
    assert (first.task, first.world.to_json()) != (other.task, other.world.to_json())


@pytest.mark.parametrize("task_type", TASK_TYPES)
def test_expert_plans_reach_every_goal_on_many_layouts(task_type: str) -> None:
    for index in range(8):
        made = generate_task(task_type, f"expert-{index}", index)
        run = expert_run(made.world, made.task)
        assert run.plan and len(run.plan) == len(run.pddl_plan)


# check_plan grounds only the actions a plan names (the whole task of distribute is 86,000
# ground actions and 14 CPU s; settable's 150,000): every task type is checked.
@pytest.mark.parametrize("task_type", TASK_TYPES)
def test_expert_plans_are_valid_plans_of_the_pddl_core(task_type: str) -> None:
    made = generate_task(task_type, "pddl-core", 0)
    run = expert_run(made.world, made.task)
    domain, problem = domain_pddl(), problem_pddl(made.world, made.task, "kitchen-core-test")
    assert check_plan(domain, problem, run.pddl_plan).valid
    assert not check_plan(domain, problem, run.pddl_plan[:-1]).valid  # the last step is needed
