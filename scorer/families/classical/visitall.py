"""Visitall: a robot must step on every available cell of a grid."""

from __future__ import annotations

import random

from ._gen import Cell, atom, grid_neighbours, is_connected, pick, prefixed_text, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain visitall)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates
    (robot-at ?x - cell)
    (connected ?x - cell ?y - cell)
    (visited ?x - cell))
  (:action move
    :parameters (?from - cell ?to - cell)
    :precondition (and (robot-at ?from) (connected ?from ?to))
    :effect (and (robot-at ?to) (visited ?to) (not (robot-at ?from)))))
"""

DESCRIPTION = (
    "This is a visitall domain. A robot stands on a rectangular grid of cells, some of which are "
    "missing. Cell xI-yJ is in column I and row J, and the robot can move in one step between "
    "cells that are horizontally or vertically adjacent and both available. Every cell the robot "
    "enters is marked as visited, and so is the cell it starts on. The goal is to visit every "
    "available cell; cells may be visited any number of times."
)

ATOM_TEMPLATES = {
    "robot-at": "the robot is at {0}",
    "connected": "{0} is connected to {1}",
    "visited": "{0} has been visited",
}

ACTION_TEMPLATES = {
    "move": "move the robot from {0} to {1}",
}

# size 0: at most 12 cells, so at most 12 * 2^11 = 24,576 states
BANDS = [
    {"x": [3, 4], "y": [3], "holes": [0, 1]},
    {"x": [4, 5], "y": [4, 5], "holes": [0, 1, 2, 3]},
    {"x": [7, 8, 10], "y": [7, 8, 10], "holes": [2, 4, 8]},
]


def cell(c: Cell) -> str:
    return f"x{c[0]}-y{c[1]}"


def generate(rng: random.Random, size: int) -> str:
    """Holes are redrawn until the remaining cells are connected, so every
    instance is solvable; the robot starts on a random cell."""
    params = pick(rng, size, BANDS)
    grid = [(x, y) for x in range(params["x"]) for y in range(params["y"])]
    holes = set(rng.sample(grid, params["holes"]))
    while not is_connected(set(grid) - holes):
        holes = set(rng.sample(grid, params["holes"]))
    cells = [c for c in grid if c not in holes]
    start = rng.choice(cells)
    init = [atom("robot-at", cell(start)), atom("visited", cell(start))]
    init += [atom("connected", cell(c), cell(n)) for c in cells for n in grid_neighbours(c, set(cells))]
    return problem_pddl(
        f"visitall-x{params['x']}-y{params['y']}-u{params['holes']}",
        "visitall",
        [("cell", [cell(c) for c in cells])],
        init,
        [atom("visited", cell(c)) for c in cells],
    )


VISITALL = ClassicalDomain(
    name="visitall",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
    object_text=prefixed_text({"x": "cell"}),
)
