"""Classical ACP domains, part 1: ferry, logistics, blocksworld4, grid, floortile,
gripper, visitall. Checks particular to these domains; the generic checks every
domain gets are in test_every_domain.py."""

from __future__ import annotations

import random

import pytest

from scorer.families.classical import floortile, grid
from scorer.pddl import Task, parse_task, reachable_states, validate_plan


def test_grid_openable_region_is_exactly_where_the_robot_can_go() -> None:
    """The generator's solvability argument, checked against the state space."""
    for seed in range(6):
        rng = random.Random(seed)
        params = grid.pick(rng, 0, grid.BANDS)
        layout = grid.random_layout(rng, params)
        # a goal that already holds: only the reachable space matters here
        task = parse_task(grid.DOMAIN_PDDL, grid.layout_pddl("t", layout, params["shapes"], ["(arm-empty)"]))
        space = reachable_states(task, cap=200_000)
        reached = {atom for state in space.dist for atom in task.true_atoms(state) if atom.startswith("(robot-at")}
        assert reached == {f"(robot-at {grid.place(c)})" for c in grid.openable_region(layout)}


@pytest.mark.parametrize("seed", range(3))
def test_floortile_large_problems_follow_the_column_strategy(seed: int) -> None:
    """Size 2 is beyond the planner; the plan the generator's docstring argues
    for must be valid."""
    text = floortile.generate(random.Random(seed), 2)
    task = parse_task(floortile.DOMAIN_PDDL, text)
    assert validate_plan(task, column_strategy_plan(task)).valid


def column_strategy_plan(task: Task) -> list[str]:
    atoms = task.true_atoms(task.init)
    spots = {a.split()[1]: _cell(a.split()[2].rstrip(")")) for a in atoms if a.startswith("(robot-at")}
    colors = {a.split()[1]: a.split()[2].rstrip(")") for a in atoms if a.startswith("(robot-has")}
    cells = [_cell(name) for name, kind in task.objects.items() if kind == "tile"]
    rows, columns = max(r for r, _ in cells), max(c for _, c in cells)
    plan: list[str] = []
    for robot, (r, c) in spots.items():  # everyone down to row 0
        plan += [f"(move-down {robot} t{k}-{c} t{k - 1}-{c})" for k in range(r, 0, -1)]
    order = sorted(spots, key=lambda robot: spots[robot][1])
    for i, robot in enumerate(order):
        own = spots[robot][1]
        limit = spots[order[i + 1]][1] - 1 if i + 1 < len(order) else columns
        todo = (list(range(1, own)) if i == 0 else []) + list(range(limit, own, -1)) + [own]
        at = own
        for column in todo:
            step = 1 if column > at else -1
            plan += [
                f"(move-{'right' if step > 0 else 'left'} {robot} t0-{k} t0-{k + step})"
                for k in range(at, column, step)
            ]
            plan += _paint_column(robot, column, rows, colors)
            at = column
    return plan


def _paint_column(robot: str, column: int, rows: int, colors: dict[str, str]) -> list[str]:
    plan = [f"(move-up {robot} t{k}-{column} t{k + 1}-{column})" for k in range(rows - 1)]
    for target in range(rows, 0, -1):
        wanted = floortile.COLORS[(target + column) % 2]
        if colors[robot] != wanted:
            plan.append(f"(change-color {robot} {colors[robot]} {wanted})")
            colors[robot] = wanted
        plan.append(f"(paint-up {robot} t{target - 1}-{column} t{target}-{column} {wanted})")
        if target > 1:
            plan.append(f"(move-down {robot} t{target - 1}-{column} t{target - 2}-{column})")
    return plan


def _cell(name: str) -> tuple[int, int]:
    row, column = name[1:].split("-")
    return int(row), int(column)
