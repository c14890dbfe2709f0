"""Sliding geom puzzle: boards, moves, A* against BFS, the PDDL domain, the generator."""

from __future__ import annotations

import random
import re
import time

import pytest

from scorer.families.slidegeom.board import ALL_GEOMS, Board, Geom, Placement, manhattan_sum
from scorer.families.slidegeom.generate import DIFFICULTIES, generate_boards
from scorer.families.slidegeom.pddl import (
    ACTION_TEMPLATES,
    domain_pddl,
    move_action,
    move_of_action,
    object_text,
    placement_of_atoms,
    problem_pddl,
)
from scorer.families.slidegeom.search import (
    IllegalMoveError,
    apply_move,
    apply_moves,
    bfs_solve,
    distance,
    legal_moves,
    solve,
)
from scorer.pddl import bfs, parse_task, validate_plan

RED_CUBE, BLUE_SPHERE, GREEN_PYRAMID = Geom("red", "cube"), Geom("blue", "sphere"), Geom("green", "pyramid")


def random_board(rng: random.Random, size: int, n_geoms: int, walk: int) -> Board:
    """A goal and a start reached from it by ``walk`` random legal moves."""
    cells = [(x, y) for x in range(size) for y in range(size)]
    goal = tuple(rng.sample(cells, n_geoms))
    start: Placement = goal
    for _ in range(walk):
        start = apply_move(size, start, rng.choice(legal_moves(size, start)))
    return Board(size, tuple(rng.sample(ALL_GEOMS, n_geoms)), start, goal)


