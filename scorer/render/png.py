"""PNG encoding shared by the build and the rollout server.

The zlib level is a per-use choice. A build encodes at ``BUILD_LEVEL`` (Pillow's default,
6): the shards' images must stay byte-identical from one build to the next, and a smaller
file is worth the time once. At that level the encoder is Pillow's, whose bytes the
dataset holds.

The server encodes each observation it has not seen yet at ``SERVE_LEVEL`` (1), and any
level other than the build's is written by ``fast_png``: the same pixels, with the UP
filter on every row instead of Pillow's per-row choice among the five PNG filters. That
choice, not zlib, is most of Pillow's cost at level 1; one filter applied in numpy
encodes 1.8-3.8x faster for files about as large as Pillow's at level 1 (docs/scale.md,
"Issue 29 item 5"). Any PNG decoder reads it; only its bytes differ.
"""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np
from PIL.Image import Image

BUILD_LEVEL = 6
SERVE_LEVEL = 1
LEVELS = range(0, 10)  # zlib's

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPES = {"L": 0, "RGB": 2, "LA": 4, "RGBA": 6}  # PNG colour types of 8-bit modes
_UP = 2  # the PNG filter type: each byte minus the byte above it


def png_bytes(image: Image, level: int = BUILD_LEVEL) -> bytes:
    """Encode at zlib ``level`` without metadata, so the same image always gives the same bytes.

    At the build's level the bytes are Pillow's (the dataset's); at any other level,
    ``fast_png``'s where the image's mode allows it.
    """
    if level not in LEVELS:
        raise ValueError(f"PNG level must be 0-9 (zlib), got {level!r}")
    if level != BUILD_LEVEL and image.mode in _COLOUR_TYPES:
        return fast_png(image, level)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=level)
    return buffer.getvalue()


def fast_png(image: Image, level: int) -> bytes:
    """A PNG of an 8-bit L, LA, RGB or RGBA ``image``: every row UP-filtered, deflated at ``level``."""
    pixels = np.asarray(image)
    height, width = pixels.shape[:2]
    rows = pixels.reshape(height, -1)
    filtered = np.empty((height, rows.shape[1] + 1), dtype=np.uint8)
    filtered[:, 0] = _UP
    filtered[0, 1:] = rows[0]  # the row above the first is zeros
    np.subtract(rows[1:], rows[:-1], out=filtered[1:, 1:])  # modulo 256, as PNG's filters are
    header = struct.pack(">IIBBBBB", width, height, 8, _COLOUR_TYPES[image.mode], 0, 0, 0)
    data = zlib.compress(filtered.data, level)
    return _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: length, type, data and the CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
