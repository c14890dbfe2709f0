"""PNG bytes at a chosen zlib level; the build's level is Pillow's default, so built images never change."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from scorer.render.png import BUILD_LEVEL, SERVE_LEVEL, png_bytes


def _picture() -> Image.Image:
    image = Image.linear_gradient("L").resize((96, 64)).convert("RGB")
    image.paste((200, 30, 40), (10, 10, 40, 30))
    return image


def test_the_build_level_gives_the_bytes_of_pillows_default_encoding() -> None:
    image, buffer = _picture(), io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)  # how every shard image was encoded before levels existed
    assert png_bytes(image) == png_bytes(image, BUILD_LEVEL) == buffer.getvalue()


def test_the_serve_level_encodes_the_same_pixels_in_other_bytes() -> None:
    image = _picture()
    served = png_bytes(image, SERVE_LEVEL)
    assert served != png_bytes(image)
    assert Image.open(io.BytesIO(served)).tobytes() == image.tobytes()


@pytest.mark.parametrize("level", [-1, 10])
def test_a_level_outside_zlibs_range_is_refused(level: int) -> None:
    with pytest.raises(ValueError, match=f"PNG level must be 0-9 \\(zlib\\), got {level}"):
        png_bytes(_picture(), level)


@pytest.mark.parametrize("mode", ["L", "LA", "RGB", "RGBA"])
@pytest.mark.parametrize("level", [0, 1, 9])
def test_the_fast_encoder_gives_every_pixel_back(mode: str, level: int) -> None:
    noise = np.random.default_rng(level).integers(0, 256, size=(37, 53, 4), dtype=np.uint8)
    image = Image.fromarray(noise, "RGBA").convert(mode)  # noise: every byte difference, wrapping included
    decoded = Image.open(io.BytesIO(png_bytes(image, level)))
    assert (decoded.mode, decoded.size, decoded.tobytes()) == (mode, image.size, image.tobytes())


def test_a_mode_the_fast_encoder_does_not_write_goes_to_pillow() -> None:
    image = _picture().convert("P")
    decoded = Image.open(io.BytesIO(png_bytes(image, SERVE_LEVEL)))
    assert (decoded.mode, decoded.tobytes()) == ("P", image.tobytes())
