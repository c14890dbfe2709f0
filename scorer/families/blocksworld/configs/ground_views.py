"""Config ``blocksworld-ground-views``: the same grounding questions in every view.

ViPlan shows only its rendered 3D scene; ``blocksworld-ground`` keeps that. Here a balanced
sample of ``blocksworld-ground``'s questions is asked three times, once per view (``3d``,
the flat ``2d`` schematic and the ``text`` description, as the episodes' ``view`` setting
shows them), so a model's accuracy per view compares perception on the very same questions.
The view is in ``meta.view``; ``score`` reports ``accuracy[view=...]``.
"""

from __future__ import annotations

import random
from functools import partial

from data_build.rows import row_features
from data_build.spec import BuildSettings, ConfigSpec, Rows
from scorer.families.blocksworld.configs.ground import Question, chosen_questions, make_row
from scorer.families.blocksworld.problems import blocksworld_problems
from scorer.families.blocksworld.views import VIEWS
from scorer.registry.family import card_template

CONFIG = "blocksworld-ground-views"
# Questions kept per (difficulty, predicate, answer) and split: small enough that three views
# of each stay a cheap config, large enough for a per-view accuracy (full test: about 300
# questions); dev, for trying prompts out, a fifth of test (mini: a half, one per cell).
PER_CELL = {"mini": {"test": 2, "dev": 1}, "full": {"test": 10, "dev": 2}}


def build(settings: BuildSettings) -> Rows:
    rows: Rows = {}
    for split, pool in chosen_questions(settings).items():
        sample = _sample(pool, PER_CELL[settings.size][split], random.Random(f"{settings.seed}/{CONFIG}/{split}"))
        shown = [(q, view) for q in sample for view in VIEWS]
        rows[split] = [make_row(q, split, i, view, CONFIG) for i, (q, view) in enumerate(shown)]
    return rows


def _sample(pool: list[Question], per_cell: int, rng: random.Random) -> list[Question]:
    """Up to ``per_cell`` questions per (difficulty, predicate, answer), in the pool's order."""
    cells: dict[tuple[str, str, bool], list[int]] = {}
    for index, q in enumerate(pool):
        cells.setdefault((q.problem.difficulty, q.predicate, q.answer), []).append(index)
    kept = sorted(i for indices in cells.values() for i in rng.sample(indices, min(per_cell, len(indices))))
    return [pool[i] for i in kept]


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="blocksworld",
    task="ground",
    summary="blocksworld-ground's questions asked in the 3D, 2D and text views (ViPlan-BW Ground, every view).",
    features_of=partial(row_features, ("cot",)),
    build=build,
    papers=("ViPlan",),
    prepare=blocksworld_problems,  # made once for every config that uses it
)
