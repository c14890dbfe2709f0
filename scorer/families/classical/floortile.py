"""Floortile: robots paint a checkerboard on a grid of floor tiles."""

from __future__ import annotations

import random

from ._gen import Cell, atom, pick, prefixed_text, problem_pddl
from .base import ClassicalDomain

# Move actions are move-up etc., not up etc.: unified-planning rejects an action
# that shares its name with a predicate (the adjacency predicates are up/down/...).
DOMAIN_PDDL = """\
(define (domain floortile)
  (:requirements :strips :typing :equality)
  (:types robot tile color)
  (:predicates
    (robot-at ?r - robot ?x - tile)
    (up ?x - tile ?y - tile)
    (down ?x - tile ?y - tile)
    (right ?x - tile ?y - tile)
    (left ?x - tile ?y - tile)
    (clear ?x - tile)
    (painted ?x - tile ?c - color)
    (robot-has ?r - robot ?c - color)
    (available-color ?c - color))
  ; switching to the color already loaded would change nothing
  (:action change-color
    :parameters (?r - robot ?c - color ?c2 - color)
    :precondition (and (robot-has ?r ?c) (available-color ?c2) (not (= ?c ?c2)))
    :effect (and (robot-has ?r ?c2) (not (robot-has ?r ?c))))
  (:action paint-up
    :parameters (?r - robot ?x - tile ?y - tile ?c - color)
    :precondition (and (robot-at ?r ?x) (up ?y ?x) (clear ?y) (robot-has ?r ?c))
    :effect (and (painted ?y ?c) (not (clear ?y))))
  (:action paint-down
    :parameters (?r - robot ?x - tile ?y - tile ?c - color)
    :precondition (and (robot-at ?r ?x) (down ?y ?x) (clear ?y) (robot-has ?r ?c))
    :effect (and (painted ?y ?c) (not (clear ?y))))
  (:action move-up
    :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (up ?y ?x) (clear ?y))
    :effect (and (robot-at ?r ?y) (clear ?x) (not (robot-at ?r ?x)) (not (clear ?y))))
  (:action move-down
    :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (down ?y ?x) (clear ?y))
    :effect (and (robot-at ?r ?y) (clear ?x) (not (robot-at ?r ?x)) (not (clear ?y))))
  (:action move-right
    :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (right ?y ?x) (clear ?y))
    :effect (and (robot-at ?r ?y) (clear ?x) (not (robot-at ?r ?x)) (not (clear ?y))))
  (:action move-left
    :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (left ?y ?x) (clear ?y))
    :effect (and (robot-at ?r ?y) (clear ?x) (not (robot-at ?r ?x)) (not (clear ?y)))))
"""

DESCRIPTION = (
    "This is a floortile domain. Robots stand on the tiles of a rectangular floor and must paint "
    "a checkerboard pattern of black and white on all rows but the bottom one. Tile tR-C is in "
    "row R (row 0 is at the bottom) and column C (column 1 is on the left). A robot can move one "
    "tile up, down, left or right, but only onto a clear tile: a tile is clear when no robot "
    "stands on it and it has not been painted. Each robot carries a spray gun loaded with one "
    "color and can switch to any other available color. A robot can only paint the clear tile "
    "directly above it or directly below it, never the tile it stands on, and a painted tile can "
    "neither be repainted nor stepped on."
)

ATOM_TEMPLATES = {
    "robot-at": "{0} is on {1}",
    "up": "{0} is directly above {1}",
    "down": "{0} is directly below {1}",
    "right": "{0} is directly to the right of {1}",
    "left": "{0} is directly to the left of {1}",
    "clear": "{0} is clear",
    "painted": "{0} is painted {1}",
    "robot-has": "{0} holds the color {1}",
    "available-color": "the color {0} is available",
}

ACTION_TEMPLATES = {
    "change-color": "have {0} switch from color {1} to color {2}",
    "paint-up": "have {0} on {1} paint {2} above it {3}",
    "paint-down": "have {0} on {1} paint {2} below it {3}",
    "move-up": "move {0} up from {1} to {2}",
    "move-down": "move {0} down from {1} to {2}",
    "move-right": "move {0} right from {1} to {2}",
    "move-left": "move {0} left from {1} to {2}",
}

COLORS = ("white", "black")

# Size 0 lists (rows, columns, robots) rather than ranges: the reachable space
# grows fast (2-2-2: 8,568 states, 2-3-1: 58,482, 2-3-2: 410,400, over the cap).
SMALL = [(1, 2, 1), (1, 2, 2), (1, 3, 1), (1, 3, 2), (2, 2, 1), (2, 2, 2)]
BANDS = [
    {},  # size 0 draws from SMALL
    {"rows": [2, 3], "columns": [3, 4], "robots": [2]},
    {"rows": [4, 5, 6], "columns": [4, 5, 6], "robots": [2, 3]},
]


def tile(cell: Cell) -> str:
    return f"t{cell[0]}-{cell[1]}"


def adjacency(rows: int, columns: int) -> list[str]:
    """up/down/right/left facts over tiles tR-C, R in 0..rows, C in 1..columns."""
    facts = []
    for r in range(rows + 1):
        for c in range(1, columns + 1):
            if r < rows:
                facts += [atom("up", tile((r + 1, c)), tile((r, c))), atom("down", tile((r, c)), tile((r + 1, c)))]
            if c < columns:
                facts += [atom("right", tile((r, c + 1)), tile((r, c))), atom("left", tile((r, c)), tile((r, c + 1)))]
    return facts


def generate(rng: random.Random, size: int) -> str:
    """Robots in distinct columns, each on a random row, with random colors and
    nothing painted; the goal paints rows 1..R as a checkerboard.

    Distinct columns make every instance solvable: each robot walks straight
    down to row 0; then each one takes the columns from its own up to the next
    robot's (the first one also those left of it), and paints each column from
    the top down while backing down it, returning to row 0, where it can reach
    its next column since row 0 is never painted and no other robot crosses it.
    """
    params = pick(rng, size, BANDS)  # also rejects unknown sizes
    if size == 0:
        params = dict(zip(("rows", "columns", "robots"), rng.choice(SMALL)))
    rows, columns = params["rows"], params["columns"]
    cells = [(r, c) for r in range(rows + 1) for c in range(1, columns + 1)]
    robots = [f"robot{i}" for i in range(1, params["robots"] + 1)]
    columns_taken = rng.sample(range(1, columns + 1), len(robots))
    spots = {robot: (rng.randrange(rows + 1), c) for robot, c in zip(robots, columns_taken)}
    init = [atom("available-color", color) for color in COLORS]
    init += [atom("robot-at", r, tile(spots[r])) for r in robots]
    init += [atom("robot-has", r, rng.choice(COLORS)) for r in robots]
    init += [atom("clear", tile(cell)) for cell in cells if cell not in spots.values()]
    init += adjacency(rows, columns)
    goal = [atom("painted", tile((r, c)), COLORS[(r + c) % 2]) for r, c in cells if r > 0]
    return problem_pddl(
        f"floortile-{rows}-{columns}-{len(robots)}",
        "floortile",
        [("robot", robots), ("tile", [tile(cell) for cell in cells]), ("color", list(COLORS))],
        init,
        goal,
    )


FLOORTILE = ClassicalDomain(
    name="floortile",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
    object_text=prefixed_text({"t": "tile"}),
    # lama-first ran the large problems of seeds 0 and 1 to the build's 1,024 MB bound (184 s
    # and more): dead ends its heuristic does not see (docs/scale.md).
    planner_max_size=1,
)
