"""PNG encoding shared by the build and the rollout server."""

from __future__ import annotations

import io

from PIL.Image import Image


def png_bytes(image: Image) -> bytes:
    """Encode without metadata, so the same image always gives the same bytes."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()
