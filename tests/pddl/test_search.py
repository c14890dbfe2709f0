"""State-space enumeration, exact goal distances, BFS / A*, random walks."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable

import pytest

from scorer.pddl import (
    IncompleteSpaceError,
    Task,
    astar,
    bfs,
    parse_task,
    random_walk,
    reachable_states,
    validate_plan,
)

ProblemMaker = Callable[[int, int, int], str]


def _task(domain: str, make: ProblemMaker, blocks: int, columns: int, seed: int = 0) -> Task:
    return parse_task(domain, make(blocks, columns, seed))


def _layouts(blocks: int, columns: int) -> int:
    # n! orderings times C(n+k-1, k-1) ways to cut them into k columns
    return math.factorial(blocks) * math.comb(blocks + columns - 1, columns - 1)


@pytest.mark.parametrize(("blocks", "columns"), [(3, 4), (5, 5)])
def test_reachable_count_matches_formula(
    blocksworld_domain: str, make_blocksworld_problem: ProblemMaker, blocks: int, columns: int
) -> None:
    task = _task(blocksworld_domain, make_blocksworld_problem, blocks, columns)
    space = reachable_states(task)
    assert (
        space.complete and len(space) == _layouts(blocks, columns) == {(3, 4): 120, (5, 5): 15_120}[(blocks, columns)]
    )
    assert space.dist[task.init] == 0
    other = random.Random(1).choice(list(space.dist))
    assert len(reachable_states(task, start=other)) == len(space)  # the space is strongly connected


def test_goal_distances_satisfy_bellman_equation(
    blocksworld_domain: str, make_blocksworld_problem: ProblemMaker
) -> None:
    task = _task(blocksworld_domain, make_blocksworld_problem, 3, 4, seed=3)
    space = reachable_states(task)
    distance = space.goal_distances()
    assert len(distance) == len(space)  # every layout can reach the goal
    for state, h in distance.items():
        successors = task.successor_states(state)
        expected = 0 if task.is_goal(state) else 1 + min(distance[child] for child in successors)
        assert h == expected


def test_goal_distances_match_bfs_from_sampled_states(
    blocksworld_domain: str, make_blocksworld_problem: ProblemMaker
) -> None:
    task = _task(blocksworld_domain, make_blocksworld_problem, 5, 5, seed=11)
    space = reachable_states(task)
    distance = space.goal_distances()
    for state in random.Random(5).sample(space.order, 6) + [task.init]:
        result = bfs(task, start=state)
        assert result.complete and result.length == distance[state]
        assert validate_plan(task, result.plan or [], start=state).valid


def test_hard_problem_optimum_is_nine(blocksworld_domain: str, hard_problem: str) -> None:
    task = parse_task(blocksworld_domain, hard_problem)
    result = bfs(task)
    assert result.length == 9 and result.complete
    assert validate_plan(task, result.plan or []).valid
    assert astar(task).length == 9


def test_astar_with_perfect_and_zero_heuristics(
    blocksworld_domain: str, make_blocksworld_problem: ProblemMaker
) -> None:
    task = _task(blocksworld_domain, make_blocksworld_problem, 5, 5, seed=2)
    distance = reachable_states(task).goal_distances()
    optimum = bfs(task).length
    blind = astar(task)
    perfect = astar(task, heuristic=lambda state: distance.get(state, math.inf))
    assert blind.length == perfect.length == optimum
    assert perfect.expanded == optimum  # straight down an optimal path
    assert validate_plan(task, perfect.plan or []).valid


@pytest.mark.parametrize("seed", range(4))
def test_a_bounded_astar_finds_what_the_unbounded_one_finds_within_the_bound(
    blocksworld_domain: str, make_blocksworld_problem: ProblemMaker, seed: int
) -> None:
    """Household generation bounds its searches by the band: a draw within it must come out as
    unbounded (same plan, same expansions: the dataset's problems depend on it), one past it
    with no plan, an incomplete search, after fewer expansions."""
    task = _task(blocksworld_domain, make_blocksworld_problem, 5, 5, seed=seed)
    misplaced = _misplaced(task)
    free = astar(task, heuristic=misplaced)
    assert free.length is not None and free.length == bfs(task).length  # the heuristic is admissible
    assert astar(task, heuristic=misplaced, max_length=free.length) == free
    assert astar(task, heuristic=misplaced, max_length=free.length + 3) == free
    short = astar(task, heuristic=misplaced, max_length=free.length - 1)
    assert short.plan is None and not short.complete and short.expanded <= free.expanded
    capped = astar(task, heuristic=misplaced, max_states=20, max_length=free.length)
    assert capped == astar(task, heuristic=misplaced, max_states=20)  # bounded states count against the cap


def _misplaced(task: Task) -> Callable[[int], float]:
    """Blocks not yet in their goal column: admissible, since a move changes one block's column."""
    columns = sum(1 << task.atom_index[atom] for atom in task.goal_atoms()[0] if atom.startswith("(incolumn "))
    return lambda state: (columns & ~state).bit_count()


def test_unsolvable_and_capped_searches(blocksworld_domain: str, make_blocksworld_problem: ProblemMaker) -> None:
    problem = make_blocksworld_problem(3, 4, 0)
    impossible = re.sub(r"\(:goal \(and .*\)\)\)", "(:goal (and (on b1 b1))))", problem)
    task = parse_task(blocksworld_domain, impossible)
    exhausted = bfs(task)
    assert exhausted.plan is None and exhausted.complete and exhausted.expanded == 120
    assert astar(task).plan is None
    capped = bfs(task, max_states=50)
    assert capped.plan is None and not capped.complete
    assert not astar(task, max_states=50).complete
    space = reachable_states(task, cap=50)
    assert not space.complete and len(space) == 50
    with pytest.raises(IncompleteSpaceError):
        space.goal_distances()
    assert reachable_states(task).goal_distances() == {}  # no state reaches the goal


def test_search_from_a_goal_state(blocksworld_domain: str, make_blocksworld_problem: ProblemMaker) -> None:
    task = _task(blocksworld_domain, make_blocksworld_problem, 3, 4)
    goal_state = reachable_states(task).goal_states()[0]
    assert bfs(task, start=goal_state).plan == []
    assert astar(task, start=goal_state).length == 0


def test_gripper_bfs_plan_is_valid(gripper: tuple[str, str]) -> None:
    task = parse_task(*gripper)
    result = bfs(task)
    assert result.plan is not None and validate_plan(task, result.plan).valid
    assert astar(task).length == result.length


def test_random_walk_is_reproducible_and_valid(blocksworld_domain: str, hard_problem: str) -> None:
    task = parse_task(blocksworld_domain, hard_problem)
    walk = random_walk(task, 30, random.Random(4))
    assert walk == random_walk(task, 30, random.Random(4)) and len(walk) == 30
    check = validate_plan(task, walk)
    assert check.steps_executed == 30 and check.failed_step is None
