"""State images as PNG bytes, cached: the build, the server and agents render the same states."""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache

from scorer.families.blocksworld.view_3d import render_3d
from scorer.render.png import BUILD_LEVEL, png_bytes


@lru_cache(maxsize=4096)
def state_png(layout: Hashable, level: int = BUILD_LEVEL) -> bytes:
    """The 3D-looking view of a layout (one tuple of blocks per column, bottom first), PNG at zlib ``level``."""
    return png_bytes(render_3d(layout), level)  # type: ignore[arg-type]
