"""Benchmark: every renderer, images/s per view on one core, with our caches against
rendering every image from scratch.

An image is what a row or an observation carries: the picture drawn and encoded as PNG
bytes. For each view a fixed sample of distinct states is drawn (random blocksworld
layouts, the standard sliding geom boards, household and kitchen states along their
expert plans, random VSP boards, mazes, maps and scenes), so the per-state PNG caches
of the build and the server never hit: the figure is the cost of a state never seen.

- ours: the renderer as the build and the server use it; its caches of what does not
  change between states (backgrounds, sprites, shadows, fonts, camera fits) start empty
  and fill as the pass goes, so their cost is counted once.
- from scratch: every cache of the family and of ``scorer.render`` is cleared before
  every image, as a renderer without caches would draw it.

Both ways must give the same bytes for every state (asserted). Images are encoded at
the build's PNG level (6); also printed: ours with the rollout server's cheaper encoding (level 1, one filter)
instead, the share of PNG encoding in our time, the drawing alone (images/s without the
encoding), and the load average (the machine is shared: CPU seconds are the steadier
figure). A pass starts with empty caches, so a small ``--states`` counts their filling
more than a build or a server running for long would.

A second table shows the floor at the build's level: per image, the drawing, the level-6
encoding, and within it the deflate alone: zlib compressing the exact filtered rows that
Pillow deflated (its IDAT inflated again) with Pillow's settings, which is asserted to give
Pillow's compressed bytes. The rest of the encoding is Pillow's per-row choice of PNG
filter. The published bytes are that deflate's output, so no encoder of the same bytes
can take less than the deflate alone: where it exceeds 1000 / 200 = 5 ms, 200 images/s
at the build's level cannot be reached without changing the bytes.

    .venv/bin/python -m bench.bench_render [--states 60] [--views blocksworld-3d,...]
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import time
import zlib
from collections.abc import Hashable
from dataclasses import dataclass

from render_views import VIEWS, View  # a sibling: the benchmarks run as scripts (make bench)

from scorer.render.png import BUILD_LEVEL, SERVE_LEVEL, png_bytes

TARGET = 200.0  # images/s per view on one core (issue 19)
# How Pillow's PNG encoder sets up zlib (ZipEncode.c): window 15, memLevel 9, Z_FILTERED.
PILLOW_DEFLATE = (zlib.DEFLATED, 15, 9, zlib.Z_FILTERED)


def clear_caches(package: str) -> None:
    """Empty every lru/functools cache defined in ``package`` or ``scorer.render``."""
    for name, module in list(sys.modules.items()):
        if module is None or not (name.startswith(package) or name.startswith("scorer.render")):
            continue
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", "") == name:
                value.cache_clear()


@dataclass(frozen=True)
class Timing:
    cpu: float
    encode_cpu: float
    serve_encode_cpu: float  # the same images at the server's PNG level
    deflate_cpu: float  # zlib alone on the rows Pillow filtered, at the build's level
    outputs: tuple[bytes, ...]

    @property
    def draw_cpu(self) -> float:
        return self.cpu - self.encode_cpu


def idat_data(png: bytes) -> bytes:
    """The zlib stream of a PNG: its IDAT chunks' data, joined."""
    data, offset = [], len(b"\x89PNG\r\n\x1a\n")
    while offset < len(png):
        (length,) = struct.unpack(">I", png[offset : offset + 4])
        if png[offset + 4 : offset + 8] == b"IDAT":
            data.append(png[offset + 8 : offset + 8 + length])
        offset += 12 + length  # length, type, data, CRC
    return b"".join(data)


def deflate_alone(png: bytes) -> float:
    """CPU seconds of the deflate inside Pillow's encoding of ``png``: zlib at the build's level,
    with Pillow's settings, on the filtered rows it deflated (asserted to give its bytes)."""
    compressed = idat_data(png)
    filtered = zlib.decompress(compressed)
    started = time.process_time()
    deflater = zlib.compressobj(BUILD_LEVEL, *PILLOW_DEFLATE)
    again = deflater.compress(filtered) + deflater.flush()
    spent = time.process_time() - started
    assert again == compressed, "the deflate timed is not the one whose bytes Pillow wrote"
    return spent


