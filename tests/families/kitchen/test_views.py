"""The egocentric view shows states: stains on dirty objects, a browned cooked item,
slices apart, running appliances; drawing is deterministic."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from scorer.families.kitchen.gallery import moment_png
from scorer.families.kitchen.tasks import TASK_TYPES
from scorer.families.kitchen.view_ego import SIZE, draw_view
from scorer.families.kitchen.view_text import scene_text
from scorer.families.kitchen.world import World

from .kitchen_rows import item, small_kitchen


def differs(first: Image.Image, second: Image.Image) -> bool:
    return first.tobytes() != second.tobytes()


def counter_with(*states: dict[str, object]) -> list[World]:
    worlds = []
    for state in states:
        world = small_kitchen(item("Plate_1", "CounterTop_2", **state))
        world.facing = "CounterTop_2"
        worlds.append(world)
    return worlds


def test_drawing_is_deterministic_and_sized() -> None:
    world = small_kitchen()
    first, second = draw_view(world), draw_view(world.copy())
    assert first.size == (SIZE, SIZE) and not differs(first, second)


def test_dirty_objects_show_stains() -> None:
    clean, dirty = counter_with({}, {"dirty": True})
    assert differs(draw_view(clean), draw_view(dirty))
    assert "Plate (dirty)" in scene_text(dirty) and "Plate (dirty)" not in scene_text(clean)


def test_running_burner_and_cooked_food_are_visible() -> None:
    cold = small_kitchen(item("Egg_1", "Pan_1"), facing="StoveBurner_1")
    hot = cold.copy()
    hot.things["StoveBurner_1"].on = True
    hot.things["Egg_1"].cooked = True
    assert differs(draw_view(cold), draw_view(hot))
    assert "StoveBurner (on)" in scene_text(hot) and "Egg (cooked)" in scene_text(hot)


def test_the_view_shows_only_the_faced_place() -> None:
    world = small_kitchen()
    world.facing = "Fridge_1"
    assert "Knife" not in scene_text(world) and "Fridge (closed)" in scene_text(world)
    world.facing = "CounterTop_1"
    assert "Knife" in scene_text(world) and "CoffeeMachine (off)" in scene_text(world)


def test_the_docs_gallery_is_what_the_code_draws() -> None:
    docs = Path(__file__).resolve().parents[3] / "docs" / "kitchen"
    for task_type in TASK_TYPES:
        assert (docs / f"{task_type}.png").read_bytes() == moment_png(task_type), task_type
