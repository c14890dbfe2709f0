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

    .venv/bin/python -m bench.bench_render [--states 60] [--views blocksworld-3d,...]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Hashable
from dataclasses import dataclass

from render_views import VIEWS, View  # a sibling: the benchmarks run as scripts (make bench)

from scorer.render.png import SERVE_LEVEL, png_bytes

TARGET = 200.0  # images/s per view on one core (issue 19)


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
    outputs: tuple[bytes, ...]

    @property
    def draw_cpu(self) -> float:
        return self.cpu - self.encode_cpu


def one_pass(view: View, states: list[Hashable], from_scratch: bool) -> Timing:
    clear_caches(view.package)
    outputs, cpu, encode_cpu, serve_encode_cpu = [], 0.0, 0.0, 0.0
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
    return Timing(cpu, encode_cpu, serve_encode_cpu, tuple(outputs))


def best_of(repeat: int, view: View, states: list[Hashable], from_scratch: bool) -> Timing:
    return min((one_pass(view, states, from_scratch) for _ in range(repeat)), key=lambda t: t.cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--states", type=int, default=300, help="distinct states per view (fewer where a sampler has fewer)"
    )
    parser.add_argument("--repeat", type=int, default=2, help="passes per way (the fastest, by CPU, is kept)")
    parser.add_argument("--views", default="", help="comma-separated view names (default: all)")
    options = parser.parse_args()
    chosen = [v for v in VIEWS if not options.views or v.name in options.views.split(",")]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; one process; target {TARGET:.0f}/s")
    print(
        "| view | states | ours images/s (CPU) | PNG share | ours drawing only/s | ours at the serve level/s "
        "| from scratch images/s (CPU) | from scratch drawing only/s | ratio | drawing ratio | target (build, serve) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
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
            f"{scratch.draw_cpu / ours.draw_cpu:.1f}x | {verdict} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
