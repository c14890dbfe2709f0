"""Pixel-art tiles of the maze, 16 x 16 pixels each, drawn here as text (one letter per
pixel, ``.`` transparent) so they are easy to see and to change. VSP's maze is frozen-lake
pixel art (a player, ice holes, snowy land, a gift as the goal); these are our own."""

from __future__ import annotations

from functools import cache

from PIL import Image

TILE = 16  # pixels per sprite side, before scaling

PALETTE: dict[str, tuple[int, int, int]] = {
    "s": (222, 238, 250),  # snow
    "w": (246, 251, 255),  # snow highlight
    "b": (190, 214, 236),  # snow shadow
    "k": (24, 52, 92),  # deep water of a hole
    "n": (40, 86, 140),  # water
    "i": (132, 184, 222),  # ice rim
    "r": (200, 40, 44),  # red (gift, coat)
    "y": (246, 204, 52),  # yellow ribbon
    "g": (38, 140, 62),  # green (hat, boots)
    "f": (246, 200, 160),  # face
    "o": (40, 30, 30),  # outline, eyes
    "m": (120, 70, 40),  # belt
}

LAND = """
ssssssssssssssss
swssssssssssbsss
ssssssssssssssss
sssssbssssssssss
ssssssssssswssss
ssssssssssssssss
ssbsssssssssssss
ssssssswssssssss
ssssssssssssssss
sssssssssssssbss
swssssssssssssss
ssssssbsssssssss
ssssssssssssssss
sssssssssswsssss
ssssbsssssssssss
ssssssssssssssss
"""

HOLE = """
................
................
.....iiiiii.....
...iinnnnnnii...
..innnnnnnnnni..
..innkkkkkknni..
.innkkkkkkkknni.
.inkkkkkkkkkkni.
.inkkkkkkkkkkni.
.innkkkkkkkknni.
..innkkkkkknni..
..innnnnnnnnni..
...iinnnnnnii...
.....iiiiii.....
................
................
"""

PLAYER = """
.......gg.......
......gggg......
.....gggggg.....
....gggggggg....
...oooooooooo...
....ffffffff....
....fofffoff....
....ffffffff....
.....ffffff.....
....rrrrrrrr....
...frrrrrrrrf...
...frrmmmmrrf...
....rrrrrrrr....
....rrr..rrr....
....ggg..ggg....
...gggg..gggg...
"""

GOAL = """
................
.....yy..yy.....
....y..yy..y....
....y..yy..y....
.....yyyyyy.....
..rrrrryyrrrrr..
..rrrrryyrrrrr..
..yyyyyyyyyyyy..
..rrrrryyrrrrr..
..rrrrryyrrrrr..
..rrrrryyrrrrr..
..rrrrryyrrrrr..
..rrrrryyrrrrr..
..rrrrryyrrrrr..
..oooooooooooo..
................
"""


@cache
def sprite(art: str) -> Image.Image:
    """The RGBA image of one sprite's text (a ValueError names a bad letter or shape)."""
    rows = art.strip("\n").splitlines()
    if len(rows) != TILE or any(len(row) != TILE for row in rows):
        raise ValueError(f"a sprite must be {TILE}x{TILE} letters")
    image = Image.new("RGBA", (TILE, TILE), (0, 0, 0, 0))
    for y, row in enumerate(rows):
        for x, letter in enumerate(row):
            if letter != ".":
                if letter not in PALETTE:
                    raise ValueError(f"unknown sprite letter {letter!r} at ({x}, {y})")
                image.putpixel((x, y), (*PALETTE[letter], 255))
    return image
