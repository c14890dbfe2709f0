"""Fonts that render the same on every machine."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import ImageFont


@lru_cache(maxsize=64)
def load_font(size_px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font (Aileron) at ``size_px``.

    We deliberately ignore system fonts: the font ships inside Pillow, so the
    same Pillow + FreeType give byte-identical images on any machine.

    The font keeps the bitmaps, lengths and boxes of the texts it rendered: the renderers write
    the same few names and labels in every image, and FreeType's rendering was most of a
    plan view's drawing. ``ImageDraw.text`` draws the same bitmap either way.
    """
    font = ImageFont.load_default(size=size_px)
    if isinstance(font, ImageFont.FreeTypeFont):
        font.getmask2 = _remembered(font.getmask2)  # type: ignore[method-assign]
        font.getlength = _remembered(font.getlength)  # type: ignore[method-assign]
        font.getbbox = _remembered(font.getbbox)  # type: ignore[method-assign]
    return font


def _remembered(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` with its results kept per arguments (at most 1,024), where they can be.

    An RGBA bitmap (a colour font's) is not kept: ``ImageDraw.text`` writes into it.
    """
    cached = lru_cache(maxsize=1024)(method)

    def call(*args: Any, **kwargs: Any) -> Any:
        if "RGBA" in args or kwargs.get("mode") == "RGBA":
            return method(*args, **kwargs)
        try:
            return cached(*args, **kwargs)
        except TypeError:  # an unhashable argument (a list of features): render it afresh
            return method(*args, **kwargs)

    return call
