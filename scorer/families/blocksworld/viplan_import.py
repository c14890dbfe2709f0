"""``planarium import viplan DIR [--out parquet/]``: ViPlan's 75 blocksworld problems as
config ``viplan-blocksworld-episodes``.

DIR is a copy of ViPlan's repository (the folder holding ``data/planning/``). The
problems are ``data/planning/blocksworld/problems/{simple,medium,hard}/<split>_problem_<i>.pddl``
(25 per difficulty, the ones ViPlan's scripts run; ViPlan, section 4.1), and each folder's
``metadata.json`` holds ViPlan's reference plan for each problem. Every problem is read
with our PDDL core against ViPlan's own domain file, turned into its initial and goal
layouts (its goal must be a full configuration, as all of ViPlan's are) and written as a
``blocksworld-episodes`` row in our domain: the same planner and grounder modes, ViPlan's
step limits (10 / 20 / 30), and ``meta.source`` the file it came from
(``simple/simple_problem_3.pddl``). The key is our optimal plan (A*); ViPlan's reference
plan (found by a satisficing planner) is kept beside it and must be valid on the
imported problem and never shorter than ours, or the import stops naming the file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import click

from data_build.importing import import_arguments, min_mean_max, source_errors, write_imported_configs
from data_build.spec import ConfigSpec, Rows
from scorer.families.blocksworld.configs.episodes import SPEC as EPISODES_SPEC
from scorer.families.blocksworld.configs.episodes import ImportedFacts, make_row
from scorer.families.blocksworld.generate import DIFFICULTIES, BlocksProblem, optimal_plan
from scorer.families.blocksworld.state import Layout, column_names, layout_atoms, layout_from_atoms
from scorer.pddl import Task, parse_task, validate_plan
from scorer.registry.family import card_template

CONFIG = "viplan-blocksworld-episodes"
SPLIT = "test"
PROBLEMS = Path("data/planning/blocksworld")
PROBLEM_FILE = re.compile(r"(simple|medium|hard)_problem_(\d+)\.pddl")
_CALL = re.compile(r"moveblock\((\w+), (\w+)\)")  # ViPlan's str(action), e.g. moveblock(y, c3)


def problem_files(directory: Path) -> list[Path]:
    """ViPlan's problem files, by difficulty and then by number."""
    files = []
    for difficulty in DIFFICULTIES:
        folder = directory / PROBLEMS / "problems" / difficulty
        if not folder.is_dir():
            raise FileNotFoundError(f"{folder} is missing: DIR must be a copy of ViPlan's repository")
        found = [f for f in folder.iterdir() if PROBLEM_FILE.fullmatch(f.name)]
        files += sorted(found, key=lambda f: int(PROBLEM_FILE.fullmatch(f.name)[2]))  # type: ignore[index]
    return files


def imported_problem(directory: Path, path: Path) -> tuple[BlocksProblem, ImportedFacts]:
    """One ViPlan problem file as our problem, with its source and reference plan."""
    source = path.relative_to(directory / PROBLEMS / "problems").as_posix()
    difficulty = DIFFICULTIES[path.parent.name]
    task = parse_task((directory / PROBLEMS / "domain.pddl").read_text(), path.read_text())
    init, goal = _layout(task, task.init, source), _layout(task, task.goal_pos, source)
    if sum(map(len, init)) != difficulty.n_blocks or len(init) != difficulty.n_columns:
        raise ValueError(f"{source}: expected {difficulty.n_blocks} blocks in {difficulty.n_columns} columns")
    if set(layout_atoms(goal)) != set(task.true_atoms(task.goal_pos)):
        raise ValueError(f"{source}: the goal is not a full configuration (on, clear, inColumn of every block)")
    blocks = tuple(name for name, kind in task.objects.items() if kind == "block")  # the file's order
    problem = BlocksProblem(path.stem, difficulty.name, f"viplan/{source}", init, goal, (), blocks)
    ours = problem.task()
    reference = tuple(_pddl_name(call, source) for call in _reference_plan(path))
    checked = validate_plan(ours, reference)
    if not checked.valid:
        raise ValueError(f"{source}: ViPlan's reference plan fails at step {checked.failed_step}: {checked.message}")
    plan = tuple(optimal_plan(ours, goal))
    problem = BlocksProblem(problem.name, problem.difficulty, problem.seed, init, goal, plan, blocks)
    if problem.optimal_length > len(reference):
        raise ValueError(f"{source}: our optimal plan is longer than ViPlan's reference plan")
    return problem, ImportedFacts(source, reference)