def one_pass(view: View, states: list[Hashable], from_scratch: bool) -> Timing:
    clear_caches(view.package)
    outputs, cpu, encode_cpu, serve_encode_cpu, deflate_cpu = [], 0.0, 0.0, 0.0, 0.0
    for state in states:
        if from_scratch:
            clear_caches(view.package)
        started = time.process_time()
        image = view.draw(state)
        drawn = time.process_time()
        outputs.append(png_bytes(image))
        encoded = time.process_time()
        png_bytes(image, SERVE_LEVEL)
        cpu += encoded - started
        encode_cpu += encoded - drawn
        serve_encode_cpu += time.process_time() - encoded
        deflate_cpu += deflate_alone(outputs[-1])
    return Timing(cpu, encode_cpu, serve_encode_cpu, deflate_cpu, tuple(outputs))


def best_of(repeat: int, view: View, states: list[Hashable], from_scratch: bool) -> Timing:
    return min((one_pass(view, states, from_scratch) for _ in range(repeat)), key=lambda t: t.cpu)


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--states", type=int, default=300, help="distinct states per view (fewer where a sampler has fewer)"
    )
    parser.add_argument("--repeat", type=int, default=2, help="passes per way (the fastest, by CPU, is kept)")
    parser.add_argument("--views", default="", help="comma-separated view names (default: all)")
    options = parser.parse_args()
    chosen = [v for v in VIEWS if not options.views or v.name in options.views.split(",")]
    print(f"load average {load()} on {os.cpu_count()} cores; one process; target {TARGET:.0f}/s")
    print(
        "| view | states | ours images/s (CPU) | PNG share | ours drawing only/s | ours at the serve level/s "
        "| from scratch images/s (CPU) | from scratch drawing only/s | ratio | drawing ratio | target (build, serve) "
        "| load |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    floors = []
    for view in chosen:
        states = view.states(options.states)
        ours = best_of(options.repeat, view, states, from_scratch=False)
        scratch = best_of(options.repeat, view, states, from_scratch=True)
        assert ours.outputs == scratch.outputs, f"{view.name}: the caches changed an image"
        rate, serve_rate = len(states) / ours.cpu, len(states) / (ours.draw_cpu + ours.serve_encode_cpu)
        verdict = ", ".join("met" if r >= TARGET else "MISSED" for r in (rate, serve_rate))
        print(
            f"| {view.name} | {len(states)} | {rate:,.0f} | {ours.encode_cpu / ours.cpu:.0%} | "
            f"{len(states) / ours.draw_cpu:,.0f} | {serve_rate:,.0f} | {len(states) / scratch.cpu:,.0f} | "
            f"{len(states) / scratch.draw_cpu:,.0f} | {scratch.cpu / ours.cpu:.1f}x | "
            f"{scratch.draw_cpu / ours.draw_cpu:.1f}x | {verdict} | {load()} |",
            flush=True,
        )
        floors.append(floor_row(view.name, len(states), ours))
    print(f"\nThe floor at the build's level (ours, CPU ms per image; {1000 / TARGET:.0f} ms is {TARGET:.0f}/s)")
    print(
        "| view | images/s | drawing | encoding | filter choice and the rest | deflate alone "
        "| images/s if drawing were free | images/s if only the deflate were left | 200/s at level 6 | load |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    print("\n".join(floors))


def floor_row(name: str, count: int, ours: Timing) -> str:
    """A row of the floor table: where an image's time goes, and what is left if drawing goes."""
    draw, encode, deflate = (1000 * cpu / count for cpu in (ours.draw_cpu, ours.encode_cpu, ours.deflate_cpu))
    budget = 1000 / TARGET
    if deflate > budget:
        verdict = "impossible: the deflate alone exceeds the budget"
    elif encode > budget:
        verdict = "not with Pillow's encoder: its encoding exceeds the budget"
    else:
        verdict = "met" if draw + encode <= budget else "missed: drawing"
    return (
        f"| {name} | {1000 / (draw + encode):,.0f} | {draw:.2f} | {encode:.2f} | {encode - deflate:.2f} | "
        f"{deflate:.2f} | {1000 / encode:,.0f} | {1000 / deflate:,.0f} | {verdict} | {load()} |"
    )


if __name__ == "__main__":
    main()
