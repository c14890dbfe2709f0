"""Completion heat map of sliding geom episodes over (geoms x optimal length), as seed
001's figure 7, drawn with Pillow.

One cell per (number of geoms, optimal length): the share of its episodes completed,
written in the cell, on a white-to-blue scale. Rows are geom counts (fewest at the top),
columns optimal lengths, each axis running over every value between the smallest and
the largest present, so a cell without episodes shows as a grey dash.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from scorer import atomic
from scorer.grading import Grading
from scorer.render.fonts import load_font

Cells = dict[tuple[int, int], list[bool]]  # (geoms, optimal length) -> completed per episode

CELL = 56
LEFT, TOP, RIGHT, BOTTOM = 96, 48, 24, 64
MIN_WIDTH = 480  # room for the title above a narrow grid
_LOW, _HIGH = (247, 251, 255), (8, 48, 107)  # completion 0 and 1
_EMPTY = (225, 225, 225)
_INK = (30, 30, 30)


def completion_cells(grading: Grading, config: str) -> Cells:
    """Completed or not, per sliding geom episode row of ``config`` (missing rows count as not)."""
    cells: Cells = {}
    for row, judgement in grading.rows:
        if row.config == config and row.domain == "slidegeom" and row.task == "episode":
            key = (int(row.meta["n_geoms"]), int(row.meta["optimal_length"]))
            cells.setdefault(key, []).append(judgement.score == 1.0)
    return cells


def heatmap_configs(grading: Grading) -> list[str]:
    """Configs of the run that hold sliding geom episodes."""
    return sorted({row.config for row, _ in grading.rows if row.domain == "slidegeom" and row.task == "episode"})


def heatmap_size(n_geom_values: int, n_length_values: int) -> tuple[int, int]:
    return max(MIN_WIDTH, LEFT + CELL * n_length_values + RIGHT), TOP + CELL * n_geom_values + BOTTOM


def heatmap_image(cells: Cells, title: str) -> Image.Image:
    if not cells:
        raise ValueError("no sliding geom episodes to draw")
    geoms = _axis([g for g, _ in cells])
    lengths = _axis([n for _, n in cells])
    image = Image.new("RGB", heatmap_size(len(geoms), len(lengths)), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for row, n_geoms in enumerate(geoms):
        for column, length in enumerate(lengths):
            _draw_cell(draw, LEFT + column * CELL, TOP + row * CELL, cells.get((n_geoms, length)))
    _draw_axes(draw, geoms, lengths, title)
    return image


def write_heatmaps(grading: Grading, path: Path) -> list[Path]:
    """One PNG per config with sliding geom episodes: ``path`` itself when there is one
    config, ``<stem>-<config><suffix>`` beside it when there are several."""
    configs = heatmap_configs(grading)
    if not configs:
        raise ValueError("the scored configs hold no sliding geom episodes; nothing to draw")
    written = []
    for config in configs:
        target = path if len(configs) == 1 else path.with_name(f"{path.stem}-{config}{path.suffix or '.png'}")
        image = heatmap_image(completion_cells(grading, config), f"{config}: completed episodes")
        atomic.write_with(target, lambda temporary: image.save(temporary, format="PNG"))  # noqa: B023 (called at once)
        written.append(target)
    return written


def _axis(values: list[int]) -> list[int]:
    return list(range(min(values), max(values) + 1))


def _draw_cell(draw: ImageDraw.ImageDraw, left: int, top: int, outcomes: list[bool] | None) -> None:
    box = (left, top, left + CELL - 1, top + CELL - 1)
    centre = (left + CELL // 2, top + CELL // 2)
    if not outcomes:
        draw.rectangle(box, fill=_EMPTY, outline=(255, 255, 255))
        draw.text(centre, "-", fill=(150, 150, 150), font=load_font(16), anchor="mm")
        return
    share = sum(outcomes) / len(outcomes)
    fill = tuple(round(lo + (hi - lo) * share) for lo, hi in zip(_LOW, _HIGH))
    draw.rectangle(box, fill=fill, outline=(255, 255, 255))
    ink = (255, 255, 255) if share > 0.5 else _INK  # readable on dark and light cells
    draw.text(centre, f"{round(100 * share)}", fill=ink, font=load_font(16), anchor="mm")


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
    draw.text((LEFT, TOP // 2), f"{title} (%)", fill=_INK, font=labels, anchor="lm")
