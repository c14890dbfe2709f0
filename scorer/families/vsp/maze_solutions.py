"""Worked solutions for the in-context examples, in the shape of VSP's own example
answers (``<Interpret>`` ... ``<Output>``), written from the maze by our code."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.families.vsp.maze import MOVE_WORDS, Maze, relative_position
from scorer.families.vsp.maze_text import where


def holes_sentence(maze: Maze) -> str:
    holes = sorted(maze.holes)
    if not holes:
        return "There are no holes."
    cells = "; ".join(where(h) for h in holes)
    if len(holes) == 1:
        return f"There is 1 hole. It is at: {cells}."
    return f"There are {len(holes)} holes. They are at: {cells}."


def plan_solution(maze: Maze, plan: str) -> str:
    steps, checks, cell = [], [], maze.player
    for number, move in enumerate(plan, start=1):
        cell = maze.step(cell, move)
        at_goal = cell == maze.goal
        outcome = "This grid is the goal, so we stop here." if at_goal else "This grid is safe."
        steps.append(f"- Moving {MOVE_WORDS[move]} ({move}). The player is now at {where(cell)}. {outcome}")
        checks.append(f"{number}. {MOVE_WORDS[move]} to {where(cell)} ({'goal' if at_goal else 'safe'})")
    return "\n".join(
        [
            "<Interpret>",
            f"The player is at {where(maze.player)}, and the goal is at {where(maze.goal)}.",
            holes_sentence(maze),
            "<Action Plan>",
            *steps,
            "<Verification>",
            *checks,
            "<Output>",
            f"Action plan: {','.join(plan)}",
        ]
    )


def hole_solution(is_hole: bool) -> str:
    return f"<Output> {'Yes' if is_hole else 'No'}"


def relation_solution(maze: Maze) -> str:
    (pr, pc), (gr, gc) = maze.player, maze.goal
    rows = _compare_words(pr, gr, "above the goal", "below the goal", "row")
    columns = _compare_words(pc, gc, "to the left of the goal", "to the right of the goal", "column")
    row_line = (
        f"The player is at row {pr + 1}, and the goal is at row {gr + 1}. Rows count from top to bottom, so {rows}."
    )
    column_line = (
        f"The player is at column {pc + 1}, and the goal is at column {gc + 1}. "
        f"Columns count from left to right, so {columns}."
    )
    return "\n".join(["<Interpret>", row_line, column_line, f"<Output> {','.join(relative_position(maze))}"])


def _compare_words(player: int, goal: int, before: str, after: str, line: str) -> str:
    if player == goal:
        return f"they are in the same {line}"
    return f"the player is {before if player < goal else after}"


def choice_solution(maze: Maze, candidates: Sequence[Maze], answer: int) -> str:
    letters = "ABCD"
    sizes = " ".join(f"Candidate {letters[k]} is a {m.size}-by-{m.size} maze." for k, m in enumerate(candidates))
    same = [k for k, m in enumerate(candidates) if m.size == maze.size]
    lines = [
        "<Analysis>",
        "- First, we focus on the difference of the maze shape between the candidates and the input image.",
        f"- The input image is a {maze.size}-by-{maze.size} maze. {sizes}",
        f"- Only Candidates {' and '.join(letters[k] for k in same)} have the right size.",
        f"- In the image, the player is at {where(maze.player)}, the goal at {where(maze.goal)}. "
        + holes_sentence(maze),
    ]
    for k in same:
        if k != answer:
            lines.append(f"- Candidate {letters[k]} differs: {_difference(maze, candidates[k])}")
    lines += [f"- Candidate {letters[answer]} shows the same player, goal and holes.", f"<Answer> {letters[answer]}"]
    return "\n".join(lines)


def _difference(maze: Maze, other: Maze) -> str:
    if other.player != maze.player:
        return f"its player is at {where(other.player)}."
    if other.goal != maze.goal:
        return f"its goal is at {where(other.goal)}."
    return f"its holes are at other places ({holes_sentence(other)})"


def safety_solution(maze: Maze, moves: str) -> str:
    lines = [
        "<Analysis> At the beginning:",
        f"- The player is at {where(maze.player, capital=True)};",
        f"- {holes_sentence(maze)}",
    ]
    cell = maze.player
    for move in moves:
        before, cell = cell, maze.step(cell, move)
        lines.append(f"The current action is: {MOVE_WORDS[move]}")
        if cell == before:
            lines.append(
                f"The player is at the edge, so this move has no effect: the player stays at "
                f"{where(cell, capital=True)}, so we move to the next action."
            )
            continue
        if cell in maze.holes:
            lines.append(
                f"After this action, the player is at {where(cell, capital=True)}. There is a hole at this "
                "grid. Therefore, the action is not safe."
            )
            return "\n".join([*lines, "<Output> No"])
        lines.append(
            f"After this action, the player is at {where(cell, capital=True)}. There is no hole at this "
            "grid, so we move to the next action."
        )
    return "\n".join([*lines, "Every action is safe.", "<Output> Yes"])
