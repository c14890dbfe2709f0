"""PNG encoding shared by the build and the rollout server.

The zlib level is a per-use choice. A build encodes at ``BUILD_LEVEL`` (Pillow's default,
6): the shards' images must stay byte-identical from one build to the next, and a smaller
file is worth the time once. The server encodes each observation it has not seen yet at
``SERVE_LEVEL`` (1): measured on the served views, 1.4-1.7x faster to encode for files 26-49%
larger (docs/scale.md), which on loopback costs less than the encoding saved.
"""

from __future__ import annotations

import io

from PIL.Image import Image

BUILD_LEVEL = 6
SERVE_LEVEL = 1
LEVELS = range(0, 10)  # zlib's


def png_bytes(image: Image, level: int = BUILD_LEVEL) -> bytes:
    """Encode at zlib ``level`` without metadata, so the same image always gives the same bytes."""
    if level not in LEVELS:
        raise ValueError(f"PNG level must be 0-9 (zlib), got {level!r}")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=level)
    return buffer.getvalue()
