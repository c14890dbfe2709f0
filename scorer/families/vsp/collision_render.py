"""Images of a collision scene: a 6x6 grid of 64 px asphalt cells (384 px, as VSP's
images) with the taxi facing where it drives, the person and the gift goal; plus the
legend and VSP's worked example that every prompt shows.

Sprites are 16 px art scaled with nearest-neighbour; the same scene always gives the
same bytes. The plain paved grid is drawn once and copied; only the three things' cells
are pasted per scene.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from scorer.families.vsp.collision import EXAMPLE, SIZE, Cell, Scene
from scorer.families.vsp.collision_sprites import asphalt, taxi
from scorer.families.vsp.maze_sprites import GOAL, PLAYER, sprite
from scorer.render.fonts import load_font
from scorer.render.png import png_bytes

CELL = 64  # pixels per cell, as VSP's images
GRID_LINE = (150, 154, 160)


def _tile(*layers: Image.Image) -> Image.Image:
    tile = asphalt().copy()
    for layer in layers:
        tile.alpha_composite(layer)
    return tile.convert("RGB").resize((CELL, CELL), Image.Resampling.NEAREST)


@cache
def _paved_grid() -> Image.Image:
    """Every cell paved with plain asphalt: 33 of a scene's 36 cells stay so. Only copied."""
    side = SIZE * CELL
    image = Image.new("RGB", (side, side))
    plain = _tile()
    for r in range(SIZE):
        for c in range(SIZE):
            image.paste(plain, (c * CELL, r * CELL))
    return image


def scene_image(scene: Scene) -> Image.Image:
    side = SIZE * CELL
    image = _paved_grid().copy()
    things: dict[Cell, Image.Image] = {
        scene.goal: sprite(GOAL),
        scene.person.cell: sprite(PLAYER),
        scene.car.cell: taxi(scene.car.direction),
    }
    for (r, c), art in things.items():  # a later thing on the same cell replaces an earlier one
        image.paste(_tile(art), (c * CELL, r * CELL))
    draw = ImageDraw.Draw(image)
    for k in range(1, SIZE):  # lines between cells make distances countable
        draw.line([(k * CELL, 0), (k * CELL, side)], fill=GRID_LINE, width=2)
        draw.line([(0, k * CELL), (side, k * CELL)], fill=GRID_LINE, width=2)
    return image


def scene_png(scene: Scene) -> bytes:
    return png_bytes(scene_image(scene))


@cache
def example_png() -> bytes:
    return scene_png(EXAMPLE)


@cache
def legend_png() -> bytes:
    """The person, the car and the goal side by side, each named under its tile (the
    first figure of VSP's collision prompt)."""
    shown = (("Person", sprite(PLAYER)), ("Car", taxi("right")), ("Goal", sprite(GOAL)))
    gap, label = 16, 32
    image = Image.new("RGB", (len(shown) * (CELL + gap) + gap, gap + CELL + label), "white")
    draw = ImageDraw.Draw(image)
    for k, (name, art) in enumerate(shown):
        x = gap + k * (CELL + gap)
        image.paste(_tile(art), (x, gap))
        draw.text((x + CELL // 2, gap + CELL + label // 2), name, fill="black", font=load_font(16), anchor="mm")
    return png_bytes(image)
