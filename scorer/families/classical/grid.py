"""Grid: a robot on a grid of places carries keys that open locked places of matching shape."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ._gen import Cell, atom, grid_neighbours, grid_region, pick, prefixed_text, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain grid)
  (:requirements :strips :typing :equality)
  (:types place key shape)
  (:predicates
    (conn ?x - place ?y - place)
    (key-shape ?k - key ?s - shape)
    (lock-shape ?x - place ?s - shape)
    (key-at ?k - key ?x - place)
    (robot-at ?x - place)
    (locked ?x - place)
    (open ?x - place)
    (holding ?k - key)
    (arm-empty))
  (:action move
    :parameters (?from - place ?to - place)
    :precondition (and (robot-at ?from) (conn ?from ?to) (open ?to))
    :effect (and (robot-at ?to) (not (robot-at ?from))))
  (:action unlock
    :parameters (?x - place ?lock - place ?k - key ?s - shape)
    :precondition (and (robot-at ?x) (conn ?x ?lock) (holding ?k) (key-shape ?k ?s)
                       (lock-shape ?lock ?s) (locked ?lock))
    :effect (and (open ?lock) (not (locked ?lock))))
  (:action pickup
    :parameters (?x - place ?k - key)
    :precondition (and (robot-at ?x) (key-at ?k ?x) (arm-empty))
    :effect (and (holding ?k) (not (key-at ?k ?x)) (not (arm-empty))))
  ; ?new = ?old can never apply; excluding it keeps such actions out of the vocabulary
  (:action pickup-and-lose
    :parameters (?x - place ?new - key ?old - key)
    :precondition (and (robot-at ?x) (key-at ?new ?x) (holding ?old) (not (= ?new ?old)))
    :effect (and (holding ?new) (key-at ?old ?x) (not (holding ?old)) (not (key-at ?new ?x))))
  (:action putdown
    :parameters (?x - place ?k - key)
    :precondition (and (robot-at ?x) (holding ?k))
    :effect (and (key-at ?k ?x) (arm-empty) (not (holding ?k)))))
"""

DESCRIPTION = (
    "This is a grid domain. A robot moves on a rectangular grid of places (place pX-Y is in column "
    "X and row Y), one step at a time between horizontally or vertically adjacent places, and only "
    "into places that are open. "
    "Some places are locked; each lock has a shape, and each key has a shape. The robot has one "
    "arm and can carry a single key: it can pick up a key at its own place when its arm is empty, "
    "swap the key it holds for a key lying at its place, or put the held key down. While holding a "
    "key, the robot can unlock an adjacent locked place whose lock has the key's shape; the place "
    "then stays open. The goal is to bring keys to given places."
)

ATOM_TEMPLATES = {
    "conn": "{0} is connected to {1}",
    "key-shape": "{0} has {1}",
    "lock-shape": "the lock at {0} has {1}",
    "key-at": "{0} is at {1}",
    "robot-at": "the robot is at {0}",
    "locked": "{0} is locked",
    "open": "{0} is open",
    "holding": "the robot is holding {0}",
    "arm-empty": "the robot's arm is empty",
}

ACTION_TEMPLATES = {
    "move": "move the robot from {0} to {1}",
    "unlock": "from {0}, unlock {1} with {2} of {3}",
    "pickup": "at {0}, pick up {1}",
    "pickup-and-lose": "at {0}, pick up {1} and leave {2} there",
    "putdown": "at {0}, put down {1}",
}

# size 0: at most 12 robot places * 13^2 key positions * 2^2 lock states = 8,112 states
BANDS = [
    {"x": [3, 4], "y": [3], "shapes": [1], "keys": [1, 2], "locks": [1, 2]},
    {"x": [5], "y": [5], "shapes": [1, 2], "keys": [2, 3, 4], "locks": [2, 3, 4]},
    {"x": [7, 8], "y": [7, 8], "shapes": [2, 3], "keys": [4, 5, 6], "locks": [4, 5, 6]},
]


