"""VSP's routing scenario on a street grid drawn by us: east-west streets and north-south
avenues cross at crossings; start S and goal G stand at two different crossings, and a
route is a list of legs, each a compass direction and a number of blocks (crossroads
passed), as VSP's google-map task asks (VSP, appendix A).

Crossings are (row, column), 0-based: row 0 is the northernmost street, column 0 the
westernmost avenue. Every street is open, so any leg that stays on the grid can be
walked.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

Crossing = tuple[int, int]
Leg = tuple[str, int]  # ("North", 3)
STEPS = {"North": (-1, 0), "South": (1, 0), "East": (0, 1), "West": (0, -1)}
SIZES = (4, 5, 6)  # crossings per side
STREET_NAMES = ("Oak", "Maple", "Pine", "Cedar", "Elm", "Birch", "Walnut", "Willow", "Spruce", "Hickory")
AVENUE_NAMES = ("Park", "Madison", "Lincoln", "Hudson", "Grant", "Monroe", "Adams", "Franklin", "Jefferson", "Bay")


@dataclass(frozen=True)
class StreetMap:
    """A square grid of ``size`` streets by ``size`` avenues, their names (north to south,
    west to east), and the start and goal crossings."""

    size: int
    streets: tuple[str, ...]
    avenues: tuple[str, ...]
    start: Crossing
    goal: Crossing

    def __post_init__(self) -> None:
        if len(self.streets) != self.size or len(self.avenues) != self.size:
            raise ValueError(f"a {self.size}x{self.size} map needs {self.size} street and avenue names")
        for name, crossing in (("start", self.start), ("goal", self.goal)):
            if not self.on_grid(crossing):
                raise ValueError(f"the {name} {crossing} is not a crossing of the {self.size}x{self.size} grid")
        if self.start == self.goal:
            raise ValueError("the start and the goal are the same crossing")

    def on_grid(self, crossing: Crossing) -> bool:
        return all(0 <= k < self.size for k in crossing)

    def displacement(self) -> tuple[int, int]:
        """Blocks (north, east) from the start to the goal."""
        return self.start[0] - self.goal[0], self.goal[1] - self.start[1]

    def shortest_route(self) -> list[Leg]:
        """The north-south leg first, then the east-west one (a shortest route)."""
        north, east = self.displacement()
        legs: list[Leg] = []
        if north:
            legs.append(("North" if north > 0 else "South", abs(north)))
        if east:
            legs.append(("East" if east > 0 else "West", abs(east)))
        return legs


@dataclass(frozen=True)
class Walk:
    """Where a route ends, and the first leg (1-based) that leaves the grid (0: none)."""

    end: Crossing
    left_at_leg: int = 0


def walk(street_map: StreetMap, legs: list[Leg]) -> Walk:
    """Follow ``legs`` from the start block by block; stop at the first block off the grid.
    A leg's end is enough to check: the grid is convex, so a leg leaves it exactly when
    its last crossing lies outside."""
    here = street_map.start
    for number, (direction, blocks) in enumerate(legs, start=1):
        dr, dc = STEPS[direction]
        there = (here[0] + dr * blocks, here[1] + dc * blocks)
        if not street_map.on_grid(there):
            return Walk(here, number)
        here = there
    return Walk(here)


def net_displacement(legs: list[Leg]) -> tuple[int, int]:
    """Blocks (north, east) the legs add up to: all that VSP's scorer compared."""
    north = sum(blocks * -STEPS[d][0] for d, blocks in legs)
    east = sum(blocks * STEPS[d][1] for d, blocks in legs)
    return north, east


def random_map(rng: random.Random, size: int) -> StreetMap:
    """Names drawn from the lists, start and goal two distinct crossings drawn uniformly."""
    streets = tuple(rng.sample(STREET_NAMES, size))
    avenues = tuple(rng.sample(AVENUE_NAMES, size))
    start, goal = rng.sample([(r, c) for r in range(size) for c in range(size)], 2)
    return StreetMap(size, streets, avenues, start, goal)


# VSP's worked example (its prompt-text.txt): the start north-east of the goal, one block
# south and one block west.
EXAMPLE = StreetMap(4, STREET_NAMES[:4], AVENUE_NAMES[:4], (1, 2), (2, 1))
