"""The shared set of generated household problems (every built household config uses them).

Problem ``i`` of a split and difficulty is of activity ``i mod 10`` (ViPlan, table 5),
generated from the seed string ``"<seed>/household/<split>/<difficulty>/<i>"``; test is
generated before dev and a problem whose PDDL text repeats is drawn again, so the splits
never share a problem.
"""

from __future__ import annotations

from functools import cache

from tqdm import tqdm

from data_build.spec import SPLITS, BuildSettings
from scorer.families.household.generate import ACTIVITIES, DIFFICULTIES, generate_problem
from scorer.families.household.problem import HouseholdProblem

PROBLEMS_PER_DIFFICULTY = {"full": {"test": 25, "dev": 5}, "mini": {"test": 3, "dev": 1}}
REDRAWS = 20


def household_problems(settings: BuildSettings) -> dict[str, list[HouseholdProblem]]:
    return _problems(settings.size, settings.seed, settings.show_progress)


@cache
def _problems(size: str, seed: int, show_progress: bool) -> dict[str, list[HouseholdProblem]]:
    counts = PROBLEMS_PER_DIFFICULTY[size]
    jobs = [(split, d, i) for split in SPLITS for d in DIFFICULTIES for i in range(counts[split])]
    taken: set[str] = set()
    problems: dict[str, list[HouseholdProblem]] = {split: [] for split in SPLITS}
    for split, difficulty, index in tqdm(jobs, desc="household problems", disable=not show_progress):
        activity = ACTIVITIES[index % len(ACTIVITIES)]
        name = f"hh-{split}-{difficulty}-{index:02d}"
        for redraw in range(REDRAWS):
            seed_text = f"{seed}/household/{split}/{difficulty}/{index}" + (f"/{redraw}" if redraw else "")
            problem = generate_problem(activity, difficulty, seed_text, name)
            key = problem.pddl().split("\n", 1)[1]  # the text after the problem's name
            if key not in taken:
                break
        taken.add(key)
        problems[split].append(problem)
    return problems
