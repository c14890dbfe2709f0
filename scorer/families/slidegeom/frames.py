"""iVISPAR's state labelling: a frame and a label box in the role's colour around an image."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from scorer.render.fonts import load_font
from scorer.render.shapes import RGB

# iVISPAR's label colours: active (our "current") blue, goal green, past grey.
FRAME_COLOURS: dict[str, RGB] = {
    "current": (82, 138, 174),
    "goal": (100, 191, 106),
    "past": (141, 153, 174),
}
_LABEL_BOX_FILL: RGB = (250, 250, 250)
_LABEL_BOX_OUTLINE: RGB = (0, 0, 0)
_LABEL_TEXT: RGB = (0, 0, 0)


def framed(image: Image.Image, label: str, role: str) -> Image.Image:
    """``image`` in a frame of the role's colour under a band holding a boxed ``label``.

    ``role`` is ``current`` (blue), ``goal`` (green) or ``past`` (grey), as
    iVISPAR marks its active, goal and past images.  A transparent image is
    first laid on the role colour, as iVISPAR composites its screenshots.
    """
    if role not in FRAME_COLOURS:
        raise ValueError(f"unknown role {role!r}; expected one of {sorted(FRAME_COLOURS)}")
    colour = FRAME_COLOURS[role]
    width, height = image.size
    border = max(3, round(min(width, height) / 60))
    band = _label_band(label, width + 2 * border, min(width, height), border, colour)
    canvas = Image.new("RGB", (width + 2 * border, height + border + band.height), colour)
    canvas.paste(band, (0, 0))
    if image.mode in ("RGBA", "LA", "P"):
        rgba = image.convert("RGBA")
        canvas.paste(rgba, (border, band.height), rgba)
    else:
        canvas.paste(image if image.mode == "RGB" else image.convert("RGB"), (border, band.height))
    return canvas


@lru_cache(maxsize=64)  # a few labels and sizes; the band is only pasted, never drawn on
def _label_band(label: str, width: int, short_side: int, border: int, colour: RGB) -> Image.Image:
    """The band above a framed image: the role colour with the label in a rounded white box."""
    font_px = max(10, round(short_side * 0.05))
    font = load_font(font_px)
    height = 2 * border + round(font_px * 1.7)
    band = Image.new("RGB", (width, height), colour)
    draw = ImageDraw.Draw(band)
    text_width = draw.textlength(label, font=font)
    pad = round(font_px * 0.5)
    box = (border, border, border + math.ceil(text_width) + 2 * pad, height - border - 1)
    draw.rounded_rectangle(box, radius=round(font_px * 0.35), fill=_LABEL_BOX_FILL,
                           outline=_LABEL_BOX_OUTLINE, width=max(1, round(font_px / 12)))  # fmt: skip
    draw.text((box[0] + pad, (box[1] + box[3]) / 2), label, fill=_LABEL_TEXT, font=font, anchor="lm")
    return band
