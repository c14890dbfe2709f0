"""States and formulas are bitmasks over the task's atoms: bit i set = atom i holds."""

from __future__ import annotations

# Above this many bits, reading the set bits off the binary text beats peeling them one by one:
# each peel copies the whole int, so peeling k bits of an n-bit int costs k * n (a state of a
# large task, 19,000 bits with 126 set: 28 us against 313 us).
_LONG_MASK_BITS = 2048


def bit_indices(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    if mask.bit_length() > _LONG_MASK_BITS:
        return _indices_from_text(mask)
    indices = []
    while mask:
        low = mask & -mask
        indices.append(low.bit_length() - 1)
        mask ^= low
    return indices


def _indices_from_text(mask: int) -> list[int]:
    text = bin(mask)  # "0b1...", highest bit first
    top = len(text) - 1
    indices = []
    position = text.find("1", 2)
    while position >= 0:
        indices.append(top - position)
        position = text.find("1", position + 1)
    indices.reverse()
    return indices
