"""Images of a maze: VSP's pixel-art view (64 px per cell, as VSP's images) and the
black-and-white variant of VSP's appendix G (a circle for the player, "@" for the goal,
"X" for a hole), plus the legend and the worked example every prompt shows.

Pixel-art sprites are drawn at 16 px and scaled with nearest-neighbour; the same maze
always gives the same bytes.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from scorer.families.vsp.maze import Cell, Maze
from scorer.families.vsp.maze_sprites import GOAL, HOLE, LAND, PLAYER, sprite
from scorer.render.fonts import load_font
from scorer.render.png import png_bytes

CELL = 64  # pixels per cell, as VSP's images (192 px for 3x3 ... 512 px for 8x8)
GRID_LINE = (150, 178, 204)
VIEWS = ("pixel", "bw")
THINGS = ("player", "hole", "land", "goal")  # what a cell can show, in the legend's order
_SPRITES = {"player": PLAYER, "hole": HOLE, "goal": GOAL}


def things_at(maze: Maze, cell: Cell) -> tuple[str, ...]:
    """What ``cell`` shows, bottom layer first (land is always under)."""
    on_top = [
        t
        for t, present in (("hole", cell in maze.holes), ("goal", cell == maze.goal), ("player", cell == maze.player))
        if present
    ]
    return ("land", *on_top)


@cache
def pixel_tile(things: tuple[str, ...]) -> Image.Image:
    tile = sprite(LAND).copy()
    for thing in things:
        if thing in _SPRITES:
            tile.alpha_composite(sprite(_SPRITES[thing]))
    return tile.convert("RGB").resize((CELL, CELL), Image.Resampling.NEAREST)


@cache
def bw_tile(things: tuple[str, ...]) -> Image.Image:
    tile = Image.new("RGB", (CELL, CELL), "white")
    draw = ImageDraw.Draw(tile)
    middle = CELL // 2
    if "hole" in things:
        for a, b in (((14, 14), (50, 50)), ((14, 50), (50, 14))):
            draw.line([a, b], fill="black", width=5)
    if "goal" in things:
        draw.text((middle, middle), "@", fill="black", font=load_font(40), anchor="mm")
    if "player" in things:
        draw.ellipse([middle - 20, middle - 20, middle + 20, middle + 20], outline="black", width=4)
    return tile


def maze_image(maze: Maze, view: str = "pixel") -> Image.Image:
    if view not in VIEWS:
        raise ValueError(f"unknown maze view {view!r}; expected one of {', '.join(VIEWS)}")
    tile = pixel_tile if view == "pixel" else bw_tile
    side = maze.size * CELL
    image = Image.new("RGB", (side, side))
    for r, c in maze.cells():
        image.paste(tile(things_at(maze, (r, c))), (c * CELL, r * CELL))
    _grid_lines(image, maze.size, GRID_LINE if view == "pixel" else (0, 0, 0))
    return image


def _grid_lines(image: Image.Image, size: int, colour: tuple[int, int, int]) -> None:
    """Lines between cells make the rows and columns countable."""
    draw = ImageDraw.Draw(image)
    side = size * CELL
    for k in range(1, size):
        draw.line([(k * CELL, 0), (k * CELL, side)], fill=colour, width=2)
        draw.line([(0, k * CELL), (side, k * CELL)], fill=colour, width=2)
    if colour == (0, 0, 0):
        draw.rectangle([0, 0, side - 1, side - 1], outline=colour, width=2)


# A row's few-shot examples are drawn from a small pool (the dev questions): each shot's PNG
# was encoded again for every row that shows it, 41% of a maze-vsp build's CPU.
@lru_cache(maxsize=1024)
def maze_png(maze: Maze, view: str = "pixel") -> bytes:
    return png_bytes(maze_image(maze, view))


# The example of VSP's prompts: a 4x4 map, player at row 1, column 1, goal at row 4,
# column 4, holes at row 1, column 2 and row 4, column 1.
EXAMPLE = Maze(4, (0, 0), (3, 3), frozenset({(0, 1), (3, 0)}))


@cache
def example_png(view: str = "pixel") -> bytes:
    return maze_png(EXAMPLE, view)


@cache
def legend_png(view: str = "pixel") -> bytes:
    """The player, a hole, land and the goal side by side, each named under its tile
    (the first figure of every VSP maze prompt)."""
    tile = pixel_tile if view == "pixel" else bw_tile
    gap, label = 16, 32
    image = Image.new("RGB", (len(THINGS) * (CELL + gap) + gap, gap + CELL + label), "white")
    draw = ImageDraw.Draw(image)
    for k, thing in enumerate(THINGS):
        x = gap + k * (CELL + gap)
        image.paste(tile(("land", thing) if thing != "land" else ("land",)), (x, gap))
        draw.rectangle([x - 1, gap - 1, x + CELL, gap + CELL], outline=(120, 120, 120))
        draw.text(
            (x + CELL // 2, gap + CELL + label // 2), thing.capitalize(), fill="black", font=load_font(16), anchor="mm"
        )
    return png_bytes(image)
