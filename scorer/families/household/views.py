"""How an episode shows the household state: ``3d`` (the first-person view, as ViPlan's
camera images; the default), ``2d`` (the floor plan) or ``text`` (what the agent sees,
in sentences, no image).

ViPlan's prompts speak of "the image"; in the text view the description takes the
``<image>`` marker's place and those phrases speak of a description instead.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import cast

from scorer.episodes.base import Message, Observation
from scorer.families.household.images import plan_png, state_png
from scorer.families.household.sight import Sight
from scorer.families.household.view_text import render_text

VIEWS = ("3d", "2d", "text")
IMAGE_MARKER = "<image>"
# Every phrase of the planner and grounder prompts that refers to the image, and its text-view form.
TEXT_VIEW_WORDS = (
    ("an image which represents", "a text description which represents"),
    ("a question about the given image", "a question about the given description"),
    ("Previously, in the same state (image) as the one shown", "Previously, in the same state as the one described"),
    ("a question about the an image", "a question about a description"),
)


def observation(view: str, messages: Sequence[Message], seen: Sight) -> Observation:
    """``messages`` (one image marker in all) with what the agent sees shown in ``view``."""
    if view == "text":
        seen_text = render_text(seen)
        return Observation.chat([Message(m.role, _text_view(m.content, seen_text)) for m in messages])
    return Observation.chat(messages, ((view, seen),), _view_png)


def _text_view(prompt: str, seen_text: str) -> str:
    for image_words, text_words in TEXT_VIEW_WORDS:
        prompt = prompt.replace(image_words, text_words)
    return prompt.replace(IMAGE_MARKER, seen_text, 1)


def _view_png(key: Hashable, level: int) -> bytes:
    view, seen = cast(tuple[str, Sight], key)
    return state_png(seen, level) if view == "3d" else plan_png(seen, level)
