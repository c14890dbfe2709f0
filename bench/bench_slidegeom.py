"""Benchmark: optimal lengths of sliding geom boards by our A* vs plain breadth-first search.

The boards are the paper's 300 (iVISPAR, ../shared/external/ivispar-boards/),
or, when that folder is absent, our own standard set (same grid, 3 per cell). Both
searches use the same packed-int state encoding and move generator; A* adds the
Manhattan-sum heuristic. The two must give the same length on every board (asserted).
BFS is slow on long boards (minutes in all: a board of length 11 with 11 geoms is
millions of states), so ``--boards N`` runs both searches on N boards spread evenly over
the set (all 300 when 0), and ``--max-length`` keeps only the shorter boards.

    .venv/bin/python bench/bench_slidegeom.py [--boards 60] [--board-dir DIR] [--max-length 11] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import time
from collections import defaultdict
from pathlib import Path

from scorer.families.slidegeom.board import Board
from scorer.families.slidegeom.generate import generate_boards
from scorer.families.slidegeom.ivispar import read_board_folder
from scorer.families.slidegeom.search import bfs_solve, cache_clear, solve

ROOT = Path(__file__).resolve().parents[1]
SHARED_BOARDS = ROOT.parent / "shared" / "external" / "ivispar-boards"


def load_boards(folder: Path) -> tuple[str, list[Board]]:
    if folder.is_dir():
        result = read_board_folder(folder)
        for error in result.errors:
            print(f"skipped: {error}")
        return f"{len(result.boards)} iVISPAR boards from {folder}", [b.board for b in result.boards]
    started = time.perf_counter()
    problems = generate_boards("standard", 0, per_cell=3)
    seconds = time.perf_counter() - started
    return f"{len(problems)} generated standard boards ({seconds:.2f} s to generate)", [p.board for p in problems]


def spread(boards: list[Board], count: int) -> list[Board]:
    """``count`` boards at even steps through the set (which is ordered by geoms and
    length), so every part of the grid stays represented; all of them when ``count`` is 0."""
    if count <= 0 or count >= len(boards):
        return boards
    return [boards[i * len(boards) // count] for i in range(count)]


def astar_lengths(boards: list[Board], repeat: int) -> tuple[list[int], float]:
    """Best-of-``repeat`` total time, each run with a cold cache."""
    best, lengths = float("inf"), []
    for _ in range(repeat):
        cache_clear()
        started = time.perf_counter()
        lengths = [len(solve(b.size, b.start, b.goal) or ()) for b in boards]
        best = min(best, time.perf_counter() - started)
    return lengths, best


def bfs_lengths(boards: list[Board]) -> tuple[list[int], dict[int, float]]:
    """Lengths, and the seconds spent per optimal length."""
    lengths, seconds = [], defaultdict(float)
    for board in boards:
        started = time.perf_counter()
        length = len(bfs_solve(board.size, board.start, board.goal) or ())
        seconds[length] += time.perf_counter() - started
        lengths.append(length)
    return lengths, dict(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board-dir", type=Path, default=SHARED_BOARDS, help="folder of iVISPAR board files")
    parser.add_argument("--boards", type=int, default=60, help="boards spread evenly over the set; 0 = all")
    parser.add_argument("--max-length", type=int, default=11, help="only boards of at most this optimal length")
    parser.add_argument("--repeat", type=int, default=3, help="A* runs (best is kept)")
    options = parser.parse_args()

    what, boards = load_boards(options.board_dir)
    print(what)
    boards = spread(boards, options.boards)
    print(f"boards taken (evenly spread): {len(boards)}")
    cache_clear()
    boards = [b for b in boards if len(solve(b.size, b.start, b.goal) or ()) <= options.max_length]
    print(f"boards of optimal length <= {options.max_length}: {len(boards)}")

    astar, astar_seconds = astar_lengths(boards, options.repeat)
    bfs, bfs_seconds = bfs_lengths(boards)
    assert astar == bfs, "A* and BFS disagree on an optimal length"
    total_bfs = sum(bfs_seconds.values())
    print(f"A*:  {astar_seconds:.3f} s in all, {1000 * astar_seconds / len(boards):.2f} ms/board")
    print(f"BFS: {total_bfs:.1f} s in all, {1000 * total_bfs / len(boards):.0f} ms/board")
    print("BFS seconds by optimal length: " + ", ".join(f"{k}: {v:.2f}" for k, v in sorted(bfs_seconds.items())))
    print(f"same optimal length on all {len(boards)} boards; A* is {total_bfs / astar_seconds:,.0f}x faster")


if __name__ == "__main__":
    print("load average at start: {:.2f} {:.2f} {:.2f}; {} cores".format(*os.getloadavg(), os.cpu_count()))
    main()
