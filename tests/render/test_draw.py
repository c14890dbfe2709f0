"""Drawing helpers made fast must give the pixels of their definition."""

from __future__ import annotations

import random

import numpy as np
import pytest
from PIL import Image, ImageDraw

from scorer.render.draw import Draw, row_gradient, scratch_copy


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


def _noise(size: tuple[int, int]) -> Image.Image:
    pixels = np.random.default_rng(0).integers(0, 256, size=(size[1], size[0], 3), dtype=np.uint8)
    return Image.fromarray(pixels, "RGB")


def test_a_scratch_copy_is_the_background_again_after_each_drawing() -> None:
    background = _noise((90, 70))
    kept = background.tobytes()
    for index in range(3):
        with scratch_copy(background) as scratch:
            assert scratch.image.tobytes() == kept  # lent equal to the background
            ImageDraw.Draw(scratch.image).rectangle((10 + index, 20, 40, 50.5), fill=(255, 0, 0))
            scratch.changed = (10 + index, 20, 41, 51)
    with scratch_copy(background) as scratch:
        assert scratch.image.tobytes() == kept
    assert background.tobytes() == kept  # never drawn on itself


def test_a_scratch_copy_is_put_back_whole_when_the_drawing_fails() -> None:
    background = _noise((40, 30))
    with pytest.raises(RuntimeError), scratch_copy(background) as scratch:
        scratch.image.paste((0, 0, 0), (0, 0, 40, 30))
        raise RuntimeError("the drawing failed before saying what it changed")
    with scratch_copy(background) as scratch:
        assert scratch.image.tobytes() == background.tobytes()
