"""A ``<think>`` block is removed before any reading, in both readings of every kind."""

from __future__ import annotations

import pytest

from scorer.readers.think import strip_think

CASES = [
    ("<think>maybe yes</think>No", "No"),
    ("<THINK>a</Think >\nNo", "\nNo"),  # any case, spaces inside the tag
    ("reasoning only closed</think> (at a b)", " (at a b)"),  # the template opened it
    ("<think>a</think> b <think>c</think> d", " d"),  # after the last closing tag
    ("No <think>cut while thinking (at a b)", "No "),  # unclosed: runs to the end
    ("no tags at all", "no tags at all"),
]


@pytest.mark.parametrize(("reply", "kept"), CASES)
def test_the_think_block_is_removed(reply: str, kept: str) -> None:
    assert strip_think(reply) == kept
