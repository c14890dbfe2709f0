"""Drawing helpers made fast must give the pixels of their definition."""

from __future__ import annotations

import random

import numpy as np
import pytest
from PIL import Image, ImageDraw

from scorer.render.draw import Draw, row_gradient


@pytest.mark.parametrize(
    ("size", "first_row", "last_row"), [((512, 512), 0.0, 511.0), ((96, 40), 10.3, 30.7), ((3, 9), -4.0, 2.0)]
)
def test_row_gradient_gives_each_row_its_interpolated_colour(
    size: tuple[int, int], first_row: float, last_row: float
) -> None:
    start, end = (228, 20, 204), (96, 186, 170)
    pixels = np.asarray(row_gradient(size, first_row, last_row, start, end))
    assert pixels.shape == (size[1], size[0], 3)
    for row in range(size[1]):
        weight = min(max((row - first_row) / max(last_row - first_row, 1.0), 0.0), 1.0)
        colour = [round(a * (1 - weight) + b * weight) for a, b in zip(start, end, strict=True)]
        assert (pixels[row] == colour).all(), row


@pytest.mark.parametrize(("mode", "background"), [("RGB", (230, 220, 210)), ("RGBA", (10, 20, 30, 255)), ("L", 128)])
def test_draw_gives_pillows_polygons_with_wide_outlines(mode: str, background: object) -> None:
    rng = random.Random(mode)
    ours, pillows = (Image.new(mode, (160, 120), background) for _ in range(2))  # type: ignore[arg-type]
    ours_draw, pillows_draw = Draw(ours), ImageDraw.Draw(pillows)
    for index in range(300):  # one canvas: each polygon must find the reused mask empty
        corners = [(rng.uniform(-20, 180), rng.uniform(-20, 140)) for _ in range(rng.randint(3, 7))]
        fill = None if index % 4 == 0 else (index % 256, 40, 200)
        outline, width = (255 - index % 256, 90, 30), rng.randint(1, 6)
        if mode == "L":
            fill, outline = (None if fill is None else fill[0]), outline[0]
        ours_draw.polygon(corners, fill=fill, outline=outline, width=width)
        pillows_draw.polygon(corners, fill=fill, outline=outline, width=width)
        assert ours.tobytes() == pillows.tobytes(), (index, corners, width)
