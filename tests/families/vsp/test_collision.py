"""The collision scene: times as exact fractions, the 0.5 s danger rule, the generator's
balance and range, the images, and the scene's PDDL (a shortest plan is both distances)."""

from __future__ import annotations

import io
import random
from fractions import Fraction

import pytest
from PIL import Image

from scorer.families.vsp.collision import (
    CAR_SPEEDS,
    DISTANCES,
    EXAMPLE,
    PERSON_SPEEDS,
    SIZE,
    Mover,
    Scene,
    random_scene,
)
from scorer.families.vsp.collision_pddl import domain_pddl, problem_pddl
from scorer.families.vsp.collision_render import CELL, example_png, legend_png, scene_png
from scorer.pddl import bfs, parse_task


def test_the_worked_example_collides_at_two_seconds() -> None:
    assert EXAMPLE.car_time() == EXAMPLE.person_time() == 2
    assert EXAMPLE.collide()


def test_times_are_exact_and_the_danger_edge_is_inclusive() -> None:
    # the car 1 cell at 3 cells/s: 1/3 s, not 0.333...; the person 1 cell at 1.0: 1 s
    scene = Scene(Mover((0, 0), "right", "3.0"), Mover((1, 1), "up", "1.0"), (0, 1))
    assert scene.car_time() == Fraction(1, 3) and scene.person_time() == 1
    assert not scene.collide()  # 2/3 s apart
    edge = Scene(Mover((0, 0), "right", "2.0"), Mover((1, 1), "up", "1.0"), (0, 1))
    assert edge.person_time() - edge.car_time() == Fraction(1, 2) and edge.collide()


@pytest.mark.parametrize(
    ("car", "person", "goal"),
    [
        (Mover((0, 3), "right", "1.0"), Mover((2, 1), "up", "1.0"), (0, 1)),  # the car has passed the goal
        (Mover((0, 0), "right", "1.0"), Mover((0, 1), "down", "1.0"), (0, 1)),  # the person stands on it
        (Mover((0, 0), "up", "1.0"), Mover((1, 1), "up", "1.0"), (0, 1)),  # a car does not move up
        (Mover((0, 0), "right", "1.0"), Mover((9, 1), "up", "1.0"), (0, 1)),  # outside the grid
    ],
)
def test_a_scene_whose_movers_miss_the_goal_is_refused(car: Mover, person: Mover, goal: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match="car|person"):
        Scene(car, person, goal)


@pytest.mark.parametrize("collide", [True, False])
def test_random_scenes_answer_as_asked_within_vsps_ranges(collide: bool) -> None:
    rng = random.Random(7)
    for _ in range(200):
        scene = random_scene(rng, collide)
        assert scene.collide() is collide
        assert scene.car.speed in CAR_SPEEDS and scene.person.speed in PERSON_SPEEDS
        assert {scene.car.distance(scene.goal), scene.person.distance(scene.goal)} <= set(DISTANCES)


def test_the_generator_is_seeded() -> None:
    assert [random_scene(random.Random(3), k % 2 == 0) for k in range(5)] == [
        random_scene(random.Random(3), k % 2 == 0) for k in range(5)
    ]


def _pixel(png: bytes, cell: tuple[int, int], dx: int, dy: int) -> tuple[int, int, int]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.getpixel((cell[1] * CELL + dx, cell[0] * CELL + dy))  # type: ignore[return-value]


def test_the_scene_image_is_vsps_size_and_shows_the_taxi_facing_its_way() -> None:
    right = Scene(Mover((2, 1), "right", "1.0"), Mover((0, 3), "down", "1.0"), (2, 3))
    left = Scene(Mover((2, 5), "left", "1.0"), Mover((0, 3), "down", "1.0"), (2, 3))
    image = Image.open(io.BytesIO(scene_png(right)))
    assert image.size == (SIZE * CELL, SIZE * CELL) == (384, 384)
    # the taxi's headlight ('w') is at its front: x 14 of 16 facing right, x 1 facing left
    light = (246, 251, 255)
    assert _pixel(scene_png(right), right.car.cell, 14 * 4 + 1, 8 * 4 + 1) == light
    assert _pixel(scene_png(left), left.car.cell, 1 * 4 + 1, 8 * 4 + 1) == light
    assert scene_png(right) == scene_png(right)
    assert Image.open(io.BytesIO(example_png())).size == (384, 384)
    assert Image.open(io.BytesIO(legend_png())).width > 3 * CELL


def test_a_shortest_plan_of_the_scene_is_the_two_distances() -> None:
    rng = random.Random(1)
    for _ in range(10):
        scene = random_scene(rng, rng.random() < 0.5)
        plan = bfs(parse_task(domain_pddl(), problem_pddl("p", scene))).plan
        assert plan is not None
        distances = scene.car.distance(scene.goal) + scene.person.distance(scene.goal)
        assert len(plan) == distances
        assert sum(step.startswith("(drive") for step in plan) == scene.car.distance(scene.goal)
