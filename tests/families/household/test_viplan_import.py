"""`planarium import viplan`, household part: ViPlan's 16 household problems as the 75
episodes its metadata names. Every episode is solvable within its step limit (our
optimal plan replays to the goal in both modes), the problem is ViPlan's file, and each
row records the file and the iGibson (scene, instance) pair it stands for."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from scorer.episodes.engine import replay
from scorer.families.household.viplan_import import CONFIG, PROBLEMS, card_facts, import_rows
from scorer.io.dataset import KeyRow, load_keys
from scorer.pddl import parse_task, validate_plan

VIPLAN = Path(__file__).resolve().parents[4] / "shared" / "external" / "viplan"
needs_viplan = pytest.mark.skipif(
    not (VIPLAN / PROBLEMS).is_dir(), reason="ViPlan's repository files are not in ../shared/external/viplan"
)
STEP_LIMITS = {"simple": 10, "medium": 20, "hard": 30}  # ViPlan's run scripts


@pytest.fixture(scope="module")
def imported(viplan_import: Path) -> dict[str, KeyRow]:
    return load_keys(viplan_import, configs={CONFIG}).rows


def _metadata_pairs(difficulty: str, file_name: str) -> list[list[object]]:
    metadata = json.loads((VIPLAN / PROBLEMS / difficulty / "metadata.json").read_text())
    return metadata[file_name]["scene_instance_pairs"]


@needs_viplan
def test_75_episodes_one_per_scene_and_instance_of_viplans_metadata(imported: dict[str, KeyRow]) -> None:
    rows = list(imported.values())
    assert Counter(row.difficulty for row in rows) == {"simple": 25, "medium": 25, "hard": 25}
    assert len({row.meta["source"] for row in rows}) == 16
    for row in rows:
        difficulty, file_name = row.meta["source"].split("/")
        assert difficulty == row.difficulty and re.fullmatch(rf"\w+_{difficulty}\.pddl", file_name)
        assert (VIPLAN / PROBLEMS / row.meta["source"]).is_file()
        assert [row.meta["igibson_scene"], row.meta["igibson_instance"]] in _metadata_pairs(difficulty, file_name)
        assert row.meta["max_steps"] == STEP_LIMITS[row.difficulty]
    pairs = {(r.meta["source"], r.meta["igibson_scene"], r.meta["igibson_instance"]) for r in rows}
    assert len(pairs) == 75
    hard = next(r for r in rows if r.meta["source"] == "hard/sorting_groceries_hard.pddl")
    assert hard.meta["activity"] == "sorting_groceries"


@needs_viplan
def test_every_episode_is_solvable_within_its_step_limit(imported: dict[str, KeyRow]) -> None:
    for row in imported.values():
        plan = row.answer_key["optimal_plan"]
        assert validate_plan(parse_task(row.domain_pddl, row.problem_pddl), plan).valid, row.meta["source"]
        assert len(plan) == row.answer_key["optimal_length"] <= row.meta["max_steps"], row.id


@needs_viplan
def test_the_optimal_plan_replays_to_the_goal_in_planner_mode(imported: dict[str, KeyRow]) -> None:
    for row in imported.values():
        # one step at a time, each reply a plan of its next action: ViPlan's loop reads a plan
        replies = [_plan_reply(action) for action in row.answer_key["optimal_plan"]]
        outcome = replay(row, {"mode": "planner"}, replies)
        assert outcome["success"] and outcome["steps"] == row.answer_key["optimal_length"], row.id


def _plan_reply(pddl_name: str) -> str:
    name, *parameters = pddl_name.strip("()").split()
    return json.dumps({"plan": [{"action": name, "parameters": parameters}]})


@needs_viplan
def test_the_imported_problem_is_viplans_file(imported: dict[str, KeyRow]) -> None:
    for source in ("simple/cleaning_out_drawers_simple.pddl", "hard/organizing_file_cabinet_hard.pddl"):
        row = next(r for r in imported.values() if r.meta["source"] == source)
        theirs = parse_task((VIPLAN / PROBLEMS / "domain.pddl").read_text(), (VIPLAN / PROBLEMS / source).read_text())
        ours = parse_task(row.domain_pddl, row.problem_pddl)
        assert ours.objects == theirs.objects
        assert set(ours.true_atoms(ours.init)) == set(theirs.true_atoms(theirs.init))
        assert ours.goal_atoms() == theirs.goal_atoms()


@needs_viplan
def test_one_home_per_scene_and_instance(imported: dict[str, KeyRow]) -> None:
    """The rooms follow the scene's name and the placement the (scene, instance, file)."""
    rows = [r for r in imported.values() if r.meta["source"] == "simple/cleaning_out_drawers_simple.pddl"]
    seeds = [tuple(r.meta["layout_seeds"]) for r in rows]
    assert len(set(seeds)) == len(rows) == 5
    assert all(rooms == row.meta["igibson_scene"] for (rooms, _), row in zip(seeds, rows, strict=True))


@needs_viplan
def test_the_card_table_counts_files_episodes_and_lengths(imported: dict[str, KeyRow]) -> None:
    rows = {"test": [{"difficulty": r.difficulty, "meta": json.dumps(r.meta)} for r in imported.values()]}
    table = card_facts(rows)["length_table"].splitlines()
    assert [line.split(" | ")[:3] for line in table[2:]] == [
        ["| simple", "5", "25"],
        ["| medium", "6", "25"],
        ["| hard", "5", "25"],
    ]


@needs_viplan
def test_a_changed_domain_is_one_line_error_naming_the_file(tmp_path: Path) -> None:
    copy = tmp_path / "viplan" / PROBLEMS
    shutil.copytree(VIPLAN / PROBLEMS, copy)
    domain = copy / "domain.pddl"
    domain.write_text(domain.read_text().replace("(sliced ?", "(cut ?"))
    with pytest.raises(ValueError, match=r"domain\.pddl differs from the household domain"):
        import_rows(tmp_path / "viplan")


@needs_viplan
def test_a_problem_named_in_the_metadata_but_missing_is_named(tmp_path: Path) -> None:
    copy = tmp_path / "viplan" / PROBLEMS
    shutil.copytree(VIPLAN / PROBLEMS, copy)
    (copy / "medium" / "sorting_books_medium.pddl").unlink()
    with pytest.raises(FileNotFoundError, match=r"medium/sorting_books_medium\.pddl is named in metadata\.json"):
        import_rows(tmp_path / "viplan")


def test_a_folder_without_viplans_household_problems_is_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="ViPlan's repository"):
        import_rows(tmp_path)
