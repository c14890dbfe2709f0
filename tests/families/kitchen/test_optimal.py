"""Optimal lengths: the planner's plan on the PDDL core is a plan of the world (the
core models the faucet's water, so its plan needs no step the world would refuse); the
lower bound is read off A*'s f-layers; the committed table of AsgardBench's 108 tasks is
current, every task has a planner's plan that replays in the world, the bounds enclose
the optimum, optimal plans never exceed our expert's, and a sample is solved again and
passes our PDDL validator."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.families.kitchen.asgard import TASKS_FILE
from scorer.families.kitchen.asgard_import import imported_worlds
from scorer.families.kitchen.expert import expert_plan
from scorer.families.kitchen.generate import generate_task
from scorer.families.kitchen.optimal import (
    TABLE,
    check_plan,
    f_bound,
    problem_digest,
    read_table,
    solve,
    stored_optimal,
)
from scorer.families.kitchen.pddl import domain_pddl, problem_pddl
from scorer.families.kitchen.tasks import KitchenTask
from scorer.families.kitchen.world import World
from scorer.pddl import parse_task, validate_plan

SHARED = Path(__file__).resolve().parents[4] / "shared" / "external" / "asgardbench"
TIMEOUT_S = 60


@pytest.fixture(scope="module")
def asgard() -> dict[str, tuple[World, KitchenTask]]:
    if not (SHARED / TASKS_FILE).exists():
        pytest.skip(f"AsgardBench's published tasks are not at {SHARED}")
    return {task.name: (world, task) for world, task in imported_worlds(SHARED)}


def test_a_mug_in_a_running_sink_stays_full_whatever_is_drunk_from_it() -> None:
    made = generate_task("coffee", "optimal-water", 0)
    world = made.world
    mug = world.of_kind("Mug")[0]
    mug.parent, mug.dirty, mug.liquid = world.of_kind("SinkBasin")[0].id, False, "water"
    world.of_kind("Faucet")[0].on = True
    found = solve(world, made.task, TIMEOUT_S)
    # The planner's shortest plan drinks the water from the mug in the sink (the world's
    # DRINK takes any liquid); the world fills it again while the faucet runs, and the core
    # knows it, so its plan still reaches every goal in the world.
    assert found.steps is not None and found.reason == ""


def test_a_plan_the_world_refuses_is_named() -> None:
    made = generate_task("turn_on_tv", "optimal-refused", 0)
    found = solve(made.world, made.task, TIMEOUT_S)
    assert found.steps is not None and check_plan(made.world, made.task, found.plan) == ""
    assert check_plan(made.world, made.task, found.plan[1:]).startswith("the world refuses step")
    assert check_plan(made.world, made.task, found.plan[:-1]) == "the plan leaves goals unreached in the world"


def test_the_table_covers_every_task_for_the_current_problems(asgard: dict[str, tuple[World, KitchenTask]]) -> None:
    table = read_table()
    assert sorted(table) == sorted(asgard), f"{TABLE.name} is not for AsgardBench's tasks"
    stale = [name for name, (world, task) in asgard.items() if table[name]["problem"] != problem_digest(world, task)]
    assert stale == [], f"rerun python -m scorer.families.kitchen.optimal for {stale[:3]}"


def test_every_task_has_a_plan_that_replays_in_the_world(asgard: dict[str, tuple[World, KitchenTask]]) -> None:
    table = read_table()
    for name, entry in table.items():
        world, task = asgard[name]
        stored = stored_optimal(table, world, task)
        assert entry["plan"] and check_plan(world, task, entry["plan"]) == "", name  # checked solvable
        assert entry["lower_bound"] <= len(entry["plan"]) == entry["upper_bound"], name
        bounds = {"optimal_lower_bound": entry["lower_bound"], "optimal_upper_bound": entry["upper_bound"]}
        if entry["optimal_steps"] is None:
            assert stored == {"optimal_steps": None, "optimal_reason": entry["reason"]} | bounds, name
            continue
        assert entry["lower_bound"] == entry["optimal_steps"] == entry["upper_bound"] and not entry.get("reason"), name
        assert stored == {"optimal_steps": entry["optimal_steps"], "optimal_reason": ""} | bounds, name
        assert entry["optimal_steps"] <= len(expert_plan(world, task)), name
    proven = [entry for entry in table.values() if entry["optimal_steps"] is not None]
    assert len(proven) >= 26  # 26 before the bounds were kept


def test_the_lower_bound_is_the_last_f_layer_a_star_opened() -> None:
    output = """[t=0.5s] Initial heuristic value for hmax: 3
[t=0.5s] f = 3, 1 evaluated, 0 expanded
[t=0.6s] f = 4, 21 evaluated, 1 expanded
[t=1.8s] f = 7, 1657 evaluated, 425 expanded
Time limit reached. Abort search."""
    assert f_bound(output) == 7
    assert f_bound("[t=0.5s] Initial heuristic value for hmax: 3\n") == 3
    assert f_bound("translator output only") == 0


SAMPLE = ("clean_mirror__FloorPlan406_V1", "turn_on_tv__FloorPlan202_V1")


@pytest.mark.parametrize("name", SAMPLE)
def test_a_sample_is_solved_again_and_its_plan_passes_the_pddl_validator(
    name: str, asgard: dict[str, tuple[World, KitchenTask]]
) -> None:
    world, task = asgard[name]
    entry = read_table()[name]
    assert solve(world, task, TIMEOUT_S).steps == entry["optimal_steps"]
    core = parse_task(domain_pddl(), problem_pddl(world, task, "optimal"))
    assert validate_plan(core, entry["plan"]).valid
    assert not validate_plan(core, entry["plan"][:-1]).valid
