"""``planarium import viplan DIR``, household part: ViPlan's 16 household problems as the
75 episodes of config ``viplan-household-episodes``.

DIR is a copy of ViPlan's repository (the folder holding ``data/planning/``). ViPlan's
household problems are ``data/planning/igibson/{simple,medium,hard}/<activity>_<difficulty>.pddl``
and each folder's ``metadata.json`` maps a problem to its BEHAVIOR activity and to the
iGibson (scene, instance) pairs it is run in: 25 episodes per difficulty (ViPlan,
section 4.1). ViPlan's homes are iGibson scenes we cannot load; each pair gets a home
from our seeded layout generator instead: the rooms from the scene's name (every
problem in ``Rs_int`` has the same rooms), the placement from (scene, instance,
problem). Every fact of the problem holds in that home and it adds none (objects no fact
places rest on decoration). Each row records its file in ``meta.source``
(``hard/sorting_groceries_hard.pddl``) and the pair in ``meta.igibson_scene`` and
``meta.igibson_instance``; its key is our optimal plan (A*), which must fit the step limit.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from data_build.importing import import_arguments, min_mean_max, source_errors, write_imported_configs
from data_build.spec import ConfigSpec, Rows
from scorer.families.household.configs.episodes import SPEC as EPISODES_SPEC
from scorer.families.household.configs.episodes import ImportedFacts, make_row
from scorer.families.household.generate import DIFFICULTIES
from scorer.families.household.problem import HouseholdProblem, domain_pddl, scene_for
from scorer.families.household.world import goal_literals
from scorer.pddl import parse_task
from scorer.registry.family import card_template

CONFIG = "viplan-household-episodes"
SPLIT = "test"
PROBLEMS = Path("data/planning/igibson")


def problem_dir(directory: Path) -> Path:
    folder = directory / PROBLEMS
    if not (folder / "domain.pddl").is_file():
        raise FileNotFoundError(f"{folder / 'domain.pddl'} is missing: DIR must be a copy of ViPlan's repository")
    if _atoms_of(folder / "domain.pddl") != _atoms_of_text(domain_pddl()):
        raise ValueError(f"{folder / 'domain.pddl'} differs from the household domain this version plays")
    return folder


def imported_problems(directory: Path) -> list[tuple[HouseholdProblem, ImportedFacts]]:
    """Every (problem file, scene, instance) of ViPlan's metadata, by difficulty then file."""
    folder = problem_dir(directory)
    found = []
    for difficulty in DIFFICULTIES:
        metadata = _metadata(folder / difficulty)
        for file_name in sorted(metadata):
            entry = metadata[file_name]
            source = f"{difficulty}/{file_name}"
            for scene, instance in _pairs(entry, source):
                problem = _problem(folder / difficulty / file_name, source, difficulty, entry, scene, instance)
                found.append((problem, ImportedFacts(source, scene, instance)))
    return found


def _metadata(folder: Path) -> dict:
    path = folder / "metadata.json"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: DIR must be a copy of ViPlan's repository")
    try:
        metadata = json.loads(path.read_text())
    except ValueError as error:
        raise ValueError(f"{path}: not JSON ({error})") from None
    if not isinstance(metadata, dict):
        raise ValueError(f"{path}: expected an object mapping problem files to their activity and scenes")
    return metadata


def _pairs(entry: object, source: str) -> list[tuple[str, int]]:
    pairs = entry.get("scene_instance_pairs") if isinstance(entry, dict) else None
    if not isinstance(pairs, list) or not all(_is_pair(p) for p in pairs):
        raise ValueError(f"{source}: metadata 'scene_instance_pairs' must be a list of [scene name, instance] pairs")
    return [(str(scene), int(instance)) for scene, instance in pairs]


def _is_pair(pair: object) -> bool:
    return isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) and isinstance(pair[1], int)


def _problem(path: Path, source: str, difficulty: str, entry: dict, scene: str, instance: int) -> HouseholdProblem:
    if not path.is_file():
        raise FileNotFoundError(f"{source} is named in metadata.json but missing")
    try:
        task = parse_task(domain_pddl(), path.read_text())
    except ValueError as error:
        raise ValueError(f"{source}: {error}") from None
    init = task.true_atoms(task.init)
    goal = goal_literals(domain_pddl(), path.read_text())  # the file's order: ViPlan's goal lines follow it
    layout_seeds = (scene, f"{scene}/{instance}/{path.stem}")
    problem = HouseholdProblem(
        name=f"{path.stem}-{scene}-{instance}",
        activity=str(entry.get("activity_name", path.stem.rsplit("_", 1)[0])),
        difficulty=difficulty,
        objects=tuple(task.objects.items()),
        init=tuple(init),
        goal=goal,
        scene=scene_for(path.stem, task.objects, init, *layout_seeds),
        seed=f"viplan/{source}/{scene}/{instance}",
        layout_seeds=layout_seeds,
    )
    if problem.optimal_length > problem.max_steps:
        raise ValueError(f"{source}: the optimal plan ({problem.optimal_length}) exceeds the step limit")
    return problem


def import_rows(directory: Path) -> Rows:
    imported = imported_problems(directory)
    return {SPLIT: [make_row(p, SPLIT, i, CONFIG, facts) for i, (p, facts) in enumerate(imported)]}


def _atoms_of(path: Path) -> str:
    return _atoms_of_text(path.read_text())


def _atoms_of_text(text: str) -> str:
    """The domain without comments and layout, so a reformatted copy still matches."""
    lines = [line.split(";", 1)[0] for line in text.splitlines()]
    return " ".join(" ".join(lines).split()).lower()


def card_facts(rows: Rows) -> dict[str, str]:
    """Per difficulty: problem files, episodes and our optimal lengths."""
    metas = [json.loads(row["meta"]) | {"difficulty": row["difficulty"]} for row in rows.get(SPLIT, [])]
    lines = ["| difficulty | problem files | episodes | optimal length (min / mean / max) |", "|---|---|---|---|"]
    for difficulty in DIFFICULTIES:
        group = [m for m in metas if m["difficulty"] == difficulty]
        if group:
            lengths = [m["optimal_length"] for m in group]
            files = len({m["source"] for m in group})
            lines.append(f"| {difficulty} | {files} | {len(group)} | {min_mean_max(lengths)} |")
    return {"length_table": "\n".join(lines)}


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain=EPISODES_SPEC.domain,
    task=EPISODES_SPEC.task,
    summary="ViPlan's own 16 household problems (imported) as its 75 episodes, planner and grounder modes.",
    features_of=EPISODES_SPEC.features_of,
    build=lambda settings: {},
    card_facts=card_facts,
    importer="viplan",  # never built
    external="viplan",  # ../shared/external/viplan: a copy of ViPlan's repository files
    papers=("ViPlan",),
    license="mit",  # ViPlan's repository (merlerm/ViPlan) is MIT-licensed
)


@click.command(name="viplan-household")
@import_arguments(f"config {CONFIG}")
def viplan_household_import(directory: Path, out: Path) -> None:
    """ViPlan's 16 household problems (DIRECTORY: a copy of ViPlan's repository) as the
    75 episodes of config viplan-household-episodes."""
    with source_errors():
        rows = import_rows(directory)
    write_imported_configs(out, {CONFIG: (SPEC, rows)}, directory, "household problem")
