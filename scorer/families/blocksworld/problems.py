"""The shared set of blocksworld problems (every blocksworld config uses the same ones).

Problem ``i`` of a split and difficulty is generated from the seed string
``"<seed>/blocksworld/<split>/<difficulty>/<i>"``; test comes before dev and no (init,
goal) pair appears twice, so the splits never share a problem. A fresh split (another
seed, or ``--size N``) also avoids every pair of the published splits (``published.json``):
a draw that hits one is redrawn.

The problems are drawn in parallel on the build's executor, each avoiding the published
pairs; a pass in order then redraws, in this process, any problem whose pair an earlier
one of the build already took. That is exactly what drawing them one after another
gives (a draw skips only pairs it has seen), so the set is the same on every executor.
A build makes the set once for all the configs that use it (``cache``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from data_build.spec import SPLITS, BuildSettings, apportion
from scorer.executors import Executor
from scorer.families.blocksworld import DIFFICULTIES, BlocksProblem, generate_problem
from scorer.families.blocksworld.state import Layout

PROBLEMS_PER_DIFFICULTY = {"full": {"test": 25, "dev": 5}, "mini": {"test": 3, "dev": 1}}
PUBLISHED = Path(__file__).resolve().parent / "published.json"  # (init, goal) of every published problem

FRESH_CHECK = (
    "every problem's (initial layout, goal layout) pair is compared with the published splits' "
    "(`published.json` of the family); a problem that has one is drawn again. Sizes are bounded by the "
    "distinct problems of the smallest difficulty, simple: 173,760 (1,920 initial layouts x the goals 3-5 "
    "moves away), so `blocksworld-episodes` (a problem per row, a third of them simple) reaches about "
    "400,000 test rows and `blocksworld-ground` (a problem per 32 rows or so) well past 10^6; a size "
    "beyond them stops with an error naming the difficulty."
)

Pair = tuple[Layout, Layout]
Counts = tuple[tuple[str, tuple[tuple[str, int], ...]], ...]  # split -> difficulty -> problems (hashable)
_MADE: dict[tuple[Counts, int, bool], dict[str, list[BlocksProblem]]] = {}


@dataclass(frozen=True)
class Draw:
    split: str
    difficulty: str
    index: int
    seed: int

    @property
    def name(self) -> str:
        return f"bw-{self.split}-{self.difficulty}-{self.index:02d}"

    @property
    def seed_text(self) -> str:
        return f"{self.seed}/blocksworld/{self.split}/{self.difficulty}/{self.index}"

    def problem(self, taken: set[Pair]) -> BlocksProblem:
        return generate_problem(DIFFICULTIES[self.difficulty], self.seed_text, self.name, taken)


def problem_counts(settings: BuildSettings, rows_per_problem: int = 1) -> dict[str, dict[str, int]]:
    """Problems per split and difficulty: the table at a published size; at size N, enough for
    N test rows (N / 5 dev) at ``rows_per_problem`` rows each, spread over the difficulties
    as the full size spreads them."""
    if settings.size in PROBLEMS_PER_DIFFICULTY:
        return {split: {d: n for d in DIFFICULTIES} for split, n in PROBLEMS_PER_DIFFICULTY[settings.size].items()}
    full = PROBLEMS_PER_DIFFICULTY["full"]
    counts = {}
    for split in SPLITS:
        rows = settings.rows(split)
        # every difficulty gets a problem once there are rows enough for one each
        needed = max(math.ceil(rows / rows_per_problem), min(rows, len(DIFFICULTIES)))
        counts[split] = dict(zip(DIFFICULTIES, apportion(needed, [full[split]] * len(DIFFICULTIES))))
    return counts


def blocksworld_problems(
    settings: BuildSettings, counts: dict[str, dict[str, int]] | None = None
) -> dict[str, list[BlocksProblem]]:
    chosen = counts or problem_counts(settings)
    frozen = tuple((split, tuple(chosen[split].items())) for split in SPLITS)
    key = (frozen, settings.seed, not settings.published)
    if key not in _MADE:  # one set per build for every config that uses it (the executor changes nothing)
        _MADE[key] = _problems(*key, settings.show_progress, settings.executor)
    return _MADE[key]


def _problems(
    counts: Counts, seed: int, fresh: bool, show_progress: bool, executor: Executor
) -> dict[str, list[BlocksProblem]]:
    draws = [Draw(split, d, i, seed) for split, per_difficulty in counts for d, n in per_difficulty for i in range(n)]
    avoided = published_pairs() if fresh else frozenset()
    drawn = executor.map(partial(_draw, avoided=avoided), draws, "blocksworld problems", show_progress)
    taken = set(avoided)
    problems: dict[str, list[BlocksProblem]] = {split: [] for split in SPLITS}
    for draw, problem in zip(draws, drawn):
        if (problem.init, problem.goal) in taken:  # an earlier problem of this build has it: redraw
            problem = draw.problem(taken)
        taken.add((problem.init, problem.goal))
        problems[draw.split].append(problem)
    return problems


def _draw(draw: Draw, avoided: frozenset[Pair]) -> BlocksProblem:
    return draw.problem(set(avoided))


@cache
def published_pairs() -> frozenset[Pair]:
    """The (init, goal) pairs of the published splits (seed 0, mini and full)."""
    entries = json.loads(PUBLISHED.read_text())["problems"]
    return frozenset((_layout(e["init"]), _layout(e["goal"])) for e in entries)


def _layout(columns: list[list[str]]) -> Layout:
    return tuple(tuple(column) for column in columns)
