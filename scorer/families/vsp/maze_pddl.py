"""The maze in PDDL, so the planners and the ACP question kinds apply to it.

One action per direction, ``(move-left ?from ?to)`` and so on, with static adjacency
(``(adjacent-left ?from ?to)``: ``?to`` is the cell just left of ``?from``). Stepping
into a hole is a conditional effect that deletes ``(alive)``, and every action needs
``(alive)``: after a fall nothing applies (the dead state). A move off the edge is
its own action, ``(bump-left ?c)`` for a cell on the left edge, with no effect: the
player stays where it is, as VSP's rules say. The goal is ``(at <goal cell>)`` and
``(alive)``.

Cell objects are ``r<row>c<column>``, 1-based as VSP counts (``r1c1`` is top left).
"""

from __future__ import annotations

from scorer.families.vsp.maze import MOVES, Cell, Maze
from scorer.pddl import problem_text

DOMAIN_NAME = "maze"
DIRECTIONS = {"L": "left", "R": "right", "U": "up", "D": "down"}


def _move_schema(direction: str) -> str:
    return f"""
  (:action move-{direction}
    :parameters (?from - cell ?to - cell)
    :precondition (and (alive) (at ?from) (adjacent-{direction} ?from ?to))
    :effect (and (at ?to) (not (at ?from)) (when (hole ?to) (not (alive)))))
  (:action bump-{direction}
    :parameters (?c - cell)
    :precondition (and (alive) (at ?c) (edge-{direction} ?c))
    :effect (and))"""


DOMAIN_PDDL = (
    """;; The maze of VSP (frozen-lake navigation): a player moves left, right, up or down on a
;; grid of cells; a move off the edge does nothing; stepping into a hole is defeat.
(define (domain maze)
  (:requirements :strips :typing :conditional-effects)
  (:types cell)
  (:predicates
    (at ?c - cell)
    (hole ?c - cell)
    (alive)"""
    + "".join(f"\n    (adjacent-{d} ?from - cell ?to - cell)\n    (edge-{d} ?c - cell)" for d in DIRECTIONS.values())
    + ")"
    + "".join(_move_schema(d) for d in DIRECTIONS.values())
    + ")\n"
)


def domain_pddl() -> str:
    return DOMAIN_PDDL


def cell_object(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def problem_pddl(name: str, maze: Maze) -> str:
    """The maze as a problem: the player's cell, the holes, the grid's adjacency and
    edges in :init; reaching the goal alive as the goal."""
    objects = [("cell", [cell_object(c) for c in maze.cells()])]
    init = ["(alive)", _atom("at", maze.player)] + [_atom("hole", h) for h in sorted(maze.holes)]
    for letter, direction in DIRECTIONS.items():
        for cell in maze.cells():
            target = maze.step(cell, letter)
            if target == cell:
                init.append(_atom(f"edge-{direction}", cell))
            else:
                init.append(_atom(f"adjacent-{direction}", cell, target))
    return problem_text(name, DOMAIN_NAME, objects, init, [_atom("at", maze.goal), "(alive)"])


def ground_action(maze: Maze, cell: Cell, move: str) -> str:
    """The ground action a move letter is when the player stands on ``cell``."""
    direction = DIRECTIONS[move]
    target = maze.step(cell, move)
    if target == cell:
        return f"(bump-{direction} {cell_object(cell)})"
    return f"(move-{direction} {cell_object(cell)} {cell_object(target)})"


def ground_plan(maze: Maze, moves: str) -> list[str]:
    """The moves as ground actions, following the player from its cell."""
    actions, cell = [], maze.player
    for move in moves:
        actions.append(ground_action(maze, cell, move))
        cell = maze.step(cell, move)
    return actions


def _atom(head: str, *cells: Cell) -> str:
    return "(" + " ".join((head, *(cell_object(c) for c in cells))) + ")"


assert set(DIRECTIONS) == set(MOVES)