# -- board ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("geoms", "start", "message"),
    [
        ((RED_CUBE, RED_CUBE), ((0, 0), (1, 0)), "appears twice"),
        ((RED_CUBE, Geom("orange", "cube")), ((0, 0), (1, 0)), "unknown geom 'orange cube'"),
        ((RED_CUBE, BLUE_SPHERE), ((0, 0), (0, 0)), "start: two geoms on one cell"),
        ((RED_CUBE, BLUE_SPHERE), ((0, 0), (4, 0)), "start: cell (4, 0) is off the 4x4 board"),
        ((RED_CUBE, BLUE_SPHERE), ((0, 0),), "start: 1 cells for 2 geoms"),
    ],
)
def test_board_rejects_what_is_not_a_board(geoms: tuple[Geom, ...], start: Placement, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        Board(4, geoms, start, ((0, 0), (1, 0)))


def test_index_of_finds_geoms_on_the_board_only() -> None:
    board = Board(4, (RED_CUBE, BLUE_SPHERE), ((0, 0), (1, 0)), ((0, 1), (1, 1)))
    assert board.index_of(BLUE_SPHERE) == 1
    assert board.index_of(GREEN_PYRAMID) is None


# -- moves ---------------------------------------------------------------------------


def test_legal_moves_respect_edges_and_occupied_cells() -> None:
    # red cube in the bottom-left corner, blue sphere just right of it
    placement = ((0, 0), (1, 0))
    assert legal_moves(4, placement) == [(0, "up"), (1, "right"), (1, "up")]


def test_apply_move_shifts_one_geom_and_refuses_illegal_moves() -> None:
    placement = ((0, 0), (1, 0))
    assert apply_move(4, placement, (0, "up")) == ((0, 1), (1, 0))
    with pytest.raises(IllegalMoveError, match="leaves the 4x4 board"):
        apply_move(4, placement, (0, "left"))
    with pytest.raises(IllegalMoveError, match="occupied"):
        apply_move(4, placement, (0, "right"))


# -- A* ------------------------------------------------------------------------------


def test_astar_is_optimal_against_breadth_first_search() -> None:
    rng = random.Random("astar-vs-bfs")
    for _ in range(40):
        size = rng.choice([3, 4])
        board = random_board(rng, size, rng.randint(2, size * size - 3), rng.randint(0, 9))
        moves = solve(size, board.start, board.goal)
        reference = bfs_solve(size, board.start, board.goal)
        assert moves is not None and reference is not None
        assert len(moves) == len(reference)
        assert len(moves) >= manhattan_sum(board.start, board.goal)
        assert apply_moves(size, board.start, moves) == board.goal


def test_every_legal_move_changes_the_distance_by_exactly_one() -> None:
    rng = random.Random("bipartite")
    for _ in range(15):
        board = random_board(rng, 4, rng.randint(2, 11), rng.randint(2, 8))
        here = distance(4, board.start, board.goal)
        for move in legal_moves(4, board.start):
            there = distance(4, apply_move(4, board.start, move), board.goal)
            assert abs(there - here) == 1


def test_swapping_neighbours_costs_two_extra_moves() -> None:
    # Manhattan sum 2, but one geom must step aside: interference 1.
    assert distance(4, ((0, 0), (1, 0)), ((1, 0), (0, 0))) == 4


def test_solved_board_needs_no_moves() -> None:
    assert solve(4, ((0, 0), (3, 3)), ((0, 0), (3, 3))) == ()


def test_unreachable_goal_is_none_and_distance_refuses_it() -> None:
    # 3 geoms on 2x2 can only rotate: swapping two of them is unreachable.
    start, goal = ((0, 0), (1, 0), (0, 1)), ((1, 0), (0, 0), (0, 1))
    assert solve(2, start, goal) is None
    assert bfs_solve(2, start, goal) is None
    with pytest.raises(ValueError, match="cannot be reached"):
        distance(2, start, goal)


def test_search_rejects_bad_placements() -> None:
    with pytest.raises(ValueError, match="two geoms on one cell"):
        solve(4, ((0, 0), (0, 0)), ((0, 1), (1, 1)))


# -- PDDL ----------------------------------------------------------------------------


def small_boards() -> list[Board]:
    rng = random.Random("pddl")
    boards = [random_board(rng, 3, n, walk) for n, walk in ((2, 6), (3, 8), (4, 10), (5, 12))]
    # interference: the swap above, on 3x3
    boards.append(Board(3, (RED_CUBE, BLUE_SPHERE), ((0, 0), (1, 0)), ((1, 0), (0, 0))))
    return boards


@pytest.mark.parametrize("board", small_boards(), ids=lambda b: f"{len(b.geoms)}geoms")
def test_pddl_bfs_agrees_with_native_astar(board: Board) -> None:
    task = parse_task(domain_pddl(), problem_pddl("p", board, board.start))
    moves = solve(board.size, board.start, board.goal)
    assert moves is not None
    result = bfs(task)
    assert result.length == len(moves)
    plan, placement = [], board.start
    for move in moves:
        plan.append(move_action(board, placement, move))
        placement = apply_move(board.size, placement, move)
    assert validate_plan(task, plan).valid


@pytest.mark.parametrize("board", small_boards()[:3], ids=lambda b: f"{len(b.geoms)}geoms")
def test_native_moves_are_exactly_the_applicable_pddl_actions(board: Board) -> None:
    task = parse_task(domain_pddl(), problem_pddl("p", board, board.start))
    rng = random.Random("applicable")
    placement, state = board.start, task.init
    for _ in range(12):
        native = {move_action(board, placement, m): m for m in legal_moves(board.size, placement)}
        applicable = {a.name for a in task.applicable(state)}
        assert set(native) == applicable
        action = rng.choice(sorted(applicable))
        assert move_of_action(board, action) == native[action]
        placement = apply_move(board.size, placement, native[action])
        state = task.successor(state, action)
        assert placement_of_atoms(board, task.true_atoms(state)) == placement


def test_pddl_names_read_naturally() -> None:
    board = Board(4, (RED_CUBE, BLUE_SPHERE), ((1, 0), (3, 3)), ((0, 0), (3, 3)))
    action = move_action(board, board.start, (0, "left"))
    assert action == "(move-left red_cube b1 a1)"
    schema, *args = action.strip("()").split()
    assert ACTION_TEMPLATES[schema].format(*map(object_text, args)) == "move the red cube left from B1 to A1"
    problem = problem_pddl("p", board, board.start)
    assert "(free a1)" in problem and "(adjacent-left b1 a1)" in problem and "(at blue_sphere d4)" in problem


# -- generator -----------------------------------------------------------------------


def test_standard_set_is_the_papers_grid_with_no_interference() -> None:
    started = time.process_time()
    problems = generate_boards("standard", 0, per_cell=3)
    assert time.process_time() - started < 20.0
    assert len(problems) == 300
    assert len({p.board for p in problems}) == 300
    assert {(len(p.board.geoms), p.optimal_length) for p in problems} == set(DIFFICULTIES["standard"].cells())
    for problem in problems:
        assert problem.manhattan == problem.optimal_length and problem.interference == 0
        assert len(set(problem.board.geoms)) == len(problem.board.geoms)
        assert apply_moves(4, problem.board.start, problem.optimal_moves) == problem.board.goal


def test_hard_boards_have_interference() -> None:
    cells = [(3, 6), (7, 9), (11, 11)]
    for problem in generate_boards("hard", 0, per_cell=1, cells=cells):
        assert problem.interference >= 1
        assert problem.optimal_length == distance(4, problem.board.start, problem.board.goal)
        assert problem.optimal_length == problem.manhattan + 2 * problem.interference
    assert len(DIFFICULTIES["hard"].cells()) == 30


def test_generation_is_deterministic_and_independent_of_the_other_cells() -> None:
    first = generate_boards("standard", "s", per_cell=2, cells=[(4, 7)])
    assert generate_boards("standard", "s", per_cell=2, cells=[(4, 7)]) == first
    assert generate_boards("standard", "s", per_cell=2, cells=[(2, 2), (4, 7)])[2:] == first
    assert generate_boards("standard", "t", per_cell=2, cells=[(4, 7)]) != first


def test_generator_rejects_cells_outside_the_grid() -> None:
    with pytest.raises(ValueError, match="not a"):
        generate_boards("hard", 0, per_cell=1, cells=[(2, 2)])
