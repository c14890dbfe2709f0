"""Small Pillow drawing helpers shared by the domain renderers."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from scorer.render.shapes import RGB, ProjectedFace, shade


def vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> Image.Image:
    """An RGB image fading linearly from ``top`` (first row) to ``bottom`` (last row)."""
    return row_gradient(size, 0.0, float(size[1] - 1), top, bottom)


def row_gradient(size: tuple[int, int], first_row: float, last_row: float, start: RGB, end: RGB) -> Image.Image:
    """An RGB image fading from ``start`` at ``first_row`` to ``end`` at ``last_row``, flat outside."""
    width, height = size
    span = max(last_row - first_row, 1.0)
    weights = np.clip((np.arange(height, dtype=np.float64) - first_row) / span, 0.0, 1.0)[:, None]
    rows = np.rint(np.asarray(start, dtype=np.float64) * (1.0 - weights) + np.asarray(end) * weights)
    pixels = np.broadcast_to(rows.astype(np.uint8)[:, None, :], (height, width, 3))
    return Image.fromarray(np.ascontiguousarray(pixels), "RGB")


def soft_polygon_mask(
    polygon: Sequence[tuple[float, float]], opacity: float, blur_px: float
) -> tuple[Image.Image, tuple[int, int]]:
    """A blurred ("soft") mask of ``polygon`` and the image point of its top-left corner.

    Only the polygon's neighbourhood is drawn and blurred, so soft shadows stay
    cheap on large supersampled canvases.  Paste a dark colour through it.
    """
    pad = math.ceil(3 * blur_px) + 1  # the blur's reach
    left = math.floor(min(u for u, _ in polygon)) - pad
    top = math.floor(min(v for _, v in polygon)) - pad
    right = math.ceil(max(u for u, _ in polygon)) + pad
    bottom = math.ceil(max(v for _, v in polygon)) + pad
    mask = Image.new("L", (right - left, bottom - top), 0)
    local = [(u - left, v - top) for u, v in polygon]
    ImageDraw.Draw(mask).polygon(local, fill=round(255 * opacity))
    return mask.filter(ImageFilter.GaussianBlur(blur_px)), (left, top)


def dashed_vertical_line(
    draw: ImageDraw.ImageDraw,
    x: float,
    top: int,
    bottom: int,
    dash: int,
    gap: int,
    width: int,
    fill: RGB | tuple[int, int, int, int],
) -> None:
    """Draw a dashed vertical line centred on column ``x`` from ``top`` to ``bottom``."""
    left = round(x - width / 2)
    for start in range(top, bottom, dash + gap):
        end = min(start + dash, bottom) - 1
        draw.rectangle((left, start, left + width - 1, end), fill=fill)


def draw_shaded_faces(
    draw: ImageDraw.ImageDraw,
    faces: tuple[ProjectedFace, ...],
    colour: RGB,
    edge_brightness: float,
    edge_width: int,
) -> None:
    """Fill each face with ``colour`` at its brightness; outline it a shade darker."""
    for face in faces:
        fill = shade(colour, face.brightness)
        outline = shade(colour, face.brightness * edge_brightness)
        draw.polygon(face.polygon, fill=fill, outline=outline, width=edge_width)


def downsample(image: Image.Image, factor: int) -> Image.Image:
    """Resolve a supersampled image by averaging ``factor`` x ``factor`` pixel blocks.

    A box filter at an integer factor is exact area coverage, the textbook
    supersampling resolve, and ~10x faster than a LANCZOS resize here.
    """
    return image if factor == 1 else image.reduce(factor)
