"""The maze's PDDL agrees with its rules: our PDDL core (parse, BFS, plan validation)
finds the same shortest lengths and judges random plans as the simulation does."""

from __future__ import annotations

import random

from scorer.families.vsp.maze import Maze, play, shortest_plan
from scorer.families.vsp.maze_generate import random_maze
from scorer.families.vsp.maze_pddl import domain_pddl, ground_plan, problem_pddl
from scorer.pddl import FailureReason, bfs, parse_task, validate_plan


def test_bfs_and_validation_agree_with_the_simulation() -> None:
    rng = random.Random(7)
    for size in (3, 5, 8):
        maze = random_maze(size, rng)
        task = parse_task(domain_pddl(), problem_pddl("p", maze))
        plan = shortest_plan(maze)
        assert plan is not None and bfs(task).length == len(plan)
        assert validate_plan(task, ground_plan(maze, plan)).valid
        for _ in range(60):
            moves = "".join(rng.choice("LRUD") for _ in range(rng.randint(0, 12)))
            outcome = play(maze, moves)
            played = moves[: outcome.steps]  # the simulation stops at the goal or a hole
            checked = validate_plan(task, ground_plan(maze, played))
            assert checked.valid == (outcome.end == "goal"), (maze, moves)


def test_after_a_fall_nothing_applies_and_edges_are_no_ops() -> None:
    maze = Maze(3, (0, 0), (2, 2), frozenset({(0, 1)}))
    task = parse_task(domain_pddl(), problem_pddl("p", maze))
    fallen = validate_plan(task, ground_plan(maze, "RD"))
    assert fallen.reason is FailureReason.INAPPLICABLE_ACTION and fallen.failed_step == 1
    bumped = validate_plan(task, ground_plan(maze, "ULDDRR"))
    assert ground_plan(maze, "U") == ["(bump-up r1c1)"] and bumped.valid
