"""The household pictures never mislead by their labels (issue 43, item 6), checked on the
layouts the renderers compute, over every state of the optimal plans of generated problems
(every activity at every difficulty):

- first-person view: no tag leaves the frame and no two tags overlap; every object of the
  problem in view has a tag, cut objects' tags say so, and movable objects are whole;
  decoration is tagged with its kind;
- floor plan: no two labels touch, the view cone's lines cross none, and labels stay in
  the picture.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from scorer.families.household.generate import ACTIVITIES, DIFFICULTIES, generate_problem
from scorer.families.household.map_labels import GAP, boxes_meet, crosses
from scorer.families.household.sight import Sight
from scorer.families.household.trajectory import plan_states
from scorer.families.household.view_2d import map_layout, render_2d
from scorer.families.household.view_3d import PARTLY_OUT, SIZE, view_layout
from scorer.render.labels import Box, overlap

pytestmark = pytest.mark.xdist_group("household-labels")


def _sights() -> list[Sight]:
    found: list[Sight] = []
    for activity in ACTIVITIES:
        for difficulty in DIFFICULTIES:
            problem = generate_problem(activity, difficulty, f"labels/{activity.name}", f"{activity.name}-{difficulty}")
            found += [state.seen for state in plan_states(problem)]
    return list(dict.fromkeys(found))


@pytest.fixture(scope="module")
def sights() -> list[Sight]:
    return _sights()


def _inside(box: Box, width: float, height: float) -> bool:
    return box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height


def test_the_sample_has_cut_pieces_decoration_and_crowds(sights: list[Sight]) -> None:
    layouts = [view_layout(seen) for seen in sights]
    assert len(sights) > 200
    assert sum(bool(layout.partly_out) for layout in layouts) > 50
    assert max(len(layout.tags) for layout in layouts) >= 6
    assert any(not piece.named for seen in sights for piece in seen.scene.pieces if piece.name in seen.in_view)


def test_first_person_tags_stay_in_the_frame_and_never_overlap(sights: list[Sight]) -> None:
    for seen in sights:
        tags = view_layout(seen).tags
        for tag in tags:
            assert _inside(tag.box, *SIZE), f"{seen.spot}: the tag {tag.text!r} leaves the frame: {tag.box}"
        for a, b in combinations(tags, 2):
            assert not overlap(a.box, b.box), f"{seen.spot}: the tags {a.text!r} and {b.text!r} overlap"


def test_first_person_objects_are_tagged_whole_or_said_to_be_cut(sights: list[Sight]) -> None:
    for seen in sights:
        layout = view_layout(seen)
        pieces = {piece.name for piece in seen.scene.pieces}
        assert sorted(name for _, name in layout.objects) == sorted(seen.visible)
        texts = {tag.text for tag in layout.tags}
        for box, name in layout.objects:
            assert _inside(box, *SIZE), f"{name}'s box is not clipped to the frame"
            cut = name in layout.partly_out
            assert (name + PARTLY_OUT if cut else name) in texts, f"{seen.spot}: {name} has no true tag"
            assert not cut or name in pieces, f"{seen.spot}: the movable {name} is cut by the frame"


def test_first_person_decoration_is_tagged_with_its_kind(sights: list[Sight]) -> None:
    for seen in sights:
        texts = {tag.text.removesuffix(PARTLY_OUT) for tag in view_layout(seen).tags}
        decoration = [p for p in seen.scene.pieces if p.name in seen.in_view and not p.named]
        for piece in decoration:
            assert piece.kind.replace("_", " ") in texts, f"{seen.spot}: the {piece.kind} is drawn without a tag"


def test_floor_plan_labels_never_touch_nor_meet_the_view_cone(sights: list[Sight]) -> None:
    for seen in sights:
        layout = map_layout(seen)
        width, height = render_2d(seen).size
        for text, box in layout.labels:
            assert _inside(box, width, height), f"{text!r} leaves the floor plan"
            crossing = [line for line in layout.cone if crosses(line, box)]
            assert not crossing, f"{seen.spot}: the view cone crosses {text!r}"
        for (a_text, a), (b_text, b) in combinations(layout.labels, 2):
            assert not boxes_meet(a, b, GAP), f"{seen.spot}: the labels {a_text!r} and {b_text!r} touch"


def test_a_segment_crosses_a_box_only_where_it_passes_through() -> None:
    box: Box = (10.0, 10.0, 20.0, 20.0)
    assert crosses(((0.0, 15.0), (30.0, 15.0)), box)
    assert crosses(((15.0, 15.0), (40.0, 40.0)), box)  # starts inside
    assert not crosses(((0.0, 0.0), (30.0, 5.0)), box)
    assert not crosses(((0.0, 25.0), (25.0, 50.0)), box)
    assert not crosses(((0.0, 0.0), (9.0, 9.0)), box)  # stops short
