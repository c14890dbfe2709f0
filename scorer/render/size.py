"""Image sizes as the renderers take them: checked, and hashable for their caches."""

from __future__ import annotations

from collections.abc import Sequence


def checked_size(size: Sequence[int], minimum: int, subject: str) -> tuple[int, int]:
    """``size`` as a hashable (width, height) tuple of ints; both sides at least ``minimum``.

    ``subject`` names what the image would show, for the error ("a board").
    """
    width, height = (int(side) for side in size)
    if width < minimum or height < minimum:
        raise ValueError(f"image size {tuple(size)} is too small to draw {subject}")
    return (width, height)
