"""Set bits of a mask, lowest first, whichever way they are read (short masks bit by bit,
long ones off their binary text)."""

from __future__ import annotations

import random

from scorer.pddl import bit_indices


def test_long_and_short_masks_give_their_set_bits_in_order() -> None:
    rng = random.Random(4)
    for width in (1, 64, 2047, 2048, 2049, 50_000):
        positions = sorted(rng.sample(range(width), min(width, 130)))
        mask = sum(1 << p for p in positions)
        assert bit_indices(mask) == positions, width
    assert bit_indices(0) == []
    assert bit_indices(1 << 60_000) == [60_000]
