"""Gold miner: a robot digs through soft and hard rock on a grid to reach the gold."""

from __future__ import annotations

import random

from ._gen import Cell, atom, grid_neighbours, grid_region, pick, prefixed_text, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain goldminer)
  (:requirements :strips :typing)
  (:types loc)
  (:predicates
    (robot-at ?x - loc)
    (connected ?x - loc ?y - loc)
    (clear ?x - loc)
    (soft-rock-at ?x - loc)
    (hard-rock-at ?x - loc)
    (gold-at ?x - loc)
    (laser-at ?x - loc)
    (bomb-at ?x - loc)
    (arm-empty)
    (holds-laser)
    (holds-bomb)
    (holds-gold))
  (:action move
    :parameters (?x - loc ?y - loc)
    :precondition (and (robot-at ?x) (connected ?x ?y) (clear ?y))
    :effect (and (robot-at ?y) (not (robot-at ?x))))
  (:action pickup-laser
    :parameters (?x - loc)
    :precondition (and (robot-at ?x) (laser-at ?x) (arm-empty))
    :effect (and (holds-laser) (not (laser-at ?x)) (not (arm-empty))))
  (:action putdown-laser
    :parameters (?x - loc)
    :precondition (and (robot-at ?x) (holds-laser))
    :effect (and (laser-at ?x) (arm-empty) (not (holds-laser))))
  ; the bomb supply never runs out, so taking a bomb leaves (bomb-at ?x) true
  (:action pickup-bomb
    :parameters (?x - loc)
    :precondition (and (robot-at ?x) (bomb-at ?x) (arm-empty))
    :effect (and (holds-bomb) (not (arm-empty))))
  ; the laser destroys whatever is in the cell, gold included
  (:action fire-laser
    :parameters (?x - loc ?y - loc)
    :precondition (and (robot-at ?x) (holds-laser) (connected ?x ?y))
    :effect (and (clear ?y) (not (soft-rock-at ?y)) (not (hard-rock-at ?y)) (not (gold-at ?y))))
  (:action detonate-bomb
    :parameters (?x - loc ?y - loc)
    :precondition (and (robot-at ?x) (holds-bomb) (connected ?x ?y) (soft-rock-at ?y))
    :effect (and (clear ?y) (arm-empty) (not (soft-rock-at ?y)) (not (holds-bomb))))
  (:action pick-gold
    :parameters (?x - loc)
    :precondition (and (robot-at ?x) (gold-at ?x) (arm-empty))
    :effect (and (holds-gold) (not (arm-empty)))))
"""

DESCRIPTION = (
    "This is a gold miner domain. A robot moves on a grid of cells, one step at a time to a "
    "horizontally or vertically neighbouring cell, and only into cells that are clear. Other cells "
    "are filled with soft rock or hard rock, and the gold is buried under soft rock. The robot has "
    "one arm and holds at most one thing. It can pick up the laser, put it down anywhere, and fire "
    "it at a neighbouring cell, which clears any rock there but also destroys gold. At the bomb "
    "supply, which never runs out, the robot can take a bomb; a bomb cannot be put back, only "
    "detonated at a neighbouring cell with soft rock, which clears that cell and leaves the gold "
    "intact. The goal is for the robot to hold the gold, which it can pick up in the gold's cell "
    "with an empty arm. Cell fR-Cf is in row R and column C."
)

ATOM_TEMPLATES = {
    "robot-at": "the robot is at {0}",
    "connected": "{0} is connected to {1}",
    "clear": "{0} is clear",
    "soft-rock-at": "there is soft rock at {0}",
    "hard-rock-at": "there is hard rock at {0}",
    "gold-at": "the gold is at {0}",
    "laser-at": "the laser is at {0}",
    "bomb-at": "the bomb supply is at {0}",
    "arm-empty": "the robot's arm is empty",
    "holds-laser": "the robot is holding the laser",
    "holds-bomb": "the robot is holding a bomb",
    "holds-gold": "the robot is holding the gold",
}

ACTION_TEMPLATES = {
    "move": "move the robot from {0} to {1}",
    "pickup-laser": "pick up the laser at {0}",
    "putdown-laser": "put down the laser at {0}",
    "pickup-bomb": "take a bomb from the supply at {0}",
    "fire-laser": "fire the laser from {0} at {1}",
    "detonate-bomb": "from {0}, detonate the bomb at {1}",
    "pick-gold": "pick up the gold at {0}",
}

# size 0: a 3x3 grid (robot, laser, arm and cleared rocks give a few thousand states)
BANDS = [
    {"rows": [3], "cols": [3]},
    {"rows": [3, 4], "cols": [4, 5]},
    {"rows": [5, 6], "cols": [6, 7, 8]},
]
_ROCK = {"hard": 0.35, "soft": 0.35}  # the rest of the cells start clear


def cell(c: Cell) -> str:
    return f"f{c[0]}-{c[1]}f"


def generate(rng: random.Random, size: int) -> str:
    """The robot starts in column 0, which is clear, and the gold lies under
    soft rock in the last column. Solvable by construction: the laser lies in
    the clear region the robot starts in; with it the robot can clear a way to
    any cell but the gold's, fetch a bomb from the supply (on a clear cell),
    and blast the gold's cell open from a neighbour."""
    params = pick(rng, size, BANDS)
    rows, cols = params["rows"], params["cols"]
    cells = {(r, c) for r in range(rows) for c in range(cols)}
    robot = (rng.randrange(rows), 0)
    gold = (rng.randrange(rows), cols - 1)
    rock = {c: _rock_kind(rng) for c in sorted(cells) if c[1] > 0 and c != gold}
    rock[gold] = "soft"
    free = sorted(c for c in cells if c not in rock or rock[c] is None)
    region = sorted(grid_region(robot, set(free)))
    laser = rng.choice([c for c in region if c != robot] or region)
    bomb = rng.choice(free)
    init = [atom("robot-at", cell(robot)), atom("arm-empty"), atom("gold-at", cell(gold))]
    init += [atom("laser-at", cell(laser)), atom("bomb-at", cell(bomb))]
    init += [atom("clear", cell(c)) for c in free]
    init += [atom(f"{kind}-rock-at", cell(c)) for c, kind in sorted(rock.items()) if kind]
    init += [atom("connected", cell(c), cell(n)) for c in sorted(cells) for n in grid_neighbours(c, cells)]
    locations = [cell(c) for c in sorted(cells)]
    return problem_pddl(f"goldminer-rows{rows}-cols{cols}", "goldminer", [("loc", locations)], init, ["(holds-gold)"])


def _rock_kind(rng: random.Random) -> str | None:
    draw = rng.random()
    if draw < _ROCK["hard"]:
        return "hard"
    return "soft" if draw < _ROCK["hard"] + _ROCK["soft"] else None


GOLDMINER = ClassicalDomain(
    name="goldminer",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
    object_text=prefixed_text({"f": "cell"}),
)
