"""Benchmark: PNG (and other lossless) encoders on every view's images, before choosing one.

For each view of ``render_views`` a fixed sample of distinct states is drawn once; then
each encoder encodes every picture, timed in CPU seconds on one core. Per encoder and view:
images/s of the encoding alone, images/s of drawing plus encoding (what a build or a
server that meets a new state pays, against the 200/s goal of issue 29), the mean size,
whether it decodes to the same pixels (every image checked) and whether its bytes are the
build's (Pillow at level 6, the bytes the dataset holds).

- ``pillow-6``: the build's encoder (``scorer.render.png``, level 6, Pillow's default);
- ``pillow-1``: Pillow at the rollout server's level (``SERVE_LEVEL``), as the server encoded
  before; ``pillow-1-rle``: the same with zlib's RLE strategy; ``pillow-0``: stored, no compression;
- ``serve-1-up``: the server's encoder (``scorer.render.png.fast_png``): the UP filter on every
  row in numpy, then Python's zlib at level 1;
- ``libpng-1-rle-sub``: libpng with the settings imagecodecs documents as fastest (level 1,
  the RLE strategy, the SUB filter; OpenCV's), through imagecodecs;
- ``spng-1``: libspng at level 1 (imagecodecs);
- ``qoi``: the QOI format, lossless but not PNG (a client must decode it itself).

Pillow's zlib here is the one it was built with (printed); a Pillow built against zlib-ng
encodes faster at every level than one on the reference zlib, and writes other bytes.

    python bench/bench_png.py [--states 300] [--views blocksworld-3d,...]
"""

from __future__ import annotations

import argparse
import io
import os
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from PIL import Image, features
from render_views import VIEWS  # a sibling: the benchmarks run as scripts (make bench)

from scorer.render.png import BUILD_LEVEL, SERVE_LEVEL, png_bytes

GOAL = 200.0  # images/s per core, drawing and encoding included (issue 29)


@dataclass(frozen=True)
class Encoder:
    name: str
    encode: Callable[[Image.Image], bytes]
    decode: Callable[[bytes], np.ndarray]


def _pillow_decode(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)))


def _pillow_png(image: Image.Image, level: int, **options: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=level, **options)
    return buffer.getvalue()


def encoders() -> list[Encoder]:
    pillow = [
        Encoder("pillow-6", lambda image: png_bytes(image, BUILD_LEVEL), _pillow_decode),
        Encoder("pillow-1", lambda image: _pillow_png(image, 1), _pillow_decode),
        Encoder("pillow-1-rle", lambda image: _pillow_png(image, 1, compress_type=3), _pillow_decode),
        Encoder("pillow-0", lambda image: _pillow_png(image, 0), _pillow_decode),
        Encoder("serve-1-up", lambda image: png_bytes(image, SERVE_LEVEL), _pillow_decode),
    ]
    try:
        import imagecodecs
    except ImportError:
        print("imagecodecs is not installed (pip install imagecodecs): Pillow's encoders only")
        return pillow

    def pixels(image: Image.Image) -> np.ndarray:
        return np.asarray(image)

    return [
        *pillow,
        Encoder(
            "libpng-1-rle-sub",
            lambda image: imagecodecs.png_encode(pixels(image), level=1, strategy=3, filter=16),
            _pillow_decode,
        ),
        Encoder("spng-1", lambda image: imagecodecs.spng_encode(pixels(image), level=1), _pillow_decode),
        Encoder("qoi", lambda image: imagecodecs.qoi_encode(pixels(image)), imagecodecs.qoi_decode),
    ]


def encode_cpu(encoder: Encoder, images: list[Image.Image], repeat: int) -> tuple[float, list[bytes]]:
    """The fastest of ``repeat`` passes, CPU seconds, and the bytes of the last."""
    best, outputs = float("inf"), []
    for _ in range(repeat):
        started = time.process_time()
        outputs = [encoder.encode(image) for image in images]
        best = min(best, time.process_time() - started)
    return best, outputs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=300, help="distinct states per view (fewer if fewer)")
    parser.add_argument("--repeat", type=int, default=2, help="passes per encoder (the fastest counts)")
    parser.add_argument("--views", default="", help="comma-separated view names (default: all)")
    options = parser.parse_args()
    chosen = [v for v in VIEWS if not options.views or v.name in options.views.split(",")]
    zlib = features.version("zlib")
    built_for = getattr(features, "version_feature", lambda _: None)("zlib_ng")
    print(f"load average {' '.join(f'{v:.2f}' for v in os.getloadavg())} on {os.cpu_count()} cores; one process")
    print(f"Pillow's zlib: {zlib}{f', built for zlib-ng {built_for}' if built_for else ''}; goal {GOAL:.0f}/s")
    ways = encoders()
    print("| view | encoder | encode only/s | drawn + encoded/s | goal | mean KB | same pixels | build's bytes |")
    print("|---|---|---:|---:|---|---:|---|---|")
    for view in chosen:
        states = view.states(options.states)
        started = time.process_time()
        images = [view.draw(state) for state in states]
        draw_cpu = time.process_time() - started
        build_bytes: list[bytes] = []
        for encoder in ways:
            cpu, outputs = encode_cpu(encoder, images, options.repeat)
            build_bytes = build_bytes or outputs
            same = all(np.array_equal(encoder.decode(data), np.asarray(image)) for data, image in zip(outputs, images))
            rate = len(images) / (draw_cpu + cpu)
            print(
                f"| {view.name} | {encoder.name} | {len(images) / cpu:,.0f} | {rate:,.0f} | "
                f"{'met' if rate >= GOAL else 'MISSED'} | {sum(map(len, outputs)) / len(outputs) / 1024:.1f} | "
                f"{'yes' if same else 'NO'} | {'yes' if outputs == build_bytes else 'no'} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
