"""Fonts that render the same on every machine."""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont


@lru_cache(maxsize=64)
def load_font(size_px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font (Aileron) at ``size_px``.

    We deliberately ignore system fonts: the font ships inside Pillow, so the
    same Pillow + FreeType give byte-identical images on any machine.
    """
    return ImageFont.load_default(size=size_px)
