"""Config ``blocksworld-episodes``: one closed-loop episode per blocksworld problem.

Rows carry the initial image, the goal in words, the PDDL, the optimal plan (answer key),
the step limit and the seed of the episode's randomness. ``prompt`` is the first
observation in the default planner mode; other modes build theirs from the same row.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from data_build.rows import dumps, image_cell, prompt_columns, row_features
from data_build.spec import BuildSettings, ConfigSpec, Rows
from scorer.episodes.base import Observation
from scorer.episodes.engine import make_episode
from scorer.families.blocksworld import DIFFICULTIES, BlocksProblem, domain_pddl, goal_text
from scorer.families.blocksworld.images import state_png
from scorer.families.blocksworld.problems import FRESH_CHECK, blocksworld_problems
from scorer.registry.family import card_template
from scorer.scoring.harness import key_row

CONFIG = "blocksworld-episodes"


def make_row(
    problem: BlocksProblem, split: str, index: int, config: str = CONFIG, imported: ImportedFacts | None = None
) -> dict:
    """One episode row; ``imported`` adds what a paper's problem file brings (its source
    and reference plan)."""
    difficulty = DIFFICULTIES[problem.difficulty]
    extra = imported or ImportedFacts()
    row = {
        "id": f"{config}/{split}/{index:04d}",
        "domain": "blocksworld",
        "task": "episode",
        "difficulty": problem.difficulty,
        "images": [image_cell(state_png(problem.init))],
        "goal": goal_text(problem.goal),
        "domain_pddl": domain_pddl(),
        "problem_pddl": problem.pddl(),
        "answer_key": dumps(
            {"optimal_length": problem.optimal_length, "optimal_plan": list(problem.optimal_plan), **extra.key()}
        ),
        "meta": dumps(
            {
                "problem": problem.name,
                "seed": problem.seed,
                "optimal_length": problem.optimal_length,
                "max_steps": difficulty.max_steps,
                "n_blocks": difficulty.n_blocks,
                "n_columns": difficulty.n_columns,
                **extra.meta(),
            }
        ),
    }
    return {**row, **prompt_columns(_first_observation(row))}


@dataclass(frozen=True)
class ImportedFacts:
    """What a row imported from a paper's file records beside our own key."""

    source: str | None = None  # the file, relative to the paper's problems folder
    reference_plan: tuple[str, ...] | None = None  # the paper's plan, as PDDL action names

    def key(self) -> dict[str, Any]:
        return {} if self.reference_plan is None else {"reference_plan": list(self.reference_plan)}

    def meta(self) -> dict[str, Any]:
        facts: dict[str, Any] = {} if self.source is None else {"source": self.source}
        if self.reference_plan is not None:
            facts["reference_length"] = len(self.reference_plan)
        return facts


def _first_observation(row: dict) -> Observation:
    observation, _ = make_episode(key_row(row)).reset()
    return observation


def build(settings: BuildSettings) -> Rows:
    problems = blocksworld_problems(settings)
    return {split: [make_row(p, split, i) for i, p in enumerate(ps)] for split, ps in problems.items()}


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="blocksworld",
    task="episode",
    summary="Closed-loop blocksworld episodes: planner and grounder modes, optional action failures (ViPlan-BW).",
    features_of=partial(row_features, ("goal",)),
    build=build,
    papers=("ViPlan",),
    fresh_check=FRESH_CHECK,
    any_size=True,
    prepare=blocksworld_problems,  # made once for every config that uses it
)
