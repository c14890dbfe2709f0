"""The renderers' font keeps what it rendered; text drawn with it must stay Pillow's."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from scorer.render.fonts import load_font


def _written(font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> bytes:
    image = Image.new("RGB", (200, 120), (240, 235, 220))
    draw = ImageDraw.Draw(image)
    for index, text in enumerate(["fridge", "cup", "fridge", "A", "cup"] * 2):  # each text again, from the cache
        position = (10 + 17.3 * index, 8 + 9.71 * index)  # fractional: the bitmap depends on it
        draw.text(position, text, fill=(index * 20, 30, 90), font=font, anchor="mm" if index % 2 else None)
        assert draw.textlength(text, font=font) == ImageFont.load_default(size=15).getlength(text)
    return image.tobytes()


def test_text_drawn_with_the_remembering_font_is_pillows() -> None:
    load_font.cache_clear()
    assert _written(load_font(15)) == _written(load_font(15)) == _written(ImageFont.load_default(size=15))
