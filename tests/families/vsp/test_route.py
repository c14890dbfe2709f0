"""The street map: the walk block by block, the net displacement, the seeded generator,
the image (VSP's 640 px, S and G at their crossings) and the grid's PDDL (a shortest
plan is the blocks between S and G)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from scorer.families.vsp.route import (
    AVENUE_NAMES,
    EXAMPLE,
    SIZES,
    STREET_NAMES,
    StreetMap,
    Walk,
    net_displacement,
    random_map,
    walk,
)
from scorer.families.vsp.route_pddl import domain_pddl, problem_pddl
from scorer.families.vsp.route_render import GOAL_RED, SIDE, START_BLUE, _place, example_png, map_png
from scorer.pddl import bfs, parse_task


def _map(start: tuple[int, int], goal: tuple[int, int], size: int = 4) -> StreetMap:
    return StreetMap(size, STREET_NAMES[:size], AVENUE_NAMES[:size], start, goal)


def test_vsps_worked_example_is_one_block_south_and_one_west() -> None:
    assert EXAMPLE.shortest_route() == [("South", 1), ("West", 1)]
    assert walk(EXAMPLE, [("South", 1), ("West", 1)]) == Walk(EXAMPLE.goal)


def test_a_walk_stops_at_the_first_leg_leaving_the_grid() -> None:
    grid = _map((3, 0), (0, 3))
    assert walk(grid, [("North", 3), ("East", 3)]) == Walk((0, 3))
    assert walk(grid, [("East", 1), ("North", 4), ("South", 1)]) == Walk((3, 1), left_at_leg=2)
    assert walk(grid, [("West", 1)]) == Walk((3, 0), left_at_leg=1)
    # a detour that stays on the grid is a route too
    assert walk(grid, [("North", 1), ("East", 3), ("North", 2)]).end == (0, 3)


def test_net_displacement_is_all_vsp_compared() -> None:
    assert net_displacement([("North", 5), ("South", 2), ("East", 1), ("West", 4)]) == (3, -3)
    grid = _map((3, 0), (0, 3))
    legs = [("North", 4), ("South", 1), ("East", 3)]  # right net, but it leaves the grid
    assert net_displacement(legs) == grid.displacement() == (3, 3)
    assert walk(grid, legs).left_at_leg == 1


@pytest.mark.parametrize(
    ("start", "goal", "size", "problem"),
    [((0, 0), (0, 0), 4, "same crossing"), ((0, 4), (0, 0), 4, "start"), ((0, 0), (-1, 2), 4, "goal")],
)
def test_a_bad_map_is_refused(start: tuple[int, int], goal: tuple[int, int], size: int, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        _map(start, goal, size)


def test_random_maps_are_seeded_and_within_range() -> None:
    rng = random.Random(5)
    for size in SIZES * 30:
        street_map = random_map(rng, size)
        assert street_map.start != street_map.goal and street_map.size == size
        assert walk(street_map, street_map.shortest_route()) == Walk(street_map.goal)
    assert [random_map(random.Random(2), 5) for _ in range(3)] == [random_map(random.Random(2), 5) for _ in range(3)]


def test_the_image_shows_s_and_g_at_their_crossings() -> None:
    street_map = _map((1, 2), (3, 0), size=5)
    png = map_png(street_map)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (SIDE, SIDE) == (640, 640)
    for crossing, colour in ((street_map.start, START_BLUE), (street_map.goal, GOAL_RED)):
        x, y = _place(5, crossing)
        assert image.getpixel((round(x) - 9, round(y) + 9)) == colour  # inside the marker, off its letter
    assert png == map_png(street_map)
    assert Image.open(io.BytesIO(example_png())).size == (640, 640)


def test_a_shortest_plan_of_the_grid_is_the_blocks_between_s_and_g() -> None:
    rng = random.Random(1)
    for size in SIZES:
        street_map = random_map(rng, size)
        plan = bfs(parse_task(domain_pddl(), problem_pddl("p", street_map))).plan
        assert plan is not None
        assert len(plan) == sum(abs(k) for k in street_map.displacement())
