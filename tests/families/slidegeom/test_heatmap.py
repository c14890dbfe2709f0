"""The completion heat map: its size follows the axes, its cells the completion rates."""

from __future__ import annotations

import pytest

from scorer.families.slidegeom.heatmap import CELL, LEFT, MIN_WIDTH, TOP, heatmap_image, heatmap_size


def _cell_colour(image, row: int, column: int) -> tuple[int, int, int]:  # noqa: ANN001
    return image.getpixel((LEFT + column * CELL + 4, TOP + row * CELL + 4))


def test_axes_span_every_value_between_the_extremes() -> None:
    cells = {(2, 2): [True], (5, 9): [False, True], (3, 4): [False]}
    image = heatmap_image(cells, "test")
    assert image.size == heatmap_size(4, 8) == (LEFT + 8 * CELL + 24, TOP + 4 * CELL + 64)
    full, half, none, empty = (
        _cell_colour(image, 0, 0),
        _cell_colour(image, 3, 7),
        _cell_colour(image, 1, 2),
        _cell_colour(image, 2, 3),
    )
    assert full == (8, 48, 107) and none == (247, 251, 255) and empty == (225, 225, 225)
    assert none[2] > half[2] > full[2]  # darker with more completed episodes


def test_a_narrow_grid_keeps_room_for_the_title() -> None:
    assert heatmap_image({(2, 2): [True]}, "t").size == heatmap_size(1, 1) == (MIN_WIDTH, TOP + CELL + 64)


def test_nothing_to_draw_is_an_error() -> None:
    with pytest.raises(ValueError, match="no sliding geom episodes"):
        heatmap_image({}, "t")


def test_the_minimal_distance_map_runs_from_white_at_0_to_red_at_the_longest_length() -> None:
    from scorer.families.slidegeom.heatmap import MIN_DISTANCE

    cells = {(2, 2): [0.0], (3, 8): [8.0, 8.0], (4, 5): [2.0, 6.0]}
    image = heatmap_image(cells, "test", MIN_DISTANCE)
    at_goal, far, middle = _cell_colour(image, 0, 0), _cell_colour(image, 1, 6), _cell_colour(image, 2, 3)
    assert at_goal == (255, 247, 243) and far == (140, 20, 30)
    assert at_goal[1] > middle[1] > far[1]  # the average 4.0 of 8 lies half way
