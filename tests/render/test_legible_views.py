"""The household first-person view and the kitchen view stay legible at the dataset's size
(issue 30 item 6): on crowded states no two name tags overlap and small objects are drawn
at least a minimum size. Checked on the layouts the renderers return, not on pixels."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from scorer.families.household.generate import ACTIVITY, generate_problem
from scorer.families.household.sight import Sight
from scorer.families.household.trajectory import plan_states
from scorer.families.household.view_3d import MIN_ITEM_HEIGHT_PX, MIN_ITEM_PX, SIZE, view_layout
from scorer.families.kitchen import catalog
from scorer.families.kitchen.expert import expert_plan
from scorer.families.kitchen.generate import generate_task
from scorer.families.kitchen.rules import act
from scorer.families.kitchen.tasks import TASK_TYPES
from scorer.families.kitchen.view_ego import MIN_THIN_PX
from scorer.families.kitchen.view_ego import SIZE as KITCHEN_SIZE
from scorer.families.kitchen.view_ego import view_layout as kitchen_layout
from scorer.families.kitchen.world import World
from scorer.render.labels import Box, overlap, place_tags

# Problems whose plans open a cabinet or fridge holding five or six objects, or fill a table.
CROWDED = (("cleaning_out_drawers", "hard", "pics/1"), ("packing_food_for_work", "hard", "pics/1"),
           ("sorting_books", "hard", "pics/1"))  # fmt: skip


def crowded_sights() -> list[Sight]:
    found: list[Sight] = []
    for activity, difficulty, seed in CROWDED:
        problem = generate_problem(ACTIVITY[activity], difficulty, seed, f"{activity}-{difficulty}")
        found += [state.seen for state in plan_states(problem)]
    return list(dict.fromkeys(found))


@pytest.fixture(scope="module")
def sights() -> list[Sight]:
    return crowded_sights()


def test_the_sample_is_crowded(sights: list[Sight]) -> None:
    assert max(len(view_layout(seen).tags) for seen in sights) >= 6


def test_household_tags_never_overlap_and_stay_in_the_picture(sights: list[Sight]) -> None:
    for seen in sights:
        layout = view_layout(seen)
        tags = layout.tags  # the problem's objects' and the decoration's
        assert sorted(name for _, name in layout.objects) == sorted(seen.visible)
        for a, b in combinations(tags, 2):
            assert not overlap(a.box, b.box), f"{seen.spot}: the tags of {a.text} and {b.text} overlap"
        for tag in tags:
            left, top, right, bottom = tag.box
            assert left >= 0 and right <= SIZE[0] and top >= 0 and bottom <= SIZE[1], tag


def test_household_objects_have_a_least_size(sights: list[Sight]) -> None:
    for seen in sights:
        pieces = {piece.name for piece in seen.scene.pieces}
        for (left, top, right, bottom), name in view_layout(seen).objects:
            if name in pieces or name == seen.held:
                continue
            assert right - left >= MIN_ITEM_PX - 0.5, f"{name} is {right - left:.1f} px wide"
            assert bottom - top >= MIN_ITEM_HEIGHT_PX - 0.5, f"{name} is {bottom - top:.1f} px high"


def test_a_tag_moved_off_its_object_is_joined_to_it() -> None:
    target: Box = (100.0, 100.0, 110.0, 110.0)
    tags = place_tags([(target, f"object_{i}", 60.0, True) for i in range(6)], 14.0, (480.0, 360.0), 1.0, 2.0)
    assert not tags[0].leader
    assert any(tag.leader for tag in tags[1:])
    assert all(not overlap(a.box, b.box) for a, b in combinations(tags, 2))


def test_tags_fill_the_picture_without_overlap_when_every_object_is_in_one_place() -> None:
    target: Box = (200.0, 150.0, 220.0, 170.0)
    tags = place_tags([(target, f"object_{i}", 90.0, True) for i in range(40)], 14.0, (480.0, 360.0), 1.0, 2.0)
    assert all(not overlap(a.box, b.box) for a, b in combinations(tags, 2))


def kitchen_worlds() -> list[World]:
    """States along expert plans where silverware or many objects are in sight."""
    found: list[World] = []
    for index in (2, 9, 13, 29):
        made = generate_task(TASK_TYPES[index % len(TASK_TYPES)], f"pics/{index}", index)
        world = made.world.copy()
        for action in expert_plan(made.world, made.task):
            act(world, *action.split(" ", 1))
            found.append(World.from_json(json.loads(json.dumps(world.to_json()))))
    return found


@pytest.fixture(scope="module")
def worlds() -> list[World]:
    return kitchen_worlds()


def test_kitchen_labels_never_overlap(worlds: list[World]) -> None:
    for world in worlds:
        labels = kitchen_layout(world).labels
        for a, b in combinations(labels, 2):
            assert not overlap(a, b), (a, b)
        assert all(box[0] >= 0 and box[2] <= KITCHEN_SIZE for box in labels)


def test_kitchen_objects_and_silverware_are_drawn_large_enough(worlds: list[World]) -> None:
    silverware = 0
    for world in worlds:
        for (left, top, right, bottom), kind in kitchen_layout(world).items:
            width, height = right - left, bottom - top
            assert max(width, height) >= 24 and min(width, height) >= MIN_THIN_PX - 0.01, (kind, width, height)
            if kind in catalog.SILVERWARE:
                silverware += 1
                assert height >= 56 and width >= 8, (kind, width, height)  # upright, not a line
    assert silverware > 0
