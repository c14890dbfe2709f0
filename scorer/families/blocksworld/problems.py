"""The shared set of blocksworld problems (every blocksworld config uses the same ones).

Problem ``i`` of a split and difficulty is generated from the seed string
``"<seed>/blocksworld/<split>/<difficulty>/<i>"``; test is generated before dev and
no (init, goal) pair appears twice, so the splits never share a problem.
"""

from __future__ import annotations

from functools import cache

from tqdm import tqdm

from data_build.spec import SPLITS, BuildSettings
from scorer.families.blocksworld import DIFFICULTIES, BlocksProblem, generate_problem

PROBLEMS_PER_DIFFICULTY = {"full": {"test": 25, "dev": 5}, "mini": {"test": 3, "dev": 1}}


def blocksworld_problems(settings: BuildSettings) -> dict[str, list[BlocksProblem]]:
    return _problems(settings.size, settings.seed, settings.show_progress)


@cache
def _problems(size: str, seed: int, show_progress: bool) -> dict[str, list[BlocksProblem]]:
    counts = PROBLEMS_PER_DIFFICULTY[size]
    jobs = [(split, d, i) for split in SPLITS for d in DIFFICULTIES for i in range(counts[split])]
    taken: set = set()
    problems: dict[str, list[BlocksProblem]] = {split: [] for split in SPLITS}
    for split, difficulty, index in tqdm(jobs, desc="blocksworld problems", disable=not show_progress):
        name = f"bw-{split}-{difficulty}-{index:02d}"
        seed_text = f"{seed}/blocksworld/{split}/{difficulty}/{index}"
        problems[split].append(generate_problem(DIFFICULTIES[difficulty], seed_text, name, taken))
    return problems
