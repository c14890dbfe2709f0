"""States and formulas are bitmasks over the task's atoms: bit i set = atom i holds."""

from __future__ import annotations


def bit_indices(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    indices = []
    while mask:
        low = mask & -mask
        indices.append(low.bit_length() - 1)
        mask ^= low
    return indices
