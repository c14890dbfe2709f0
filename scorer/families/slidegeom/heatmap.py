"""Heat maps of sliding geom episodes over (geoms x optimal length), drawn with Pillow:
iVISPAR's figure 7 (the average minimal distance to the goal within the 20 moves) and,
beside it, the share of episodes completed.

One cell per (number of geoms, optimal length): the measure over its episodes, written
in the cell: completion in % on a white-to-blue scale, the average minimal A* distance
on a white-to-red scale running from 0 to the largest optimal length shown (where an
agent that never moved would stay). Rows are geom counts (fewest at the top), columns
optimal lengths, each axis running over every value between the smallest and the
largest present, so a cell without episodes shows as a grey dash.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from scorer.io import atomic
from scorer.render.fonts import load_font
from scorer.scoring.grading import Grading

Cells = dict[tuple[int, int], list[float]]  # (geoms, optimal length) -> the measure per episode

CELL = 56
LEFT, TOP, RIGHT, BOTTOM = 96, 48, 24, 64
MIN_WIDTH = 480  # room for the title above a narrow grid
_LOW, _HIGH = (247, 251, 255), (8, 48, 107)  # completion 0 and 1
_NEAR, _FAR = (255, 247, 243), (140, 20, 30)  # minimal distance 0 and the largest optimal length
_EMPTY = (225, 225, 225)
_INK = (30, 30, 30)


@dataclass(frozen=True)
class Measure:
    """What a heat map shows: a title, the scale's colours, and a cell's text and its
    share of the scale (given the largest optimal length on the map)."""

    title: str
    low: tuple[int, int, int]
    high: tuple[int, int, int]
    text: Callable[[float], str]
    share: Callable[[float, int], float]


COMPLETION = Measure("completed episodes (%)", _LOW, _HIGH, lambda v: f"{round(100 * v)}", lambda v, longest: v)
MIN_DISTANCE = Measure(
    "average minimal distance (moves)",
    _NEAR,
    _FAR,
    lambda v: f"{v:.1f}",
    lambda v, longest: min(1.0, v / longest) if longest else 0.0,
)


def completion_cells(grading: Grading, config: str) -> Cells:
    """Completed (1) or not (0), per sliding geom episode row of ``config`` (missing rows count as not)."""
    return _cells(grading, config, lambda row, judgement: float(judgement.score == 1.0))


def min_distance_cells(grading: Grading, config: str) -> Cells:
    """The smallest A* distance to the goal each played episode of ``config`` reached
    (a row not played, whose outcome is unknown, is left out)."""
    return _cells(grading, config, lambda row, judgement: _min_distance(judgement.parsed))


def _min_distance(parsed: Any) -> float | None:
    return float(parsed["min_distance"]) if isinstance(parsed, dict) and "min_distance" in parsed else None


def _cells(grading: Grading, config: str, value: Callable[[Any, Any], float | None]) -> Cells:
    cells: Cells = {}
    for row, judgement in grading.rows:
        if row.config == config and row.domain == "slidegeom" and row.task == "episode":
            found = value(row, judgement)
            if found is not None:
                key = (int(row.meta["n_geoms"]), int(row.meta["optimal_length"]))
                cells.setdefault(key, []).append(found)
    return cells


def heatmap_configs(grading: Grading) -> list[str]:
    """Configs of the run that hold sliding geom episodes."""
    return sorted({row.config for row, _ in grading.rows if row.domain == "slidegeom" and row.task == "episode"})


def heatmap_size(n_geom_values: int, n_length_values: int) -> tuple[int, int]:
    return max(MIN_WIDTH, LEFT + CELL * n_length_values + RIGHT), TOP + CELL * n_geom_values + BOTTOM


def heatmap_image(cells: Cells, title: str, measure: Measure = COMPLETION) -> Image.Image:
    if not cells:
        raise ValueError("no sliding geom episodes to draw")
    geoms = _axis([g for g, _ in cells])
    lengths = _axis([n for _, n in cells])
    image = Image.new("RGB", heatmap_size(len(geoms), len(lengths)), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for row, n_geoms in enumerate(geoms):
        for column, length in enumerate(lengths):
            values = cells.get((n_geoms, length))
            _draw_cell(draw, LEFT + column * CELL, TOP + row * CELL, values, measure, lengths[-1])
    _draw_axes(draw, geoms, lengths, f"{title}: {measure.title}")
    return image


def write_heatmaps(grading: Grading, path: Path) -> list[Path]:
    """Per config with sliding geom episodes, the completion map at ``path`` and iVISPAR's
    figure 7 map of the average minimal distance beside it (``<stem>-min-distance``);
    with several configs, ``<stem>-<config>`` and ``<stem>-<config>-min-distance``."""
    configs = heatmap_configs(grading)
    if not configs:
        raise ValueError("the scored configs hold no sliding geom episodes; nothing to draw")
    written = []
    for config in configs:
        target = path if len(configs) == 1 else path.with_name(f"{path.stem}-{config}{path.suffix or '.png'}")
        written.append(_write(heatmap_image(completion_cells(grading, config), config), target))
        distances = min_distance_cells(grading, config)
        if distances:  # nothing was played: no distance to show
            beside = target.with_name(f"{target.stem}-min-distance{target.suffix or '.png'}")
            written.append(_write(heatmap_image(distances, config, MIN_DISTANCE), beside))
    return written


def _write(image: Image.Image, target: Path) -> Path:
    atomic.write_with(target, lambda temporary: image.save(temporary, format="PNG"))
    return target


def _axis(values: list[int]) -> list[int]:
    return list(range(min(values), max(values) + 1))


def _draw_cell(
    draw: ImageDraw.ImageDraw, left: int, top: int, values: list[float] | None, measure: Measure, longest: int
) -> None:
    box = (left, top, left + CELL - 1, top + CELL - 1)
    centre = (left + CELL // 2, top + CELL // 2)
    if not values:
        draw.rectangle(box, fill=_EMPTY, outline=(255, 255, 255))
        draw.text(centre, "-", fill=(150, 150, 150), font=load_font(16), anchor="mm")
        return
    average = sum(values) / len(values)
    share = measure.share(average, longest)
    fill = tuple(round(lo + (hi - lo) * share) for lo, hi in zip(measure.low, measure.high))
    draw.rectangle(box, fill=fill, outline=(255, 255, 255))
    ink = (255, 255, 255) if share > 0.5 else _INK  # readable on dark and light cells
    draw.text(centre, measure.text(average), fill=ink, font=load_font(16), anchor="mm")


def _draw_axes(draw: ImageDraw.ImageDraw, geoms: list[int], lengths: list[int], title: str) -> None:
    ticks, labels = load_font(15), load_font(17)
    for row, n_geoms in enumerate(geoms):
        draw.text((LEFT - 10, TOP + row * CELL + CELL // 2), str(n_geoms), fill=_INK, font=ticks, anchor="rm")
    for column, length in enumerate(lengths):
        draw.text(
            (LEFT + column * CELL + CELL // 2, TOP + len(geoms) * CELL + 8),
            str(length),
            fill=_INK,
            font=ticks,
            anchor="mt",
        )
    grid_right = LEFT + len(lengths) * CELL
    draw.text(
        ((LEFT + grid_right) // 2, TOP + len(geoms) * CELL + 36),
        "optimal length (moves)",
        fill=_INK,
        font=labels,
        anchor="mt",
    )
    draw.text((12, TOP + len(geoms) * CELL // 2), "geoms", fill=_INK, font=labels, anchor="lm")
    draw.text((12, TOP // 2), title, fill=_INK, font=labels, anchor="lm")
