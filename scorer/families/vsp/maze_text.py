"""The maze's two text forms, as VSP writes them: the table (``@`` player, ``#`` hole,
``_`` land, ``*`` goal, ``%`` the player on the goal) and the pure text ("This is a 5x5
map. The player is at: row 4, column 2; ..."), and reading a table back."""

from __future__ import annotations

from scorer.families.vsp.maze import Cell, Maze

PLAYER, HOLE, LAND, GOAL, PLAYER_ON_GOAL = "@", "#", "_", "*", "%"


def symbol(maze: Maze, cell: Cell) -> str:
    if cell == maze.player:
        return PLAYER_ON_GOAL if cell == maze.goal else PLAYER
    if cell == maze.goal:
        return GOAL
    return HOLE if cell in maze.holes else LAND


def table_text(maze: Maze) -> str:
    header = "| | " + " | ".join(f"Col {c + 1}" for c in range(maze.size)) + " |"
    rows = [
        f"| Row {r + 1} | " + " | ".join(symbol(maze, (r, c)) for c in range(maze.size)) + " |"
        for r in range(maze.size)
    ]
    return "\n".join([header, *rows])


def where(cell: Cell, capital: bool = False) -> str:
    """``(0, 1)`` -> "row 1, column 2" (VSP's 1-based words)."""
    row, column = ("Row", "Column") if capital else ("row", "column")
    return f"{row} {cell[0] + 1}, {column} {cell[1] + 1}"


def pure_text(maze: Maze) -> str:
    holes = sorted(maze.holes)
    hole_line = (
        "The hole(s) are at: " + "; ".join(where(h, capital=True) for h in holes) + ";"
        if holes
        else "There is no holes in this map;"  # VSP's wording, kept so both texts match
    )
    return "\n".join(
        (
            f"This is a {maze.size}x{maze.size} map.",
            f"The player is at: {where(maze.player)};",
            hole_line,
            f"The goal is at: {where(maze.goal, capital=True)}.",
        )
    )


def parse_table(text: str) -> Maze:
    """A maze from its table form; a ValueError names the first thing wrong."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise ValueError("empty maze table")
    grid = [[cell.strip() for cell in line.strip("|").split("|")[1:]] for line in lines[1:]]
    size = len(grid)
    if size == 0 or any(len(row) != size for row in grid):
        raise ValueError(f"maze table is not square: {[len(row) for row in grid]} columns in {size} rows")
    player = goal = None
    holes = set()
    for r, row in enumerate(grid):
        for c, mark in enumerate(row):
            if mark in (PLAYER, PLAYER_ON_GOAL):
                player = (r, c)
            if mark in (GOAL, PLAYER_ON_GOAL):
                goal = (r, c)
            if mark == HOLE:
                holes.add((r, c))
            if mark not in (PLAYER, HOLE, LAND, GOAL, PLAYER_ON_GOAL):
                raise ValueError(f"unknown maze symbol {mark!r} at row {r + 1}, column {c + 1}")
    if player is None or goal is None:
        raise ValueError("maze table has no player (@) or no goal (*)")
    return Maze(size, player, goal, frozenset(holes))
