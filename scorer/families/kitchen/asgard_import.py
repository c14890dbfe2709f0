"""``planarium import asgardbench DIR [--out parquet/]``: AsgardBench's 108 published tasks
as config ``asgardbench-episodes`` (AsgardBench; ``DIR`` holds ``magt_benchmark.jsonl.gz``
and ``item_cache.json.gz``).

Each task keeps its type, variation, instruction, scene, setup actions and goals; its
scene is populated with the object types AsgardBench's item cache lists for it (the
fixtures with their counts, one object of each pickupable type), placed by our seeded
layout generator (AsgardBench's placements came from AI2-THOR's random spawn), and its
expert step count drives the step limits. Each task is checked solvable on our world
(our expert's plan, validated by the world and by the PDDL core), and what the table of
``optimal`` holds for it (a planner's plan replayed in the world; the optimal length
where the optimal search proved it, else the interval it lies in) is recorded beside
AsgardBench's expert step count (``meta.asgardbench_steps``, ``meta.our_expert_steps``,
``meta.optimal_steps``, with ``meta.optimal_reason`` when there is no optimal length,
``meta.optimal_lower_bound`` and ``meta.optimal_upper_bound``). A task that does not fit, or that
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
from scorer.families.kitchen import catalog
from scorer.families.kitchen.asgard import AsgardTask, AsgardTaskError, read_scenes, read_tasks
from scorer.families.kitchen.configs.episodes import count_table
from scorer.families.kitchen.expert import PlanError
from scorer.families.kitchen.layout import make_world
from scorer.families.kitchen.optimal import read_table, stored_optimal
from scorer.families.kitchen.rows import kitchen_features, make_row
from scorer.families.kitchen.tasks import TASK_TYPES, KitchenTask
from scorer.families.kitchen.world import World
from scorer.registry.family import card_template

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
    """Per task type: AsgardBench's expert step count, our expert's, and on our world the
    optimal length where it is proven and the interval where it is not (means)."""
    metas = _metas(rows)
    lines = [
        "| task type | tasks | AsgardBench's expert | our expert | tasks with a planner's plan | optimal proven "
        "| optimal (proven ones) | lower bound | shortest plan known |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for task_type in TASK_TYPES:
        of_type = [m for m in metas if m["task_type"] == task_type]
        if not of_type:
            continue
        solved = [m["optimal_steps"] for m in of_type if m.get("optimal_steps") is not None]
        planned = [m["optimal_upper_bound"] for m in of_type if m.get("optimal_upper_bound") is not None]
        lower = [m.get("optimal_lower_bound") or 0 for m in of_type]
        theirs = statistics.mean(m["asgardbench_steps"] for m in of_type)
        ours = statistics.mean(m["our_expert_steps"] for m in of_type)
        lines.append(
            f"| {task_type} | {len(of_type)} | {theirs:.1f} | {ours:.1f} | {len(planned)} | {len(solved)} "
            f"| {_mean(solved)} | {_mean(lower)} | {_mean(planned)} |"
        )
    return "\n".join(lines)


def optimal_table(rows: Rows) -> str:
    """Per task: AsgardBench's expert step count beside our optimal length, or the
    interval ``lower-upper`` it lies in when the search did not prove it."""
    lines = ["| task | AsgardBench's expert | our expert | optimal (ours) |", "|---|---|---|---|"]
    for meta in _metas(rows):
        lines.append(
            f"| {meta['source']} | {meta['asgardbench_steps']} | {meta['our_expert_steps']} | {_optimal_cell(meta)} |"
        )
    return "\n".join(lines)


def _optimal_cell(meta: dict[str, Any]) -> str:
    if meta.get("optimal_steps") is not None:
        return str(meta["optimal_steps"])
    upper = meta.get("optimal_upper_bound")
    return f"{meta.get('optimal_lower_bound') or 0}-{'?' if upper is None else upper}"


def _metas(rows: Rows) -> list[dict[str, Any]]:
    return [json.loads(row["meta"]) for split_rows in rows.values() for row in split_rows]


def _mean(values: list[int]) -> str:
    return f"{statistics.mean(values):.1f}" if values else "-"


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="kitchen",
    task="episode",
    summary="AsgardBench's own 108 tasks (imported) in our symbolic homes, its expert step counts driving the limits.",
    features_of=kitchen_features,
    build=lambda settings: {},
    importer="asgardbench",  # never built
    papers=("AsgardBench",),
    card_facts=lambda rows: {
        "count_table": count_table(rows),
        "steps_table": steps_table(rows),
        "optimal_table": optimal_table(rows),
    },
)


@click.command(name="asgardbench")
@import_arguments(f"config {CONFIG}", progress=True)
def asgardbench_import(directory: Path, out: Path, quiet: bool) -> None:
    """Import AsgardBench's tasks (magt_benchmark.jsonl.gz, item_cache.json.gz) from DIRECTORY."""
    with source_errors():
        rows, skipped = import_rows(directory, progress=not quiet)
    write_imported_configs(out, {CONFIG: (SPEC, rows)}, directory, "task", skipped)
