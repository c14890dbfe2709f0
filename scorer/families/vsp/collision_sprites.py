"""The collision scene's own pixel art, 16 x 16 letters as the maze's sprites (the same
palette, ``maze_sprites.PALETTE``): a yellow taxi seen from the side, facing right, and
the asphalt a cell is paved with. The person and the goal are the maze's player and gift,
as in VSP's collision images."""

from __future__ import annotations

from functools import cache

from PIL import Image

from scorer.families.vsp.maze_sprites import sprite

ASPHALT = (92, 96, 104)
ASPHALT_SPECK = (112, 116, 124)

TAXI = """
................
................
................
................
.....oooooo.....
....oiiyiiio....
...oiiiyiiiio...
.ooyyyyyyyyyyoo.
oyyyyoyyyyyyyywo
oyyyyoyyyyyyyyyo
oyyyyoyyyyyyyyyo
ooooooooooooooo.
...ooo....ooo...
..oowoo..oowoo..
...ooo....ooo...
................
"""


@cache
def taxi(direction: str) -> Image.Image:
    """The taxi facing ``direction`` (left or right): a car shows where it is heading."""
    image = sprite(TAXI)
    return image.transpose(Image.Transpose.FLIP_LEFT_RIGHT) if direction == "left" else image


@cache
def asphalt() -> Image.Image:
    """A grey tile with a few lighter specks at fixed places (deterministic)."""
    tile = Image.new("RGBA", (16, 16), (*ASPHALT, 255))
    for x, y in ((2, 3), (11, 1), (6, 8), (14, 10), (3, 13), (9, 14), (12, 6)):
        tile.putpixel((x, y), (*ASPHALT_SPECK, 255))
    return tile
