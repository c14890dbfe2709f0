"""Small Pillow drawing helpers shared by the domain renderers."""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from scorer.render.shapes import RGB, ProjectedFace, shade

if TYPE_CHECKING:
    from PIL._typing import Coords, _Ink  # ImageDraw.polygon's own annotations


class Draw(ImageDraw.ImageDraw):
    """Pillow's ImageDraw, with wide polygon outlines drawn through a reused mask.

    For an outline wider than one pixel Pillow allocates a canvas-sized mask of the
    polygon's fill on every call (19 MB zeroed for the 14 outlined faces of a 1440x960 canvas). This
    makes the same calls on a mask kept per thread and canvas size, cleared afterwards by
    filling the same polygon with 0 (the fill's pixels do not depend on its ink), so the
    pixels are exactly Pillow's (``tests/render/test_draw.py``).
    """

    def polygon(
        self,
        xy: Coords,
        fill: _Ink | None = None,
        outline: _Ink | None = None,
        width: int = 1,
    ) -> None:
        ink, fill_ink = self._getink(outline, fill)
        if width <= 1 or ink is None or ink == fill_ink or self.im is None:
            super().polygon(xy, fill, outline, width)
            return
        if fill_ink is not None:
            self.draw.draw_polygon(xy, fill_ink, 1)
        mask, mask_draw = _scratch_mask(self.im.size)
        mask_draw.draw.draw_polygon(xy, self._getink(1)[0], 1)  # as ImageDraw.polygon does
        self.draw.draw_polygon(xy, ink, 0, width * 2 - 1, mask.im)
        mask_draw.draw.draw_polygon(xy, 0, 1)


_masks = threading.local()  # per thread: drawing threads of the server never share a mask


