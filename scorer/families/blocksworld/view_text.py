"""The text view of a blocksworld state, in ViPlan-BW's words: one line per column."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.families.blocksworld.column_frame import column_label
from scorer.families.blocksworld.palette import BLOCK_NAMES
from scorer.families.blocksworld.view_state import normalise

_ORDINALS = (
    "first", "second", "third", "fourth", "fifth",
    "sixth", "seventh", "eighth", "ninth", "tenth",
)  # fmt: skip


def render_text(columns: Sequence[Sequence[str]]) -> str:
    """ViPlan-style text view: one line per column, blocks listed bottom to top."""
    state = normalise(columns)
    return "\n".join(_describe_column(index, stack) for index, stack in enumerate(state))


def _ordinal(column_index: int) -> str:
    if column_index < len(_ORDINALS):
        return _ORDINALS[column_index]
    return f"{column_index + 1}th"


def _describe_column(column_index: int, stack: tuple[str, ...]) -> str:
    heading = f"{_ordinal(column_index)} column ({column_label(column_index)})"
    if not stack:
        return f"{heading}: empty"
    if len(stack) == 1:
        return f"{heading}: {BLOCK_NAMES[stack[0]]} block (bottom and top)"
    blocks = [f"{BLOCK_NAMES[letter]} block" for letter in stack]
    blocks[0] += " (bottom)"
    blocks[-1] += " (top)"
    return f"{heading}: {', '.join(blocks)}"
