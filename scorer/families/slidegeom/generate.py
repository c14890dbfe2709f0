"""Seeded generator of sliding geom boards with a known optimal length (iVISPAR).

Two difficulties, each a grid of (number of geoms, optimal length) cells with
``per_cell`` boards per cell:

- ``standard``: the paper's set: geoms 2..11 x optimal length 2..11 = 100 cells, path
  interference 0 (the optimal length equals the sum of Manhattan distances). 3 per
  cell = 300 boards, as the paper's test set.
- ``hard``: geoms 3, 5, 7, 9, 11 x optimal length 6..11 = 30 cells, interference >= 1
  (the optimal length is at least 2 above the Manhattan sum: some geom must step out
  of another's way). 1 per cell = 30 boards.

Like iVISPAR's generator: sample the geoms (without replacement, from the 16 colour x
shape combinations) and a goal placement, then walk backwards from the goal to a start
at the wanted distance, and check the start with A*.

- standard: every step moves a geom one cell further from its own goal, so after L
  steps the Manhattan sum is L; it is a lower bound and the walk is a plan, so the
  optimal length is exactly L and the interference is 0 by construction.
- hard: every step must raise the A* distance by one; a step that raises it while
  lowering the Manhattan sum adds one unit of interference, and is preferred when one
  exists. A walk that ends at distance L without interference is thrown away.

Each board draws from its own ``random.Random`` seeded by a string naming the seed,
difficulty, cell and index, so a board never depends on which other boards are made.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from scorer.families.slidegeom.board import ALL_GEOMS, Board, Placement, manhattan_sum
from scorer.families.slidegeom.pddl import domain_pddl, problem_pddl
from scorer.families.slidegeom.search import Move, apply_move, distance, legal_moves, solve
from scorer.pddl import Task, parse_task

GridCell = tuple[int, int]  # (number of geoms, optimal length)
# Chance that a hard walk takes an interference-raising step when one exists: high
# enough that most walks end with interference, low enough that the blocking geoms
# still vary.
_INTERFERENCE_STEP_CHANCE = 0.6
_MAX_ATTEMPTS = 10_000


@dataclass(frozen=True)
class Difficulty:
    name: str
    geom_counts: tuple[int, ...]
    optimal_lengths: tuple[int, ...]
    min_interference: int
    max_interference: int | None  # None: no upper bound

    def cells(self) -> list[GridCell]:
        return [(n, length) for n in self.geom_counts for length in self.optimal_lengths]


DIFFICULTIES = {
    d.name: d
    for d in (
        Difficulty("standard", tuple(range(2, 12)), tuple(range(2, 12)), 0, 0),
        Difficulty("hard", (3, 5, 7, 9, 11), tuple(range(6, 12)), 1, None),
    )
}


@dataclass(frozen=True)
class SlideProblem:
    name: str
    difficulty: str
    seed: str  # the string the board's random.Random was seeded with
    board: Board
    optimal_moves: tuple[Move, ...]

    @property
    def optimal_length(self) -> int:
        return len(self.optimal_moves)

    @property
    def manhattan(self) -> int:
        return manhattan_sum(self.board.start, self.board.goal)

    @property
    def interference(self) -> int:
        """iVISPAR's complexity c2: (optimal length - Manhattan sum) / 2 (always whole)."""
        return (self.optimal_length - self.manhattan) // 2

    def pddl(self) -> str:
        return problem_pddl(self.name, self.board, self.board.start)

    def task(self) -> Task:
        return parse_task(domain_pddl(), self.pddl())


def generate_boards(
    difficulty: str, seed: str | int, per_cell: int, cells: Sequence[GridCell] | None = None, board_size: int = 4
) -> list[SlideProblem]:
    """``per_cell`` boards for each grid cell of the difficulty (or of ``cells``, a subset
    for small builds), ordered by geoms, then length, then index; no board twice."""
    spec = DIFFICULTIES[difficulty]
    chosen = spec.cells() if cells is None else list(cells)
    unknown = [c for c in chosen if c not in spec.cells()]
    if unknown:
        raise ValueError(f"{unknown[0]} is not a (geoms, length) cell of difficulty {difficulty!r}")
    taken: set[Board] = set()
    return [
        generate_board(spec, n_geoms, length, f"{seed}/{difficulty}/g{n_geoms}/len{length}/{index}", taken, board_size)
        for n_geoms, length in chosen
        for index in range(1, per_cell + 1)
    ]


def generate_board(
    spec: Difficulty, n_geoms: int, length: int, seed: str, taken: set[Board], board_size: int = 4
) -> SlideProblem:
    """One board of ``n_geoms`` geoms and optimal length ``length`` from ``seed``;
    ``taken`` holds the boards already made (the new one is added)."""
    rng = random.Random(seed)
    walk = _walk_away if spec.max_interference == 0 else _walk_with_interference
    for _ in range(_MAX_ATTEMPTS):
        geoms = tuple(rng.sample(ALL_GEOMS, n_geoms))
        cells = [(x, y) for x in range(board_size) for y in range(board_size)]
        goal = tuple(rng.sample(cells, n_geoms))
        start = walk(rng, board_size, goal, length)
        if start is None:
            continue
        board = Board(board_size, geoms, start, goal)
        problem = _checked(spec, board, seed, length)
        if problem is not None and board not in taken:
            taken.add(board)
            return problem
    raise RuntimeError(
        f"no {spec.name} board with {n_geoms} geoms and optimal length {length} on a {board_size}x{board_size} board"
    )


def _checked(spec: Difficulty, board: Board, seed: str, length: int) -> SlideProblem | None:
    """The problem when A* confirms the length and the interference is in range."""
    moves = solve(board.size, board.start, board.goal)
    assert moves is not None, "a start walked back from the goal reaches it"
    n_geoms = len(board.geoms)
    index = seed.rsplit("/", 1)[-1]
    name = f"sgp-{spec.name}-b{board.size}-g{n_geoms}-c1-{length}-i{index}"
    problem = SlideProblem(name, spec.name, seed, board, moves)
    too_high = spec.max_interference is not None and problem.interference > spec.max_interference
    if len(moves) != length or problem.interference < spec.min_interference or too_high:
        return None
    return problem


def _walk_away(rng: random.Random, board_size: int, goal: Placement, length: int) -> Placement | None:
    """``length`` random moves, each taking a geom one cell further from its goal; None
    when the walk gets stuck (no such move)."""
    placement = goal
    for _ in range(length):
        away = [m for m in legal_moves(board_size, placement) if _manhattan_change(placement, goal, m, board_size) > 0]
        if not away:
            return None
        placement = apply_move(board_size, placement, rng.choice(away))
    return placement


def _walk_with_interference(rng: random.Random, board_size: int, goal: Placement, length: int) -> Placement | None:
    """Random moves that each raise the A* distance by one, preferring those that lower
    the Manhattan sum (each adds one unit of interference)."""
    placement = goal
    for steps_taken in range(length):
        further = [
            m
            for m in legal_moves(board_size, placement)
            if distance(board_size, apply_move(board_size, placement, m), goal) == steps_taken + 1
        ]
        interfering = [m for m in further if _manhattan_change(placement, goal, m, board_size) < 0]
        if interfering and rng.random() < _INTERFERENCE_STEP_CHANCE:
            further = interfering
        if not further:
            return None
        placement = apply_move(board_size, placement, rng.choice(further))
    return placement


def _manhattan_change(placement: Placement, goal: Placement, move: Move, board_size: int) -> int:
    after = apply_move(board_size, placement, move)
    return manhattan_sum(after, goal) - manhattan_sum(placement, goal)
