"""Drawing helpers made fast must give the pixels of their definition."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.render.draw import row_gradient


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
