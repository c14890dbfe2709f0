"""Name tags that never overlap: greedy placement, each tag checked against those placed.

Each object has a box in the picture and a tag of known size. Tags are placed one at a
time, in the order given (the first the most important): each at the free candidate
slot nearest its wanted place (on the box's top edge, at its left), trying slots
above the box, then below it, then beside it, each at a few horizontal shifts and
stacked rows. A slot is free when it stays inside the picture and meets no tag placed
before; slots that also keep off the other objects' boxes are preferred. A tag that does
not touch its own box gets a leader line to it. Only small objects' boxes are kept clear
(``solid`` targets): a tag may lie over a large piece of furniture. Pure geometry: deterministic, and the
tests check it without drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]  # left, top, right, bottom

ROWS = 8  # stacked rows tried above and below a box


@dataclass(frozen=True)
class Tag:
    text: str
    target: Box  # the object's box
    box: Box  # the tag's box
    leader: bool  # a line joins the tag to the target (the tag does not touch it)


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share interior (touching edges do not count)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_tags(
    targets: Sequence[tuple[Box, str, float, bool]],
    tag_height: float,
    size: tuple[float, float],
    gap: float,
    margin: float,
) -> list[Tag]:
    """Tags for ``targets`` ((box, text, tag width, solid) each) in a ``size`` picture.

    ``gap`` separates a tag from its box and from stacked rows; ``margin`` keeps tags
    off the picture's edges. No two returned tag boxes overlap.
    """
    placed: list[Tag] = []
    for index, (box, text, width, _) in enumerate(targets):
        others = [target[0] for other, target in enumerate(targets) if target[3] and other != index]
        candidates = _candidates(box, width, tag_height, size, gap, margin)
        taken = [tag.box for tag in placed]
        chosen = _first_free(candidates, taken, others) or _first_free(candidates, taken, [])
        if chosen is None:
            chosen = _scan(width, tag_height, size, margin, taken)
        touching = not (chosen[2] < box[0] - gap or chosen[0] > box[2] + gap)
        touching = touching and not (chosen[3] < box[1] - gap or chosen[1] > box[3] + gap)
        placed.append(Tag(text, box, chosen, not touching))
    return placed


def _first_free(candidates: list[Box], taken: list[Box], avoid: list[Box]) -> Box | None:
    for candidate in candidates:
        if not any(overlap(candidate, other) for other in taken) and not any(
            overlap(candidate, other) for other in avoid
        ):
            return candidate
    return None


def _candidates(
    box: Box, width: float, height: float, size: tuple[float, float], gap: float, margin: float
) -> list[Box]:
    """Slots around ``box`` inside the picture, nearest the wanted one first."""
    left, top, right, bottom = box
    max_x, max_y = size[0] - margin - width, size[1] - margin - height
    wanted_x = min(max(left, margin), max_x)
    wanted_y = top - gap - height
    xs = sorted(
        {min(max(x, margin), max_x) for x in (left, (left + right - width) / 2, right - width)}
        | {min(max(wanted_x + shift * width * 0.5, margin), max_x) for shift in (-2, -1, 1, 2)}
    )
    step = height + gap
    rows = [top - gap - height - k * step for k in range(ROWS)] + [bottom + gap + k * step for k in range(ROWS)]
    found: dict[Box, float] = {}
    for y in rows:
        if not margin <= y <= max_y:
            continue
        below = 1.5 * height if y > top else 0.0  # a tag below its box is a little less wanted
        for x in xs:
            found.setdefault((x, y, x + width, y + height), abs(x - wanted_x) + abs(y - wanted_y) + below)
    middle = min(max((top + bottom - height) / 2, margin), max_y)
    for x in (left - gap - width, right + gap):  # beside the box
        if margin <= x <= max_x:
            found.setdefault((x, middle, x + width, middle + height), abs(x - wanted_x) + abs(middle - wanted_y))
    return sorted(found, key=lambda candidate: (found[candidate], candidate))


def _scan(width: float, height: float, size: tuple[float, float], margin: float, taken: list[Box]) -> Box:
    """The first free slot reading the picture row by row (every row full: its top left)."""
    y = margin
    while y + height <= size[1] - margin:
        x = margin
        while x + width <= size[0] - margin:
            candidate = (x, y, x + width, y + height)
            blocking = [other for other in taken if overlap(candidate, other)]
            if not blocking:
                return candidate
            x = max(other[2] for other in blocking) + 1
        y += height / 2
    return (margin, margin, margin + width, margin + height)


def leader_line(tag: Tag) -> tuple[tuple[float, float], tuple[float, float]]:
    """From the tag's edge nearest its target to the nearest point of the target's box."""
    left, top, right, bottom = tag.box
    centre = ((left + right) / 2, (top + bottom) / 2)
    t_left, t_top, t_right, t_bottom = tag.target
    end = (min(max(centre[0], t_left), t_right), min(max(centre[1], t_top), t_bottom))
    start = (min(max(end[0], left), right), min(max(end[1], top), bottom))
    return start, end
