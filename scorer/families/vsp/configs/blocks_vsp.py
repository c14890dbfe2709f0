"""Config ``blocks-vsp``: VSP's blocks world, the main task and T1-T4 (VSP, appendix A).

Rows per question (``difficulty``: main, T1, T2, T3, T4) and level (``meta.level``,
VSP's folder name): 100 per level in test at full size as VSP, 8 per level in dev (VSP's
8 in-context examples per level); ``--size mini``: 2 in test and 1 in dev. The ``prompt``
shows VSP's worked example, then the picture asked about (the main task: the start and
the end); ``fewshot`` is the same prompt with ``FEWSHOT_K`` solved examples of the same
question and level, its images in ``fewshot_images``. The examples and the dev rows come
from a held-out pool as in ``maze_vsp`` (its ``PER_LEVEL`` and ``DEV_ROWS``): test takes
the pool's first ``FEWSHOT_K`` of the level, a dev row the pool's others of its level.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from data_build.rows import dumps, image_cell
from data_build.spec import BuildSettings, ConfigSpec, Rows
from scorer.families.vsp.blocks_pddl import domain_pddl, problem_pddl
from scorer.families.vsp.blocks_prompts import blocks_prompt
from scorer.families.vsp.blocks_questions import TASKS, BlocksQuestion, StatePool, levels, make_questions
from scorer.families.vsp.blocks_render import blocks_png, example_png
from scorer.families.vsp.blocks_text import pure_text, table_text
from scorer.families.vsp.configs.maze_vsp import DEV_ROWS, PER_LEVEL, fewshot_features
from scorer.families.vsp.shots import FEWSHOT_K, first_per_level, question_table, shots_for
from scorer.registry.family import card_template

CONFIG = "blocks-vsp"
DOMAIN = "blocks-table"
TASK_KIND = "vsp"


def split_questions(settings: BuildSettings) -> dict[str, list[BlocksQuestion]]:
    """Every question of each split, dev first so test states avoid dev's."""
    pool = StatePool(set())
    questions: dict[str, list[BlocksQuestion]] = {}
    for split in ("dev", "test"):
        count = PER_LEVEL[settings.size][split]
        questions[split] = [
            question
            for task in TASKS
            for level in levels(task)
            for question in make_questions(task, level, count, _rng(settings, split, task, level), pool)
        ]
    return {"test": questions["test"], "dev": questions["dev"]}


def _rng(settings: BuildSettings, split: str, *parts: Any) -> random.Random:
    return random.Random("/".join(map(str, (settings.seed, CONFIG, split, *parts))))


def make_row(
    question: BlocksQuestion,
    shots: list[BlocksQuestion],
    split: str,
    index: int,
    config: str = CONFIG,
    more_meta: dict[str, Any] | None = None,
    difficulty: str = "",
) -> dict[str, Any]:
    """One row; ``config``, ``more_meta`` and ``difficulty`` (the question's group name,
    the question itself by default) let the importer of VSP's own questions make its
    rows the same way."""
    difficulty = difficulty or question.task
    pictures = [image_cell(blocks_png(state)) for state in question.states]
    example = image_cell(example_png())
    start, goal = question.states[0], question.states[-1]
    return {
        "id": f"{config}/{split}/{index:04d}",
        "domain": DOMAIN,
        "task": TASK_KIND,
        "difficulty": difficulty,
        "images": [example, *pictures],
        "prompt": blocks_prompt(question),
        "fewshot": blocks_prompt(question, shots),
        "fewshot_images": [example, *(image_cell(blocks_png(s)) for shot in shots for s in shot.states), *pictures],
        "domain_pddl": domain_pddl(),
        "problem_pddl": problem_pddl(f"{config}-{split}-{index:04d}", start, goal),
        "answer_key": dumps(question.key),
        "meta": dumps(
            {
                "question": difficulty,
                "level": question.level,
                "table": [table_text(s) for s in question.states],
                "pure_text": [pure_text(s) for s in question.states],
                "fewshot_k": len(shots),
                **question.facts,
                **(more_meta or {}),
            }
        ),
    }


def build(settings: BuildSettings) -> Rows:
    questions = split_questions(settings)
    pool = questions["dev"]
    published = {"test": questions["test"], "dev": first_per_level(pool, DEV_ROWS[settings.size])}
    return {
        split: [make_row(q, shots_for(q, pool), split, i) for i, q in enumerate(items)]
        for split, items in published.items()
    }


def card_facts(rows: Rows) -> dict[str, str]:
    """Rows per question and level in test, and T4's answers and error kinds."""
    test = [json.loads(row["meta"]) for row in rows.get("test", [])]
    sequences = Counter(m.get("error", "valid") for m in test if m["question"] == "T4")
    return {
        "question_table": question_table(test, TASKS, levels),
        "sequences": ", ".join(f"{kind}: {n}" for kind, n in sorted(sequences.items())),
        "fewshot_k": str(FEWSHOT_K),
    }


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain=DOMAIN,
    task=TASK_KIND,
    summary="VSP's blocks world: a shortest legal plan between two pictures (main), and four perception/reasoning"
    " questions T1-T4 (VSP).",
    features_of=fewshot_features,
    build=build,
    card_facts=card_facts,
    papers=("VSP",),
)
