"""The egocentric view shows states: stains on dirty objects, a browned cooked item,
slices apart, running appliances; drawing is deterministic."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from scorer.families.kitchen.gallery import moment_png
from scorer.families.kitchen.tasks import TASK_TYPES
from scorer.families.kitchen.view_ego import SIZE, Canvas, Label, draw_view, place_labels
from scorer.families.kitchen.view_text import scene_text
from scorer.families.kitchen.world import World

from .kitchen_rows import fixture, item, small_kitchen


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


def overlapping(boxes: list[tuple[float, float, float, float]]) -> list[int]:
    return [
        i
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    ]


def test_no_two_labels_overlap_even_when_all_want_one_place() -> None:
    canvas = Canvas(Image.new("RGB", (SIZE, SIZE)))
    canvas.labels += [Label(SIZE / 2, 300, f"CoffeeMachine {i}", 10) for i in range(30)]
    canvas.labels += [Label(x, 340, "BreadSliced", 10) for x in range(0, SIZE, 20)]  # a crowded row, off the edge
    boxes = place_labels(canvas)
    assert len(boxes) == 30 + len(range(0, SIZE, 20))
    assert overlapping(boxes) == []
    assert all(x0 >= 0 and x1 <= SIZE and y0 >= 0 and y1 <= SIZE for x0, y0, x1, y1 in boxes)
    assert boxes[0][1] == 300  # the first keeps its place


def test_a_label_that_fits_stays_where_it_was_asked() -> None:
    canvas = Canvas(Image.new("RGB", (SIZE, SIZE)))
    canvas.labels += [Label(100, 200, "Mug", 10), Label(400, 200, "CoffeeMachine (on)", 10)]
    assert [box[1] for box in place_labels(canvas)] == [200, 200]


def test_the_floor_is_drawn_as_a_floor_with_its_objects_standing_on_it() -> None:
    """Issue 43 item 6: facing the floor showed a wooden counter labelled "Floor"."""
    from scorer.families.kitchen.view_ego import FLOOR_Y, SURFACE_Y, view_layout

    world = small_kitchen(fixture("Floor_1"), item("GarbageCan_1", "Floor_1"), facing="Floor_1")
    image, layout = draw_view(world), view_layout(world)
    wall = image.getpixel((SIZE // 2, (SURFACE_Y + FLOOR_Y) // 2))
    assert wall == draw_view(small_kitchen(facing=None)).getpixel((SIZE // 2, (SURFACE_Y + FLOOR_Y) // 2))
    floor_label = next(box for box in layout.labels if box[1] > FLOOR_Y)  # the only name on the floor band
    assert floor_label[3] <= SIZE
    assert [name for box, name in layout.items if box[3] > FLOOR_Y] == ["GarbageCan"]  # standing on the floor
