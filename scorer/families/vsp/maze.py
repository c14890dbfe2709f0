"""The maze (VSP's frozen-lake navigation): an n x n grid with a player, a goal and holes.

Cells are (row, column), 0-based, row 0 at the top, as VSP counts them (its text says
"Row 1, Column 1" for our (0, 0)). A move is L, R, U or D; a move off the edge leaves
the player where it is; stepping into a hole is defeat; reaching the goal is victory,
and VSP's scorer ignores any move after it (VSP, appendix A, "Moving Rules").
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

Cell = tuple[int, int]
MOVES: dict[str, Cell] = {"L": (0, -1), "R": (0, 1), "U": (-1, 0), "D": (1, 0)}
MOVE_WORDS = {"L": "Left", "R": "Right", "U": "Up", "D": "Down"}
SIZES = tuple(range(3, 9))  # VSP's levels 3..8


@dataclass(frozen=True)
class Maze:
    size: int
    player: Cell
    goal: Cell
    holes: frozenset[Cell]

    def __post_init__(self) -> None:
        cells = (self.player, self.goal, *self.holes)
        if not all(self.inside(c) for c in cells):
            raise ValueError(f"a cell of {self} lies outside the {self.size}x{self.size} grid")
        if self.player in self.holes or self.goal in self.holes:
            raise ValueError("the player and the goal stand on land, not in a hole")

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.size) for c in range(self.size)]

    def step(self, cell: Cell, move: str) -> Cell:
        """Where ``move`` takes a player standing on ``cell`` (off the edge: nowhere)."""
        dr, dc = MOVES[move]
        target = (cell[0] + dr, cell[1] + dc)
        return target if self.inside(target) else cell


@dataclass(frozen=True)
class Outcome:
    """How a sequence of moves ends: ``end`` is "goal", "hole" or "stopped" (moves ran
    out elsewhere); ``steps`` counts the moves played up to that end."""

    end: str
    steps: int
    cell: Cell


def play(maze: Maze, moves: Iterable[str], stop_at_goal: bool = True) -> Outcome:
    """Play ``moves`` from the player's cell. A hole ends the play; so does the goal
    when ``stop_at_goal`` (the main task), while a safety check (T4) walks on."""
    cell, steps = maze.player, 0
    for move in moves:
        cell = maze.step(cell, move)
        steps += 1
        if cell in maze.holes:
            return Outcome("hole", steps, cell)
        if cell == maze.goal and stop_at_goal:
            return Outcome("goal", steps, cell)
    return Outcome("goal" if cell == maze.goal else "stopped", steps, cell)


def shortest_plan(maze: Maze) -> str | None:
    """A shortest safe plan as letters (BFS, moves tried in the order L R U D, so the
    plan is the same every time); None when no safe path exists."""
    parents: dict[Cell, tuple[Cell, str] | None] = {maze.player: None}
    frontier = deque([maze.player])
    while frontier:
        cell = frontier.popleft()
        if cell == maze.goal:
            return _path_to(parents, cell)
        for move in MOVES:
            target = maze.step(cell, move)
            if target not in parents and target not in maze.holes:
                parents[target] = (cell, move)
                frontier.append(target)
    return None


def _path_to(parents: dict[Cell, tuple[Cell, str] | None], cell: Cell) -> str:
    moves = []
    while (link := parents[cell]) is not None:
        cell, move = link
        moves.append(move)
    return "".join(reversed(moves))


def relative_position(maze: Maze) -> tuple[str, ...]:
    """The player's place relative to the goal in VSP's words (T2): Above or Below,
    then Left or Right; a direction is left out when they share that row or column."""
    (pr, pc), (gr, gc) = maze.player, maze.goal
    vertical = ("Above",) if pr < gr else ("Below",) if pr > gr else ()
    horizontal = ("Left",) if pc < gc else ("Right",) if pc > gc else ()
    return vertical + horizontal
