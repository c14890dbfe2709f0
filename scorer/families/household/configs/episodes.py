"""Config ``household-episodes``: one closed-loop episode per generated household problem.

ViPlan's two modes (``scorer.episodes``) on the household world (``world.py``): the
planner (plan or action, with or without CoT) and the grounder (with or without memory);
step limits 10 / 20 / 30 as ViPlan's runs. Rows carry the first-person image of the
start, the goal in ViPlan's words, the PDDL, the optimal plan (answer key), the step
limit, the two layout seeds of the home and the seed of the episode. ``prompt`` is the
first observation in the default planner mode.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from data_build.rows import dumps, image_cell, prompt_columns, row_features
from data_build.spec import BuildSettings, ConfigSpec, Rows
from scorer.episodes.base import Observation
from scorer.episodes.engine import make_episode
from scorer.families.household.problem import HouseholdProblem, domain_pddl
from scorer.families.household.problems import household_problems
from scorer.families.household.verbalize import goal_text
from scorer.registry.family import card_template
from scorer.scoring.harness import key_row

CONFIG = "household-episodes"


@dataclass(frozen=True)
class ImportedFacts:
    """What a row imported from ViPlan's files records: the file, the iGibson scene and
    instance its layout stands for."""

    source: str
    scene: str
    instance: int

    def meta(self) -> dict[str, Any]:
        return {"source": self.source, "igibson_scene": self.scene, "igibson_instance": self.instance}


def make_row(
    problem: HouseholdProblem, split: str, index: int, config: str = CONFIG, imported: ImportedFacts | None = None
) -> dict:
    plan = problem.optimal_plan
    row = {
        "id": f"{config}/{split}/{index:04d}",
        "domain": "household",
        "task": "episode",
        "difficulty": problem.difficulty,
        "goal": goal_text(problem.goal),
        "domain_pddl": domain_pddl(),
        "problem_pddl": problem.pddl(),
        "answer_key": dumps({"optimal_length": len(plan), "optimal_plan": plan}),
        "meta": dumps(
            {
                "problem": problem.name,
                "activity": problem.activity,
                "seed": problem.seed,
                "layout_seeds": list(problem.layout_seeds),
                "optimal_length": len(plan),
                "max_steps": problem.max_steps,
                **(imported.meta() if imported else {}),
            }
        ),
    }
    observation = _first_observation(row)
    images = [image_cell(png) for png in observation.images_png()]
    return {**row, "images": images, **prompt_columns(observation)}


def _first_observation(row: dict) -> Observation:
    observation, _ = make_episode(key_row(row)).reset()
    return observation


def build(settings: BuildSettings) -> Rows:
    problems = household_problems(settings)
    return {split: [make_row(p, split, i) for i, p in enumerate(ps)] for split, ps in problems.items()}


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="household",
    task="episode",
    summary="Closed-loop episodes in a partially observable home: ViPlan's planner and grounder modes (ViPlan-HH).",
    features_of=partial(row_features, ("goal",)),
    build=build,
    papers=("ViPlan",),
)
