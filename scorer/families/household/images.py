"""State images as PNG bytes, cached: the build, the server and agents render the same states."""

from __future__ import annotations

from functools import lru_cache

from scorer.families.household.sight import Sight
from scorer.families.household.view_2d import render_2d
from scorer.families.household.view_3d import render_3d
from scorer.render.png import BUILD_LEVEL, png_bytes


@lru_cache(maxsize=2048)
def state_png(seen: Sight, level: int = BUILD_LEVEL) -> bytes:
    """The first-person view (ViPlan's camera image), PNG at zlib ``level``."""
    return png_bytes(render_3d(seen), level)


@lru_cache(maxsize=2048)
def plan_png(seen: Sight, level: int = BUILD_LEVEL) -> bytes:
    """The floor plan, PNG at zlib ``level``."""
    return png_bytes(render_2d(seen), level)
