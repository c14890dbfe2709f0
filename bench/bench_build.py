"""Build throughput: rows/s and images/s of blocksworld-ground, against rendering every row anew.

Ours renders each distinct state once (``state_png`` is cached) and reuses the PNG for
every question about that state; the naive way renders one image per row. Both write
the same Parquet bytes (asserted), so the ratio is honest. Problem generation is timed
separately (it is cached across configs) against an optimal planner call per problem
(symk-opt), which is what checking a candidate's optimal length with a planner costs.

    python bench/bench_build.py [--size mini|full]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import tempfile
import time
from pathlib import Path

from data_build.shards import sha256_file, write_split
from data_build.spec import BuildSettings
from scorer.families.blocksworld import domain_pddl
from scorer.families.blocksworld.configs import ground as blocksworld_ground
from scorer.families.blocksworld.images import state_png
from scorer.families.blocksworld.problems import blocksworld_problems
from scorer.families.blocksworld.view_3d import render_3d
from scorer.pddl import plan_with_planner
from scorer.render.png import png_bytes


def timed(work):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def build_rows(settings: BuildSettings, cached: bool) -> dict:
    if not cached:  # the naive way: every row renders its own image
        blocksworld_ground.state_png = lambda layout: png_bytes(render_3d(layout))  # type: ignore[assignment]
    try:
        return blocksworld_ground.build(settings)
    finally:
        blocksworld_ground.state_png = state_png


def write_all(rows: dict, out: Path) -> str:
    for split, split_rows in rows.items():
        write_split(split_rows, blocksworld_ground.SPEC.features, out, blocksworld_ground.CONFIG, split)
    digest = hashlib.sha256()
    for shard in sorted(out.rglob("*.parquet")):
        digest.update(sha256_file(shard).encode())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=["mini", "full"], default="mini")
    parser.add_argument("--planner-problems", type=int, default=3, help="problems per difficulty timed with symk-opt")
    args = parser.parse_args()
    settings = BuildSettings(size=args.size, show_progress=False)

    problems, generation_s = timed(lambda: blocksworld_problems(settings))
    n_problems = sum(map(len, problems.values()))
    state_png.cache_clear()
    ours_rows, ours_s = timed(lambda: build_rows(settings, cached=True))
    n_images = state_png.cache_info().currsize
    naive_rows, naive_s = timed(lambda: build_rows(settings, cached=False))
    n_rows = sum(map(len, ours_rows.values()))
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        assert write_all(ours_rows, Path(a)) == write_all(naive_rows, Path(b)), "both ways must write the same bytes"

    sample = [p for p in problems["test"]][:: max(1, len(problems["test"]) // (3 * args.planner_problems))]
    sample = sample[: 3 * args.planner_problems]
    planner_s = sum(plan_with_planner(domain_pddl(), p.pddl(), engine="symk-opt").seconds for p in sample)

    print(f"blocksworld-ground, size {args.size}: {n_problems} problems, {n_rows} rows, {n_images} distinct images")
    print("| way | seconds | rows/s | images/s |\n|---|---:|---:|---:|")
    print(f"| ours (one render per state) | {ours_s:.2f} | {n_rows / ours_s:,.0f} | {n_images / ours_s:,.1f} |")
    print(f"| naive (one render per row) | {naive_s:.2f} | {n_rows / naive_s:,.0f} | {n_rows / naive_s:,.1f} |")
    print(f"rows/s ratio ours / naive: {naive_s / ours_s:.1f}x")
    ours_per_problem = generation_s / n_problems
    planner_per_problem = planner_s / len(sample)
    print(
        f"problem generation: ours {ours_per_problem:.2f} s/problem (reachable-space BFS + A*), "
        f"symk-opt check {planner_per_problem:.2f} s/problem on {len(sample)} problems: "
        f"ratio {planner_per_problem / ours_per_problem:.1f}x"
    )


if __name__ == "__main__":
    print("load average at start: {:.2f} {:.2f} {:.2f}; {} cores".format(*os.getloadavg(), os.cpu_count()))
    main()
