"""A kitchen episode row, made the same way for generated and imported tasks.

The row keeps the task (``meta.task``: type, variation, instruction, goals, setup, expert
step count) and the world it starts in (``meta.world``); ``answer_key`` holds the
expert's plan (as a model writes it and as PDDL steps), checked by the world and by the
PDDL validator when the row is made. ``difficulty`` is the task type, so results come
per task type. ``prompt``, ``messages`` (system and user, as the rollout server sends them) and
``images`` are the first observation of the default mode.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from data_build.rows import dumps, image_cell, prompt_columns, row_features
from scorer.episodes.engine import make_episode
from scorer.families.kitchen.expert import expert_run
from scorer.families.kitchen.pddl import domain_pddl, problem_pddl
from scorer.families.kitchen.tasks import KitchenTask
from scorer.families.kitchen.world import World
from scorer.scoring.harness import key_row

kitchen_features = partial(row_features, ("goal",))  # the rows' features, made when rows are written


def _problem_name(config: str, split: str, index: int) -> str:
    return f"{config}-{split}-{index:04d}"


def key_fields(
    task: KitchenTask, world: World, config: str, split: str, index: int, extra_meta: dict[str, Any] | None = None
) -> dict[str, Any]:
    run = expert_run(world, task)
    task = replace(task, step_count=task.step_count or len(run.plan))
    meta = {
        "task": task.to_json(),
        "world": world.to_json(),
        "task_type": task.task_type,
        "variation": task.variation,
        "scene": task.scene,
        "room": task.room,
        "name": task.name,
        "expert_steps": task.step_count,
        "our_expert_steps": len(run.plan),
        **(extra_meta or {}),
    }
    return {
        "id": f"{config}/{split}/{index:04d}",
        "domain": "kitchen",
        "task": "episode",
        "difficulty": task.task_type,
        "goal": task.description,
        "domain_pddl": domain_pddl(),
        "problem_pddl": problem_pddl(world, task, _problem_name(config, split, index)),
        "answer_key": dumps({"expert_plan": run.plan, "pddl_plan": run.pddl_plan}),
        "meta": dumps(meta),
    }


def make_row(
    task: KitchenTask, world: World, config: str, split: str, index: int, extra_meta: dict[str, Any] | None = None
) -> dict[str, Any]:
    fields = key_fields(task, world, config, split, index, extra_meta)
    observation, _ = make_episode(key_row(fields)).reset()
    images = [image_cell(png) for png in observation.images_png()]
    return {**fields, "images": images, **prompt_columns(observation)}