def import_rows(directory: Path) -> Rows:
    imported = [imported_problem(directory, path) for path in problem_files(directory)]
    return {SPLIT: [make_row(p, SPLIT, i, CONFIG, facts) for i, (p, facts) in enumerate(imported)]}


def _layout(task: Task, state: int, source: str) -> Layout:
    columns = sorted(name for name, kind in task.objects.items() if kind == "column")
    if columns != sorted(column_names(len(columns))):
        raise ValueError(f"{source}: columns {columns} are not C1 ... C{len(columns)}")
    try:
        return layout_from_atoms(task.true_atoms(state), len(columns))
    except ValueError as error:
        raise ValueError(f"{source}: {error}") from None


def _reference_plan(path: Path) -> list[str]:
    metadata = json.loads((path.parent / "metadata.json").read_text())
    try:
        return list(metadata[path.stem]["reference_plan"])
    except KeyError:
        raise ValueError(f"{path.parent.name}/metadata.json has no reference_plan for {path.stem}") from None


def _pddl_name(call: str, source: str) -> str:
    match = _CALL.fullmatch(call.strip())
    if match is None:
        raise ValueError(f"{source}: reference plan step {call!r} is not moveblock(block, column)")
    return f"(moveblock {match[1]} {match[2]})"


def card_facts(rows: Rows) -> dict[str, str]:
    """Per difficulty: problems, ViPlan's reference length and our optimal length."""
    metas = [json.loads(row["meta"]) | {"difficulty": row["difficulty"]} for row in rows.get(SPLIT, [])]
    lines = [
        "| difficulty | problems | reference length (min / mean / max) | optimal length (min / mean / max) "
        "| reference longer | equal |",
        "|---|---|---|---|---|---|",
    ]
    for difficulty in DIFFICULTIES:
        group = [m for m in metas if m["difficulty"] == difficulty]
        if not group:
            continue
        reference = [m["reference_length"] for m in group]
        optimal = [m["optimal_length"] for m in group]
        longer = sum(r > o for r, o in zip(reference, optimal))
        lines.append(
            f"| {difficulty} | {len(group)} | {min_mean_max(reference)} | {min_mean_max(optimal)} "
            f"| {longer} | {len(group) - longer} |"
        )
    return {"length_table": "\n".join(lines)}


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain=EPISODES_SPEC.domain,
    task=EPISODES_SPEC.task,
    summary="ViPlan's own 75 blocksworld problems (imported) as closed-loop episodes, planner and grounder modes.",
    features_of=EPISODES_SPEC.features_of,
    build=lambda settings: {},
    card_facts=card_facts,
    importer="viplan",  # never built
    external="viplan",  # ../shared/external/viplan: a copy of ViPlan's repository files
    papers=("ViPlan",),
    license="mit",  # ViPlan's repository (merlerm/ViPlan) is MIT-licensed
)


@click.command(name="viplan-blocksworld")
@import_arguments(f"config {CONFIG}")
def viplan_blocksworld_import(directory: Path, out: Path) -> None:
    """ViPlan's 75 blocksworld problems (DIRECTORY: a copy of ViPlan's repository) as config
    viplan-blocksworld-episodes."""
    with source_errors():
        rows = import_rows(directory)
    write_imported_configs(out, {CONFIG: (SPEC, rows)}, directory, "blocksworld problem")
