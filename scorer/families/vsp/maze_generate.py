"""Seeded maze generation, as VSP's appendix A.1 describes it.

- ``random_maze``: the player and the goal on two random cells, every other cell a hole
  with probability 0.2, redrawn until a safe path joins them (main task, T2, T3, T4).
- ``half_hole_maze``: T1's maps, redrawn so that holes fill half the cells (VSP:
  "safe and unsafe grids each comprise around 50%"; its maps have ceil(n*n/2) holes),
  so guessing "hole" or "land" everywhere gains nothing. VSP did not require a safe
  path on these maps (about 60% of theirs have none); ours always have one, so every
  maze we generate is solvable.
"""

from __future__ import annotations

import math
import random

from scorer.families.vsp.maze import Maze, shortest_plan

HOLE_PROBABILITY = 0.2
MAX_TRIES = 10_000  # a redraw succeeds within a few tries at every size; this only bounds a bug


def random_maze(size: int, rng: random.Random) -> Maze:
    for _ in range(MAX_TRIES):
        player, goal = rng.sample(_all_cells(size), 2)
        holes = frozenset(c for c in _all_cells(size) if c not in (player, goal) and rng.random() < HOLE_PROBABILITY)
        maze = Maze(size, player, goal, holes)
        if shortest_plan(maze) is not None:
            return maze
    raise RuntimeError(f"no solvable {size}x{size} maze in {MAX_TRIES} draws")


def half_hole_maze(size: int, rng: random.Random) -> Maze:
    n_holes = math.ceil(size * size / 2)
    for _ in range(MAX_TRIES):
        cells = _all_cells(size)
        rng.shuffle(cells)
        player, goal, holes = cells[0], cells[1], frozenset(cells[2 : 2 + n_holes])
        maze = Maze(size, player, goal, holes)
        if shortest_plan(maze) is not None:
            return maze
    raise RuntimeError(f"no solvable {size}x{size} maze with {n_holes} holes in {MAX_TRIES} draws")


def _all_cells(size: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(size) for c in range(size)]
