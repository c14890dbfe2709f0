"""``planarium import asgardbench DIR [--out parquet/]``: AsgardBench's 108 published tasks
as config ``asgardbench-episodes`` (AsgardBench; ``DIR`` holds ``magt_benchmark.jsonl.gz``
and ``item_cache.json.gz``).

Each task keeps its type, variation, instruction, scene, setup actions and goals; its
scene is populated with the object types AsgardBench's item cache lists for it (the
fixtures with their counts, one object of each pickupable type), placed by our seeded
layout generator (AsgardBench's placements came from AI2-THOR's random spawn), and its
expert step count drives the step limits. Each task is checked solvable on our world
(our expert's plan, validated by the world and by the PDDL core), and the optimal length
the table of ``optimal`` holds for it (an optimal planner's plan, replayed in the world)
is recorded beside AsgardBench's expert step count (``meta.asgardbench_steps``,
``meta.our_expert_steps``, ``meta.optimal_steps``, with ``meta.optimal_reason`` when
there is no optimal length). A task that does not fit, or that
our world cannot solve, is reported and skipped; one bad task never stops an import.
"""

from __future__ import annotations

import contextlib
import json
import statistics
from pathlib import Path
from typing import Any

import click
from tqdm import tqdm

from data_build.importing import import_arguments, source_errors, write_imported_configs
from data_build.spec import ConfigSpec, Rows
from scorer.families.base import card_template
from scorer.families.kitchen import catalog
from scorer.families.kitchen.asgard import AsgardTask, AsgardTaskError, read_scenes, read_tasks
from scorer.families.kitchen.configs.episodes import count_table
from scorer.families.kitchen.expert import PlanError
from scorer.families.kitchen.layout import make_world
from scorer.families.kitchen.optimal import read_table, stored_optimal
from scorer.families.kitchen.rows import FEATURES, make_row
from scorer.families.kitchen.tasks import TASK_TYPES, KitchenTask
from scorer.families.kitchen.world import World

CONFIG = "asgardbench-episodes"
SPLIT = "test"  # AsgardBench's tasks are one evaluation set


def _world(source: AsgardTask, scenes: dict[str, Any]) -> World:
    task = source.task
    if task.scene not in scenes:
        raise AsgardTaskError(source.folder, "scene", f"a scene of the item cache, not {task.scene!r}")
    counts = scenes[task.scene]
    fixtures = {kind: n for kind, n in counts.items() if kind not in catalog.PICKUPABLE}
    items = tuple(kind for kind in counts if kind in catalog.PICKUPABLE)
    return make_world(task, fixtures, items, f"asgardbench/{task.name}/{source.seed}")


def _row(source: AsgardTask, world: World, index: int, optimal: dict[str, Any]) -> dict[str, Any]:
    task = source.task
    extra: dict[str, Any] = {"source": task.name, "source_folder": source.folder, "asgardbench_steps": task.step_count}
    return make_row(task, world, CONFIG, SPLIT, index, extra | optimal)


def imported_worlds(folder: Path) -> list[tuple[World, KitchenTask]]:
    """Each usable task's world and task (what ``optimal`` solves)."""
    scenes = read_scenes(folder)
    sources = [s for s in read_tasks(folder) if not isinstance(s, AsgardTaskError)]
    worlds = []
    for source in sources:
        with contextlib.suppress(AsgardTaskError):
            worlds.append((_world(source, scenes), source.task))
    return worlds


def import_rows(folder: Path, progress: bool = False) -> tuple[Rows, list[str]]:
    """Test rows of every usable task in ``folder``, and one line per task skipped."""
    scenes = read_scenes(folder)
    table = read_table()
    rows: list[dict[str, Any]] = []
    skipped: list[str] = []
    for source in tqdm(list(read_tasks(folder)), desc=CONFIG, disable=not progress):
        if isinstance(source, AsgardTaskError):
            skipped.append(str(source))
            continue
        try:
            world = _world(source, scenes)
            rows.append(_row(source, world, len(rows), stored_optimal(table, world, source.task)))
        except (AsgardTaskError, PlanError) as error:
            skipped.append(f"{source.folder}: {error}")
    return {SPLIT: rows}, skipped


def steps_table(rows: Rows) -> str:
    """Per task type: AsgardBench's expert step count, our expert's and the optimal
    length on our world (means; the optimal over the tasks that have one)."""
    metas = [json.loads(row["meta"]) for split_rows in rows.values() for row in split_rows]
    lines = [
        "| task type | tasks | AsgardBench's expert | our expert | optimal (ours) | tasks with an optimal length |",
        "|---|---|---|---|---|---|",
    ]
    for task_type in TASK_TYPES:
        of_type = [m for m in metas if m["task_type"] == task_type]
        if not of_type:
            continue
        solved = [m["optimal_steps"] for m in of_type if m.get("optimal_steps") is not None]
        optimal = f"{statistics.mean(solved):.1f}" if solved else "-"
        theirs = statistics.mean(m["asgardbench_steps"] for m in of_type)
        ours = statistics.mean(m["our_expert_steps"] for m in of_type)
        lines.append(f"| {task_type} | {len(of_type)} | {theirs:.1f} | {ours:.1f} | {optimal} | {len(solved)} |")
    return "\n".join(lines)


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="kitchen",
    task="episode",
    summary="AsgardBench's own 108 tasks (imported) in our symbolic homes, its expert step counts driving the limits.",
    features=FEATURES,
    build=lambda settings: {},
    importer="asgardbench",  # never built
    papers=("AsgardBench",),
    card_facts=lambda rows: {"count_table": count_table(rows), "steps_table": steps_table(rows)},
)


@click.command(name="asgardbench")
@import_arguments(f"config {CONFIG}", progress=True)
def asgardbench_import(directory: Path, out: Path, quiet: bool) -> None:
    """Import AsgardBench's tasks (magt_benchmark.jsonl.gz, item_cache.json.gz) from DIRECTORY."""
    with source_errors():
        rows, skipped = import_rows(directory, progress=not quiet)
    write_imported_configs(out, {CONFIG: (SPEC, rows)}, directory, "task", skipped)