@dataclass(frozen=True)
class Layout:
    cells: list[Cell]
    robot: Cell
    locks: dict[Cell, int]  # locked place -> shape
    keys: dict[str, tuple[int, Cell]]  # key -> (shape, place)


def place(cell: Cell) -> str:
    return f"p{cell[0]}-{cell[1]}"


def openable_region(layout: Layout) -> set[Cell]:
    """Places the robot can eventually stand on. Unlocking is permanent and keys
    are never used up, so growing the region by every lock next to it that a
    key inside it fits gives exactly the reachable places."""
    cells = set(layout.cells)
    locked = dict(layout.locks)
    region = grid_region(layout.robot, cells - set(locked))
    while True:
        shapes = {shape for shape, where in layout.keys.values() if where in region}
        opened = [c for c, s in locked.items() if s in shapes and any(n in region for n in grid_neighbours(c, cells))]
        if not opened:
            return region
        for cell in opened:
            del locked[cell]
        region = grid_region(layout.robot, cells - set(locked))


def random_layout(rng: random.Random, params: dict[str, int]) -> Layout:
    cells = [(x, y) for x in range(params["x"]) for y in range(params["y"])]
    lock_cells = rng.sample(cells, params["locks"])
    robot = rng.choice([c for c in cells if c not in lock_cells])
    locks = {cell: rng.randrange(params["shapes"]) for cell in lock_cells}
    # shapes cycle so that every shape has a key whenever there are enough keys
    shapes = [i % params["shapes"] for i in range(params["keys"])]
    rng.shuffle(shapes)
    counts: dict[int, int] = {}
    keys = {}
    for shape in shapes:
        counts[shape] = counts.get(shape, 0) + 1
        keys[f"k{shape}-{counts[shape] - 1}"] = (shape, rng.choice(cells))
    return Layout(cells, robot, locks, keys)


def generate(rng: random.Random, size: int) -> str:
    """Layouts are redrawn until every key can be reached; goal places are
    drawn from the places the robot can reach, so the problem is solvable."""
    params = pick(rng, size, BANDS)
    layout = random_layout(rng, params)
    region = openable_region(layout)
    while any(where not in region for _, where in layout.keys.values()):
        layout = random_layout(rng, params)
        region = openable_region(layout)
    reachable = sorted(region)
    goal = {key: rng.choice(reachable) for key in layout.keys}
    if all(goal[k] == where for k, (_, where) in layout.keys.items()):  # would ask nothing
        first = next(iter(goal))
        goal[first] = next(c for c in reachable if c != goal[first])
    goal_atoms = [atom("key-at", key, place(cell)) for key, cell in sorted(goal.items())]
    return layout_pddl(_name(params), layout, params["shapes"], goal_atoms)


def _name(params: dict[str, int]) -> str:
    p = params
    return f"grid-x{p['x']}-y{p['y']}-t{p['shapes']}-k{p['keys']}-l{p['locks']}-p100"


def layout_pddl(name: str, layout: Layout, shapes: int, goal: list[str]) -> str:
    """The problem text of a layout with the given goal atoms."""
    objects = [
        ("place", [place(c) for c in layout.cells]),
        ("key", sorted(layout.keys)),
        ("shape", [f"s{i}" for i in range(shapes)]),
    ]
    return problem_pddl(name, "grid", objects, _init(layout), goal)


def _init(layout: Layout) -> list[str]:
    cells = set(layout.cells)
    init = [atom("robot-at", place(layout.robot)), atom("arm-empty")]
    for cell in layout.cells:
        if cell in layout.locks:
            init += [atom("locked", place(cell)), atom("lock-shape", place(cell), f"s{layout.locks[cell]}")]
        else:
            init.append(atom("open", place(cell)))
        init += [atom("conn", place(cell), place(n)) for n in grid_neighbours(cell, cells)]
    for key, (shape, where) in sorted(layout.keys.items()):
        init += [atom("key-shape", key, f"s{shape}"), atom("key-at", key, place(where))]
    return init


GRID = ClassicalDomain(
    name="grid",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
    object_text=prefixed_text({"p": "place", "k": "key", "s": "shape"}),
)
