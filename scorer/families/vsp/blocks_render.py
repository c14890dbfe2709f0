"""The picture of a blocks state: coloured cubes in stacks on a wooden table, 256 x 256
pixels as VSP's images (VSP sampled photographs of the BIRD dataset; we draw our own).

Each cube is a front face with a lighter top and a darker right side, so stacked cubes
read as separate blocks; the stacks stand left to right in the state's order, evenly
spaced, so "stack 1" is the leftmost. Drawn at 4x and reduced (smooth edges); the same
state always gives the same bytes.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from scorer.families.vsp.blocks import Stacks
from scorer.render.draw import downsample, vertical_gradient
from scorer.render.png import png_bytes
from scorer.render.shapes import RGB, shade

SIZE = 256  # pixels, as VSP's images
SCALE = 4  # supersampling factor
CUBE = 32  # a cube's front face, in output pixels
DEPTH = 6  # how far the top and side faces reach back
TABLE_TOP = 226  # the table's front edge, in output pixels
PAINT: dict[str, RGB] = {
    "blue": (40, 90, 210),
    "yellow": (240, 205, 40),
    "purple": (120, 50, 160),
    "orange": (245, 130, 30),
    "red": (210, 35, 35),
    "green": (40, 160, 70),
}
EDGE: RGB = (30, 30, 30)


def blocks_image(stacks: Stacks) -> Image.Image:
    if len(stacks) * (CUBE + DEPTH + 4) > SIZE or any(len(s) * CUBE > TABLE_TOP - 10 for s in stacks):
        raise ValueError(f"{len(stacks)} stacks up to {max(map(len, stacks))} high do not fit in {SIZE} px")
    big = SIZE * SCALE
    image = vertical_gradient((big, big), (232, 236, 240), (200, 206, 214))
    draw = ImageDraw.Draw(image)
    _table(draw)
    for x, stack in zip(_stack_lefts(len(stacks)), stacks):
        for level, block in enumerate(stack):
            _cube(draw, x, TABLE_TOP - 6 - (level + 1) * CUBE, PAINT[block])
    return downsample(image, SCALE)


def _stack_lefts(count: int) -> list[int]:
    """Left edges of ``count`` stacks spread evenly over the table."""
    pitch = SIZE / count
    return [round(pitch * k + (pitch - CUBE - DEPTH) / 2) for k in range(count)]


def _table(draw: ImageDraw.ImageDraw) -> None:
    s = SCALE
    wood: RGB = (170, 120, 75)
    draw.polygon(
        [(0, (TABLE_TOP - 14) * s), (SIZE * s, (TABLE_TOP - 14) * s), (SIZE * s, TABLE_TOP * s), (0, TABLE_TOP * s)],
        fill=wood,
    )
    draw.rectangle([0, TABLE_TOP * s, SIZE * s, SIZE * s], fill=shade(wood, 0.7))


def _cube(draw: ImageDraw.ImageDraw, left: int, top: int, colour: RGB) -> None:
    """A cube whose front face's top-left corner is (left, top), in output pixels."""
    s = SCALE
    x0, y0, x1, y1, d = left * s, top * s, (left + CUBE) * s, (top + CUBE) * s, DEPTH * s
    width = max(s, 1)
    draw.polygon([(x0, y0), (x0 + d, y0 - d), (x1 + d, y0 - d), (x1, y0)], fill=shade(colour, 1.25), outline=EDGE)
    draw.polygon([(x1, y0), (x1 + d, y0 - d), (x1 + d, y1 - d), (x1, y1)], fill=shade(colour, 0.7), outline=EDGE)
    draw.rectangle([x0, y0, x1, y1], fill=colour, outline=EDGE, width=width)


# A build shows its dev split's pictures again in every row's few-shot examples: kept, a row
# encodes only its own pictures.
@lru_cache(maxsize=256)
def blocks_png(stacks: Stacks) -> bytes:
    return png_bytes(blocks_image(stacks))


# The example of VSP's blocks prompts: purple alone, blue alone, orange under red.
EXAMPLE: Stacks = (("purple",), ("blue",), ("orange", "red"))


@cache
def example_png() -> bytes:
    return blocks_png(EXAMPLE)
