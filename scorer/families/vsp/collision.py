"""VSP's collision scenario: on a 6x6 grid a car drives left or right along its row and a
person walks up or down along their column, both towards the goal cell where the row
and the column cross. How long does each take to reach the goal, and do they get there
within 0.5 s of each other (a danger of collision)? (VSP, appendix A, "Prompt for
Collision scenario".)

Cells are (row, column), 0-based, row 0 at the top. Speeds are in cells ("grids") per
second, from VSP's side files: the car's {0.5, 1, 2, 3}, the person's {0.1, 0.25, 0.5,
1.0}. Distances are 1 to 4 cells, the range of VSP's own 100 scenes. Times are exact
fractions (a decimal speed is read from its text), so "within 0.5 s" has no rounding
edge.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

Cell = tuple[int, int]
SIZE = 6  # cells per side, as VSP's 384 px images of 64 px cells
CAR_SPEEDS = ("0.5", "1.0", "2.0", "3.0")
PERSON_SPEEDS = ("0.1", "0.25", "0.5", "1.0")
DISTANCES = (1, 2, 3, 4)
DANGER = Fraction(1, 2)  # arriving within 0.5 s of each other is a danger of collision
CAR_STEPS = {"left": (0, -1), "right": (0, 1)}
PERSON_STEPS = {"up": (-1, 0), "down": (1, 0)}


@dataclass(frozen=True)
class Mover:
    """The car or the person: where it stands, where it heads, how fast (text, as shown)."""

    cell: Cell
    direction: str
    speed: str

    def distance(self, goal: Cell) -> int:
        return abs(self.cell[0] - goal[0]) + abs(self.cell[1] - goal[1])

    def time(self, goal: Cell) -> Fraction:
        return self.distance(goal) / Fraction(self.speed)


@dataclass(frozen=True)
class Scene:
    car: Mover
    person: Mover
    goal: Cell

    def __post_init__(self) -> None:
        for name, mover, steps in (("car", self.car, CAR_STEPS), ("person", self.person, PERSON_STEPS)):
            if mover.direction not in steps:
                raise ValueError(f"the {name} moves {', '.join(steps)}, not {mover.direction!r}")
            if not _heads_to(mover, steps[mover.direction], self.goal):
                raise ValueError(
                    f"the {name} at {mover.cell} moving {mover.direction} never reaches the goal {self.goal}"
                )

    def car_time(self) -> Fraction:
        return self.car.time(self.goal)

    def person_time(self) -> Fraction:
        return self.person.time(self.goal)

    def collide(self) -> bool:
        return abs(self.car_time() - self.person_time()) <= DANGER


def _heads_to(mover: Mover, step: Cell, goal: Cell) -> bool:
    """True when the goal lies ahead of ``mover`` on its line, inside the grid."""
    inside = all(0 <= x < SIZE for x in (*mover.cell, *goal))
    ahead = [(mover.cell[0] + k * step[0], mover.cell[1] + k * step[1]) for k in range(1, SIZE)]
    return inside and goal in ahead


def place(goal: Cell, direction: str, distance: int) -> Cell:
    """The cell ``distance`` cells before ``goal`` for a mover heading ``direction``."""
    dr, dc = {**CAR_STEPS, **PERSON_STEPS}[direction]
    return (goal[0] - dr * distance, goal[1] - dc * distance)


def random_scene(rng: random.Random, collide: bool) -> Scene:
    """A scene whose answer to "do they collide?" is ``collide``: speeds, distances and
    directions drawn uniformly, redrawn until the answer matches (about 1 draw in 10
    collides), then the goal on a cell that leaves room for both distances."""
    while True:
        car_speed, person_speed = rng.choice(CAR_SPEEDS), rng.choice(PERSON_SPEEDS)
        car_distance, person_distance = rng.choice(DISTANCES), rng.choice(DISTANCES)
        gap = abs(car_distance / Fraction(car_speed) - person_distance / Fraction(person_speed))
        if (gap <= DANGER) == collide:
            break
    car_direction, person_direction = rng.choice(tuple(CAR_STEPS)), rng.choice(tuple(PERSON_STEPS))
    rows = _room(person_direction, person_distance)
    columns = _room(car_direction, car_distance)
    goal = (rng.choice(rows), rng.choice(columns))
    return Scene(
        Mover(place(goal, car_direction, car_distance), car_direction, car_speed),
        Mover(place(goal, person_direction, person_distance), person_direction, person_speed),
        goal,
    )


def _room(direction: str, distance: int) -> list[int]:
    """Goal rows (or columns) that leave ``distance`` cells behind a mover heading ``direction``."""
    backwards = direction in ("right", "down")  # the mover starts at a smaller index
    return list(range(distance, SIZE)) if backwards else list(range(SIZE - distance))


# VSP's worked example (appendix A): the car 2 cells away moving right at 1.0 grid per
# second, the person 1 cell away moving down at 0.5; both arrive in 2 seconds.
EXAMPLE = Scene(Mover((3, 1), "right", "1.0"), Mover((2, 3), "down", "0.5"), (3, 3))
