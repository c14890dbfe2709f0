"""Benchmark: sliding geom rendering, images/s per view (3D, 2D, text), with our caches
against rendering every image from scratch.

The fixed set is the start and goal state of each standard board (geoms 2..11 x optimal
length 2..11, one board per cell, seed 0): 200 states by default. Each state is drawn
and encoded as PNG bytes (what a row or an observation carries); the text view is the
string ``render_text`` returns.

- ours: the renderer as the build and the rollout server use it; its caches (camera
  fit, board background, per-cell solids, shadows, sphere sprites, 2D symbol tiles,
  fonts) start empty and fill as the run goes, so their cost is counted once.
- from scratch: every cache is cleared before every image, so each image pays for its
  background and sprites, as a renderer without caches would.

Both ways must give the same bytes for every state (asserted), so the ratio is honest.
The text view has no cache; its two ways are the same code, shown for scale. Wall and
CPU seconds are both printed: the machine is shared, and CPU time is the steadier.

    .venv/bin/python bench/bench_slidegeom_render.py [--boards 100] [--repeat 2]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from scorer.families.slidegeom import board_3d, geoms_3d, scene_3d, symbols_2d, view_2d, view_3d
from scorer.families.slidegeom.generate import generate_boards
from scorer.families.slidegeom.text import placed
from scorer.families.slidegeom.view_2d import render_2d
from scorer.families.slidegeom.view_3d import render_3d
from scorer.families.slidegeom.view_state import Placed
from scorer.families.slidegeom.view_text import render_text
from scorer.render import fonts
from scorer.render.png import png_bytes

State = Placed  # (geom, cell) pairs in board-coordinate order
VIEWS: dict[str, Callable[[State], bytes]] = {
    "3d": lambda state: png_bytes(render_3d(state)),
    "2d": lambda state: png_bytes(render_2d(state)),
    "text": lambda state: render_text(state).encode(),
}
# Every module that holds a cache of the views (the text view has none).
CACHED_MODULES: tuple[ModuleType, ...] = (scene_3d, board_3d, geoms_3d, view_3d, view_2d, symbols_2d, fonts)


@dataclass(frozen=True)
class Timing:
    wall: float
    cpu: float
    outputs: tuple[bytes, ...]


def fixed_states(n_boards: int) -> list[State]:
    """Start and goal of the first ``n_boards`` standard boards (one per grid cell)."""
    problems = generate_boards("standard", 0, per_cell=1)[:n_boards]
    states = []
    for problem in problems:
        board = problem.board
        states += [placed(board.geoms, board.start), placed(board.geoms, board.goal)]
    return states


def clear_caches() -> None:
    for module in CACHED_MODULES:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def run(draw: Callable[[State], bytes], states: list[State], from_scratch: bool) -> Timing:
    """One pass over the states, starting from empty caches. Only the drawing is timed,
    not the clearing, which would otherwise dominate the text view."""
    clear_caches()
    outputs, wall, cpu = [], 0.0, 0.0
    for state in states:
        if from_scratch:
            clear_caches()
        wall_start, cpu_start = time.perf_counter(), time.process_time()
        outputs.append(draw(state))
        wall += time.perf_counter() - wall_start
        cpu += time.process_time() - cpu_start
    return Timing(wall, cpu, tuple(outputs))


def best_of(repeat: int, draw: Callable[[State], bytes], states: list[State], from_scratch: bool) -> Timing:
    """The fastest of ``repeat`` passes (by CPU time), each from empty caches."""
    return min((run(draw, states, from_scratch) for _ in range(repeat)), key=lambda t: t.cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100, help="standard boards (2 states each), at most 100")
    parser.add_argument("--repeat", type=int, default=2, help="passes per way and view (the fastest is kept)")
    options = parser.parse_args()
    states = fixed_states(options.boards)
    load = os.getloadavg()[0]
    print(
        f"{len(states)} states of {len(states) // 2} standard boards "
        f"(load average {load:.1f} on {os.cpu_count()} cores at start)"
    )
    print(
        "| view | ours images/s (CPU) | ours images/s (wall) | from scratch images/s (CPU) "
        "| from scratch images/s (wall) | ratio (CPU) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    ours_by_view = {}
    for view, draw in VIEWS.items():
        ours = best_of(options.repeat, draw, states, from_scratch=False)
        scratch = best_of(options.repeat, draw, states, from_scratch=True)
        assert ours.outputs == scratch.outputs, f"{view}: the caches changed an image"
        ours_by_view[view] = ours
        n = len(states)
        print(
            f"| {view} | {n / ours.cpu:,.1f} | {n / ours.wall:,.1f} | {n / scratch.cpu:,.1f} | "
            f"{n / scratch.wall:,.1f} | {scratch.cpu / ours.cpu:.1f}x |"
        )
    ratio_3d_2d = ours_by_view["3d"].cpu / ours_by_view["2d"].cpu
    print(
        f"same bytes with and without caches in every view (asserted); "
        f"a 3D image costs {ratio_3d_2d:.1f}x a 2D one (CPU)"
    )


if __name__ == "__main__":
    main()
