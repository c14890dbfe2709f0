"""Images of a street map: 640 px square (VSP's map screenshots' size), city blocks
between grey roads, each street's name at its west end and each avenue's name above its
north end, a north arrow, the blue S and the red G at their crossings (VSP's markers).

Roads end at the outermost crossings, so the grid's edge is visible. The same map
always gives the same bytes (Pillow's bundled font, no randomness).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from scorer.families.vsp.route import EXAMPLE, Crossing, StreetMap
from scorer.render.fonts import load_font
from scorer.render.png import png_bytes

SIDE = 640
LEFT, TOP, RIGHT, BOTTOM = 120, 120, 50, 50  # margins; names sit in the left and top ones
ROAD = 14  # road width in pixels
MARKER = 15  # marker radius
PARK = (214, 232, 200)
BLOCK = (236, 232, 222)
ROAD_FILL = (255, 255, 255)
ROAD_EDGE = (170, 170, 170)
TEXT = (60, 60, 60)
START_BLUE = (30, 90, 220)
GOAL_RED = (215, 40, 40)


def _place(size: int, crossing: Crossing) -> tuple[float, float]:
    """Pixel (x, y) of a crossing: avenues spread from LEFT to SIDE-RIGHT, streets from TOP down."""
    spacing_x = (SIDE - LEFT - RIGHT) / (size - 1)
    spacing_y = (SIDE - TOP - BOTTOM) / (size - 1)
    return LEFT + crossing[1] * spacing_x, TOP + crossing[0] * spacing_y


def map_image(street_map: StreetMap) -> Image.Image:
    image = Image.new("RGB", (SIDE, SIDE), PARK)
    draw = ImageDraw.Draw(image)
    n = street_map.size
    west, north = _place(n, (0, 0))
    east, south = _place(n, (n - 1, n - 1))
    draw.rectangle([west, north, east, south], fill=BLOCK)
    for k in range(n):
        x, y = _place(n, (k, k))
        draw.rectangle([west - ROAD / 2, y - ROAD / 2, east + ROAD / 2, y + ROAD / 2], fill=ROAD_EDGE)
        draw.rectangle([x - ROAD / 2, north - ROAD / 2, x + ROAD / 2, south + ROAD / 2], fill=ROAD_EDGE)
    for k in range(n):  # road surfaces over every edge, so crossings read as open
        x, y = _place(n, (k, k))
        draw.rectangle([west - ROAD / 2 + 2, y - ROAD / 2 + 2, east + ROAD / 2 - 2, y + ROAD / 2 - 2], fill=ROAD_FILL)
        draw.rectangle([x - ROAD / 2 + 2, north - ROAD / 2 + 2, x + ROAD / 2 - 2, south + ROAD / 2 - 2], fill=ROAD_FILL)
    font = load_font(15)
    for k, name in enumerate(street_map.streets):
        _, y = _place(n, (k, 0))
        draw.text((west - MARKER - 6, y), f"{name} St", fill=TEXT, font=font, anchor="rm")
    for k, name in enumerate(street_map.avenues):
        x, _ = _place(n, (0, k))
        image.paste(_upright_label(f"{name} Ave"), (round(x) - 9, 8))
    _north_arrow(draw)
    _marker(draw, _place(n, street_map.start), "S", START_BLUE)
    _marker(draw, _place(n, street_map.goal), "G", GOAL_RED)
    return image


def _upright_label(text: str) -> Image.Image:
    """An avenue name written bottom to top, starting just above the avenue's north end."""
    font = load_font(15)
    width = TOP - 8 - 22
    label = Image.new("RGB", (width, 18), PARK)
    ImageDraw.Draw(label).text((0, 9), text, fill=TEXT, font=font, anchor="lm")
    return label.rotate(90, expand=True)


def _north_arrow(draw: ImageDraw.ImageDraw) -> None:
    x, y = 40, 30
    draw.polygon([(x, y), (x - 10, y + 26), (x, y + 20), (x + 10, y + 26)], fill=TEXT)
    draw.text((x, y + 42), "N", fill=TEXT, font=load_font(18), anchor="mm")


def _marker(draw: ImageDraw.ImageDraw, at: tuple[float, float], letter: str, colour: tuple[int, int, int]) -> None:
    x, y = at
    draw.ellipse([x - MARKER, y - MARKER, x + MARKER, y + MARKER], fill=colour, outline="white", width=2)
    draw.text((x, y), letter, fill="white", font=load_font(18), anchor="mm")


def map_png(street_map: StreetMap) -> bytes:
    return png_bytes(map_image(street_map))


@cache
def example_png() -> bytes:
    return map_png(EXAMPLE)
