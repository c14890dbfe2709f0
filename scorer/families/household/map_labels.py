"""Floor-plan labels that never touch and that the view cone never crosses.

Each label comes with the spots it may sit at (centres, the likeliest first) and the
region it belongs in (its room), and is placed at the first free spot, in the order given
(the first the most important). A spot is free when the label's box stays inside its
region, keeps a few pixels off every label placed before and off the agent, and no line of the
view cone crosses it. When none of its spots is free, a label takes the free spot of a
grid over its region nearest its first spot (over the picture if the region has none).
Pure geometry: the tests check it without drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]  # left, top, right, bottom (pixels)
Point = tuple[float, float]
Segment = tuple[Point, Point]

GAP = 4.0  # pixels between two labels' boxes: they never touch, nor read as one


@dataclass(frozen=True)
class WantedLabel:
    text: str
    half: Point  # half the width and height of its box
    spots: tuple[Point, ...]  # centres it may sit at, the likeliest first
    region: Box  # it stays inside (its room)


@dataclass(frozen=True)
class Obstacles:
    picture: Box  # labels stay inside it when their region is full
    lines: tuple[Segment, ...]  # no label may be crossed by one (the view cone's edges)
    solid: tuple[Box, ...]  # no label may cover one (the agent)


def box_at(centre: Point, half: Point) -> Box:
    return (centre[0] - half[0], centre[1] - half[1], centre[0] + half[0], centre[1] + half[1])


def boxes_meet(a: Box, b: Box, gap: float = 0.0) -> bool:
    """Whether two boxes overlap or come closer than ``gap``."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def crosses(segment: Segment, box: Box) -> bool:
    """Whether ``segment`` passes through ``box`` (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = segment
    low, high = 0.0, 1.0
    for step, room in ((x0 - x1, x0 - box[0]), (x1 - x0, box[2] - x0), (y0 - y1, y0 - box[1]), (y1 - y0, box[3] - y0)):
        if step == 0:
            if room < 0:
                return False
            continue
        t = room / step
        low, high = (max(low, t), high) if step < 0 else (low, min(high, t))
        if low > high:
            return False
    return True


def place_labels(wanted: Sequence[WantedLabel], obstacles: Obstacles) -> list[Box]:
    """Each label's box, in the order of ``wanted``: no two meet, none meets an obstacle."""
    placed: list[Box] = []
    for label in wanted:
        boxes = (box_at(spot, label.half) for spot in label.spots)  # made as tried: the first free one ends it
        chosen = next((box for box in boxes if _free(box, label.region, placed, obstacles)), None)
        chosen = chosen or _nearest_free(label, label.region, placed, obstacles)
        fallback = box_at(label.spots[0], label.half)
        placed.append(chosen or _nearest_free(label, obstacles.picture, placed, obstacles) or fallback)
    return placed


def _free(box: Box, region: Box, placed: list[Box], obstacles: Obstacles) -> bool:
    if box[0] < region[0] or box[1] < region[1] or box[2] > region[2] or box[3] > region[3]:
        return False
    if any(boxes_meet(box, other, GAP) for other in placed) or any(boxes_meet(box, s) for s in obstacles.solid):
        return False
    return not any(crosses(line, box) for line in obstacles.lines)


def _nearest_free(label: WantedLabel, region: Box, placed: list[Box], obstacles: Obstacles) -> Box | None:
    """The free box in ``region`` on a grid of half the label's height nearest its first spot."""
    step = label.half[1]
    left, top, right, bottom = region
    columns, rows = int((right - left) / step) + 1, int((bottom - top) / step) + 1
    grid = [(left + step * i, top + step * j) for i in range(columns) for j in range(rows)]
    first = label.spots[0]
    grid.sort(key=lambda at: ((at[0] - first[0]) ** 2 + (at[1] - first[1]) ** 2, at))
    boxes = (box_at(at, label.half) for at in grid)
    return next((box for box in boxes if _free(box, region, placed, obstacles)), None)
