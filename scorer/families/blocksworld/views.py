"""How an episode shows the blocksworld state: ``3d`` (ViPlan's rendered scene, the
default), ``2d`` (a flat schematic) or ``text`` (one line per column, no image).

ViPlan's prompts speak of "the image"; in the text view the state's description takes the
``<image>`` marker's place and those phrases speak of a description instead, so a text-only
model reads a prompt that matches what it is given.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import cast

from scorer.episodes.base import Message, Observation
from scorer.families.blocksworld.images import state_png
from scorer.families.blocksworld.state import Layout
from scorer.families.blocksworld.view_2d import render_2d
from scorer.families.blocksworld.view_text import render_text
from scorer.render.png import png_bytes

VIEWS = ("3d", "2d", "text")
IMAGE_MARKER = "<image>"
# Every phrase of the planner and grounder prompts that refers to the image, and its text-view form.
TEXT_VIEW_WORDS = (
    ("an image which represents", "a text description which represents"),
    ("The image will be about", "The description will be about"),
    ("the labels provided in the image", "the labels given in the description"),
    ("based on the image provided", "based on the description provided"),
    ("a question about the given image", "a question about the given description"),
    ("Previously, in the same state (image) as the one shown", "Previously, in the same state as the one described"),
    ("a question about an image", "a question about a description"),
)


def observation(view: str, messages: Sequence[Message], layout: Layout) -> Observation:
    """``messages`` (one image marker in all) with the state shown in ``view``."""
    if view == "text":
        state_text = render_text(layout)
        return Observation.chat([Message(m.role, text_view_prompt(m.content, state_text)) for m in messages])
    return Observation.chat(messages, ((view, layout),), _view_png)


def text_view_prompt(prompt: str, state_text: str) -> str:
    for image_words, text_words in TEXT_VIEW_WORDS:
        prompt = prompt.replace(image_words, text_words)
    return prompt.replace(IMAGE_MARKER, state_text, 1)


def _view_png(key: Hashable, level: int) -> bytes:
    view, layout = cast(tuple[str, Layout], key)
    return state_png(layout, level) if view == "3d" else _png_2d(layout, level)


@lru_cache(maxsize=4096)
def _png_2d(layout: Layout, level: int) -> bytes:
    return png_bytes(render_2d(layout), level)
