"""What every blocksworld view takes: a state as columns of block letters, and an image size.

A state is ``columns``: one sequence per column (c1, c2, ...), each listing block
letters (``r g b y o p``) from the table upwards.  The views check it here and
cache on the hashable forms returned.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.families.blocksworld.palette import BLOCK_COLOURS
from scorer.render.size import checked_size as image_size

Columns = tuple[tuple[str, ...], ...]

DEFAULT_SIZE: tuple[int, int] = (480, 320)

# Stacks up to this height share one scale, so every image of a plan shows
# cubes at the same size; a taller stack (duplicate letters) shrinks them.
MIN_STACK_CAPACITY = 6


def normalise(columns: Sequence[Sequence[str]]) -> Columns:
    """The state as hashable tuples; rejects unknown letters and empty states."""
    state = tuple(tuple(stack) for stack in columns)
    if not state:
        raise ValueError("a blocksworld state needs at least one column")
    for stack in state:
        for letter in stack:
            if letter not in BLOCK_COLOURS:
                raise ValueError(f"unknown block {letter!r}; expected one of {sorted(BLOCK_COLOURS)}")
    return state


def checked_size(size: Sequence[int]) -> tuple[int, int]:
    """``size`` as a hashable (width, height) tuple of ints, for the caches; at least 32 a side."""
    return image_size(size, 32, "a state")


def stack_capacity(state: Columns) -> int:
    """The stack height the picture is scaled for (all of a plan's images share it)."""
    return max(MIN_STACK_CAPACITY, *(len(stack) for stack in state))