def _scratch_mask(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """This thread's all-zero "1" mask of ``size`` and a drawing on it (callers clear what they draw)."""
    by_size: dict[tuple[int, int], tuple[Image.Image, ImageDraw.ImageDraw]] = getattr(_masks, "by_size", {})
    _masks.by_size = by_size
    if size not in by_size:
        mask = Image.new("1", size)
        by_size[size] = (mask, ImageDraw.Draw(mask))
    return by_size[size]


@dataclass
class Scratch:
    """A thread's copy of a cached background, lent to draw one image on.

    Set ``changed`` to a box (canvas pixels) covering every pixel drawn; until it is set,
    the whole copy counts as changed.
    """

    image: Image.Image
    changed: tuple[float, float, float, float] | None = None


_scratches = threading.local()  # per thread, as the masks: drawing threads never share a copy
_SCRATCHES_PER_THREAD = 4  # a few backgrounds in turn; each is a supersampled frame (~6 MB)
_RESTORE_MARGIN = 4  # pixels put back beyond ``changed``, in case a drawing's box is a pixel short


@contextmanager
def scratch_copy(background: Image.Image) -> Iterator[Scratch]:
    """Lend this thread's copy of ``background`` and put ``changed`` back from it afterwards.

    Copying a supersampled background for every image took 0.6 ms (1440x1080) while the
    drawing on it covers a box; pasting that box back keeps the copy equal to ``background``
    from one image to the next. ``background`` must not change (a cached image).
    """
    kept: dict[int, tuple[Image.Image, Image.Image]] = getattr(_scratches, "kept", {})
    _scratches.kept = kept
    if id(background) not in kept:  # the background itself is kept, so its id is never reused
        while len(kept) >= _SCRATCHES_PER_THREAD:
            del kept[next(iter(kept))]
        kept[id(background)] = (background, background.copy())
    scratch = Scratch(kept[id(background)][1])
    try:
        yield scratch
    finally:
        box = _restore_box(scratch.changed, background.size)
        scratch.image.paste(background.crop(box), box)


def _restore_box(changed: tuple[float, float, float, float] | None, size: tuple[int, int]) -> tuple[int, int, int, int]:
    if changed is None:
        return (0, 0, *size)
    left, top, right, bottom = changed
    return (
        max(0, math.floor(left) - _RESTORE_MARGIN),
        max(0, math.floor(top) - _RESTORE_MARGIN),
        min(size[0], math.ceil(right) + _RESTORE_MARGIN),
        min(size[1], math.ceil(bottom) + _RESTORE_MARGIN),
    )


def vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> Image.Image:
    """An RGB image fading linearly from ``top`` (first row) to ``bottom`` (last row)."""
    return row_gradient(size, 0.0, float(size[1] - 1), top, bottom)


def row_gradient(size: tuple[int, int], first_row: float, last_row: float, start: RGB, end: RGB) -> Image.Image:
    """An RGB image fading from ``start`` at ``first_row`` to ``end`` at ``last_row``, flat outside."""
    width, height = size
    span = max(last_row - first_row, 1.0)
    weights = np.clip((np.arange(height, dtype=np.float64) - first_row) / span, 0.0, 1.0)[:, None]
    rows = np.rint(np.asarray(start, dtype=np.float64) * (1.0 - weights) + np.asarray(end) * weights)
    column = Image.fromarray(np.ascontiguousarray(rows.astype(np.uint8)[:, None, :]), "RGB")
    # Widened by copying its one pixel per row: 9x faster than making the full array in numpy.
    return column.resize((width, height), Image.Resampling.NEAREST)


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


def downsample_changed(
    canvas: Image.Image,
    factor: int,
    changed: tuple[float, float, float, float],
    backdrop: Image.Image,
    overlay: Image.Image | None = None,
) -> Image.Image:
    """``downsample(canvas, factor)`` with ``overlay`` pasted on it, computed for ``changed`` only.

    ``backdrop`` is that result for a canvas equal to ``canvas`` outside ``changed`` (a box
    of supersampled pixels, e.g. around what was drawn on a cached background). Reducing
    and compositing are both local (a block of ``factor`` x ``factor`` pixels, one output
    pixel), so the pixels are exactly the whole image's; the work scales with the box.
    """
    left, top, right, bottom = _aligned_box(changed, factor, backdrop.size)
    if right <= left or bottom <= top:
        return backdrop.copy()
    patch = downsample(canvas.crop((left * factor, top * factor, right * factor, bottom * factor)), factor)
    if overlay is not None:
        layer = overlay.crop((left, top, right, bottom))
        patch.paste(layer, (0, 0), layer)
    image = backdrop.copy()
    image.paste(patch, (left, top))
    return image


def _aligned_box(
    box: tuple[float, float, float, float], factor: int, size: tuple[int, int]
) -> tuple[int, int, int, int]:
    """Output pixels whose ``factor`` blocks meet ``box`` (plus one of margin), within ``size``."""
    left, top, right, bottom = box
    return (
        max(0, math.floor(left / factor) - 1),
        max(0, math.floor(top / factor) - 1),
        min(size[0], math.ceil(right / factor) + 1),
        min(size[1], math.ceil(bottom / factor) + 1),
    )


def polygons_box(polygons: Sequence[Sequence[tuple[float, float]]], margin: float) -> tuple[float, float, float, float]:
    """The bounding box of ``polygons`` grown by ``margin`` (e.g. an outline's width) each side."""
    us = [u for polygon in polygons for u, _ in polygon]
    vs = [v for polygon in polygons for _, v in polygon]
    if not us:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(us) - margin, min(vs) - margin, max(us) + margin, max(vs) + margin)


def downsample(image: Image.Image, factor: int) -> Image.Image:
    """Resolve a supersampled image by averaging ``factor`` x ``factor`` pixel blocks.

    A box filter at an integer factor is exact area coverage, the textbook
    supersampling resolve, and ~10x faster than a LANCZOS resize here.
    """
    return image if factor == 1 else image.reduce(factor)
