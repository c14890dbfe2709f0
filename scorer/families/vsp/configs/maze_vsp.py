"""Config ``maze-vsp``: VSP's maze navigation, the main task and T1-T4 (VSP, appendix A).

Rows per question (``difficulty``: main, T1, T2, T3, T4) and level (``meta.level``):
100 per level in test at full size as VSP, 8 per level in dev (VSP's 8 in-context
examples per level); ``--size mini``: 2 in test and 1 in dev. The ``prompt`` shows the
legend, VSP's worked example and the maze (three images); ``fewshot`` is the same prompt
with ``FEWSHOT_K`` solved examples of the same question and level before the question,
its images in ``fewshot_images`` (legend, example, one per shot, the maze). The examples
come from the held-out pool that dev is drawn from (``PER_LEVEL``'s dev count), the
first ``FEWSHOT_K`` of the question and level, and a dev row's are the pool's others of
its level. Dev publishes the pool's first ``DEV_ROWS`` per question and level: all of it
at full size; at mini size one (so dev stays smaller than test, 2 per level), the first
example of every test row of its level, the second being unpublished.
"""

from __future__ import annotations

import json
import random
import statistics
from typing import TYPE_CHECKING, Any

from data_build.rows import dumps, image_cell, row_features
from data_build.spec import BuildSettings, ConfigSpec, Rows
from scorer.families.vsp.maze import SIZES, Maze
from scorer.families.vsp.maze_generate import random_maze
from scorer.families.vsp.maze_pddl import domain_pddl, problem_pddl
from scorer.families.vsp.maze_prompts import maze_prompt
from scorer.families.vsp.maze_questions import TASKS, MapPool, Question, levels, make_questions
from scorer.families.vsp.maze_render import example_png, legend_png, maze_png
from scorer.families.vsp.maze_text import pure_text, table_text
from scorer.families.vsp.shots import FEWSHOT_K, first_per_level, question_table, shots_for
from scorer.registry.family import card_template

if TYPE_CHECKING:  # made in fewshot_features: a config's module is imported without datasets
    from datasets import Features

CONFIG = "maze-vsp"
DOMAIN = "maze"
TASK_KIND = "vsp"
# Questions drawn per level; dev's are the pool of in-context examples (mini: enough for a
# dev row's FEWSHOT_K others).
PER_LEVEL = {"full": {"test": 100, "dev": 8}, "mini": {"test": 2, "dev": FEWSHOT_K + 1}}
DEV_ROWS = {"full": PER_LEVEL["full"]["dev"], "mini": 1}  # the pool's first questions per level that dev publishes


def fewshot_features() -> Features:
    """The common columns with `fewshot` and its images, `fewshot_images`, after it."""
    from datasets import Features, Image, List

    columns = dict(row_features(("fewshot",)))
    ordered = {}
    for name, feature in columns.items():
        ordered[name] = feature
        if name == "fewshot":
            ordered["fewshot_images"] = List(Image())
    return Features(ordered)


def split_questions(settings: BuildSettings) -> dict[str, list[Question]]:
    """Every question of each split, dev first so test maps avoid nothing they need."""
    taken: set[Maze] = set()
    questions: dict[str, list[Question]] = {}
    for split in ("dev", "test"):
        count = PER_LEVEL[settings.size][split]
        pool = MapPool(taken)
        shared = {size: _draw_maps(pool, size, count, _rng(settings, split, "maps", size)) for size in SIZES}
        questions[split] = [
            question
            for task in TASKS
            for level in levels(task)
            for question in make_questions(
                task, level, count, _rng(settings, split, task, level), pool, shared.get(_size_of(level), [])
            )
        ]
    return {"test": questions["test"], "dev": questions["dev"]}


def _draw_maps(pool: MapPool, size: int, count: int, rng: random.Random) -> list[Maze]:
    return [pool.draw(random_maze, size, rng) for _ in range(count)]


def _rng(settings: BuildSettings, split: str, *parts: Any) -> random.Random:
    return random.Random("/".join(map(str, (settings.seed, CONFIG, split, *parts))))


def _size_of(level: str) -> int:
    return int(level[5:]) if level.startswith("level") else 0


def make_row(
    question: Question,
    shots: list[Question],
    split: str,
    index: int,
    config: str = CONFIG,
    more_meta: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One row; ``config`` and ``more_meta`` let the importer of VSP's own questions
    make its rows the same way."""
    maze_image = image_cell(maze_png(question.maze))
    head = [image_cell(legend_png()), image_cell(example_png())]
    return {
        "id": f"{config}/{split}/{index:04d}",
        "domain": DOMAIN,
        "task": TASK_KIND,
        "difficulty": question.task,
        "images": [*head, maze_image],
        "prompt": maze_prompt(question),
        "fewshot": maze_prompt(question, shots),
        "fewshot_images": [*head, *(image_cell(maze_png(s.maze)) for s in shots), maze_image],
        "domain_pddl": domain_pddl(),
        "problem_pddl": problem_pddl(f"{config}-{split}-{index:04d}", question.maze),
        "answer_key": dumps(question.key),
        "meta": dumps(
            {
                "question": question.task,
                "level": question.level,
                "size": question.maze.size,
                "table": table_text(question.maze),
                "pure_text": pure_text(question.maze),
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
    """Rows per question and level in test, and the mean shortest path per size."""
    test = [json.loads(row["meta"]) for row in rows.get("test", [])]
    lengths: dict[int, list[int]] = {}
    for m in test:
        if m["question"] == "main":
            lengths.setdefault(m["size"], []).append(m["optimal_length"])
    paths = [f"{size}x{size}: {statistics.mean(found):.2f}" for size, found in sorted(lengths.items())]
    return {
        "question_table": question_table(test, TASKS, levels),
        "mean_shortest_path": ", ".join(paths),
        "fewshot_k": str(FEWSHOT_K),
    }


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain=DOMAIN,
    task=TASK_KIND,
    summary="VSP's maze navigation: plan a safe path (main), and four perception/reasoning questions T1-T4 (VSP).",
    features_of=fewshot_features,
    build=build,
    card_facts=card_facts,
    papers=("VSP",),
)
