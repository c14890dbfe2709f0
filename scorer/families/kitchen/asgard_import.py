"""``planarium import asgardbench DIR [--out parquet/]``: AsgardBench's 108 published tasks
as config ``asgardbench-episodes`` (AsgardBench; ``DIR`` holds ``magt_benchmark.jsonl.gz``
and ``item_cache.json.gz``).

Each task keeps its type, variation, instruction, scene, setup actions and goals; its
scene is populated with the object types AsgardBench's item cache lists for it (the
fixtures with their counts, one object of each pickupable type), placed by our seeded
layout generator (AsgardBench's placements came from AI2-THOR's random spawn), and its
expert step count drives the step limits. Each task is checked solvable on our world
(our expert's plan, validated by the world and by the PDDL core) and, with
``--planner``, by an optimal planner on the PDDL core: our optimal length is recorded
beside AsgardBench's expert step count (``meta.asgardbench_steps``,
``meta.our_expert_steps``, ``meta.planner_steps``). A task that does not fit, or that
our world cannot solve, is reported and skipped; one bad task never stops an import.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from tqdm import tqdm

from data_build.build import write_imported
from data_build.spec import ConfigSpec, Rows
from scorer.families.base import card_template
from scorer.families.kitchen import catalog
from scorer.families.kitchen.asgard import AsgardTask, AsgardTaskError, read_scenes, read_tasks
from scorer.families.kitchen.configs.episodes import count_table
from scorer.families.kitchen.expert import PlanError
from scorer.families.kitchen.layout import make_world
from scorer.families.kitchen.pddl import domain_pddl, problem_pddl
from scorer.families.kitchen.rows import FEATURES, make_row

CONFIG = "asgardbench-episodes"
SPLIT = "test"  # AsgardBench's tasks are one evaluation set


def _row(source: AsgardTask, scenes: dict[str, Any], index: int, planner_timeout: float) -> dict[str, Any]:
    task = source.task
    if task.scene not in scenes:
        raise AsgardTaskError(source.folder, "scene", f"a scene of the item cache, not {task.scene!r}")
    counts = scenes[task.scene]
    fixtures = {kind: n for kind, n in counts.items() if kind not in catalog.PICKUPABLE}
    items = tuple(kind for kind in counts if kind in catalog.PICKUPABLE)
    world = make_world(task, fixtures, items, f"asgardbench/{task.name}/{source.seed}")
    extra: dict[str, Any] = {"source": task.name, "source_folder": source.folder, "asgardbench_steps": task.step_count}
    if planner_timeout > 0:
        extra.update(_planner_steps(world, task, planner_timeout))
    return make_row(task, world, CONFIG, SPLIT, index, extra)


def _planner_steps(world: Any, task: Any, timeout: float) -> dict[str, Any]:
    """An optimal planner's plan length on the PDDL core (None when it gave up)."""
    from scorer.pddl import plan_with_planner

    result = plan_with_planner(domain_pddl(), problem_pddl(world, task, "asgardbench"), "symk-opt", timeout_s=timeout)
    plan = getattr(result, "plan", None)
    return {"planner_steps": len(plan) if plan is not None else None, "planner_verdict": str(result.verdict.value)}


def import_rows(folder: Path, progress: bool = False, planner_timeout: float = 0) -> tuple[Rows, list[str]]:
    """Test rows of every usable task in ``folder``, and one line per task skipped."""
    scenes = read_scenes(folder)
    rows: list[dict[str, Any]] = []
    skipped: list[str] = []
    for source in tqdm(list(read_tasks(folder)), desc=CONFIG, disable=not progress):
        if isinstance(source, AsgardTaskError):
            skipped.append(str(source))
            continue
        try:
            rows.append(_row(source, scenes, len(rows), planner_timeout))
        except (AsgardTaskError, PlanError) as error:
            skipped.append(f"{source.folder}: {error}")
    return {SPLIT: rows}, skipped


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
    card_facts=lambda rows: {"count_table": count_table(rows)},
)


@click.command(name="asgardbench")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=Path("parquet"),
    show_default=True,
    help="Dataset folder to add config asgardbench-episodes to.",
)
@click.option(
    "--planner",
    "planner_timeout",
    type=float,
    default=0.0,
    show_default=True,
    help="Seconds an optimal planner (symk-opt) may take per task on the PDDL core; 0: no planner call.",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
def asgardbench_import(directory: Path, out: Path, planner_timeout: float, quiet: bool) -> None:
    """Import AsgardBench's tasks (magt_benchmark.jsonl.gz, item_cache.json.gz) from DIRECTORY."""
    try:
        rows, skipped = import_rows(directory, progress=not quiet, planner_timeout=planner_timeout)
    except (FileNotFoundError, ValueError) as error:
        raise click.ClickException(str(error)) from None
    for line in skipped:
        click.echo(f"warning: skipped {line}", err=True)
    if not rows[SPLIT]:
        raise click.ClickException(f"no usable task in {directory}; nothing written")
    out.mkdir(parents=True, exist_ok=True)
    write_imported(SPEC, rows, out)
    click.echo(f"wrote {len(rows[SPLIT])} rows of {CONFIG} to {out}/ ({len(skipped)} task(s) skipped)")
