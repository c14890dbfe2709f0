"""`planarium import viplan`: ViPlan's 75 blocksworld problems as episodes. Every reference
plan of ViPlan is valid on the imported problem, our optimal plan is never longer, and
the rows keep ViPlan's step limits and the file they came from."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorer.cli import main
from scorer.episodes.engine import replay
from scorer.families.blocksworld.generate import DIFFICULTIES
from scorer.families.blocksworld.viplan_import import CONFIG, PROBLEMS, card_facts, import_rows
from scorer.io.dataset import KeyRow, load_keys
from scorer.pddl import bfs, parse_task, validate_plan

VIPLAN = Path(__file__).resolve().parents[4] / "shared" / "external" / "viplan"
needs_viplan = pytest.mark.skipif(
    not (VIPLAN / PROBLEMS).is_dir(), reason="ViPlan's repository files are not in ../shared/external/viplan"
)


@pytest.fixture(scope="module")
def imported(viplan_import: Path) -> dict[str, KeyRow]:
    return load_keys(viplan_import, configs={CONFIG}).rows


@needs_viplan
def test_75_rows_with_their_source_file_and_viplans_step_limits(imported: dict[str, KeyRow]) -> None:
    rows = list(imported.values())
    assert Counter(row.difficulty for row in rows) == {"simple": 25, "medium": 25, "hard": 25}
    for row in rows:
        assert re.fullmatch(rf"{row.difficulty}/{row.difficulty}_problem_\d+\.pddl", row.meta["source"])
        assert (VIPLAN / PROBLEMS / "problems" / row.meta["source"]).is_file()
        assert row.meta["max_steps"] == {"simple": 10, "medium": 20, "hard": 30}[row.difficulty]
    assert len({row.meta["source"] for row in rows}) == 75
    assert rows[3].meta["source"] == "simple/simple_problem_3.pddl"  # problems in ViPlan's numeric order


@needs_viplan
def test_every_reference_plan_is_valid_and_never_shorter_than_ours(imported: dict[str, KeyRow]) -> None:
    for row in imported.values():
        task = parse_task(row.domain_pddl, row.problem_pddl)
        reference, ours = row.answer_key["reference_plan"], row.answer_key["optimal_plan"]
        assert validate_plan(task, reference).valid, row.meta["source"]
        assert validate_plan(task, ours).valid, row.meta["source"]
        assert len(ours) == row.answer_key["optimal_length"] <= len(reference) == row.meta["reference_length"]


@needs_viplan
def test_our_plans_are_optimal_where_breadth_first_search_is_cheap(imported: dict[str, KeyRow]) -> None:
    for row in [r for r in imported.values() if r.difficulty != "hard"][::5]:
        task = parse_task(row.domain_pddl, row.problem_pddl)
        assert len(bfs(task).plan or []) == row.answer_key["optimal_length"], row.meta["source"]


@needs_viplan
def test_the_imported_problem_is_viplans_problem(imported: dict[str, KeyRow]) -> None:
    """Same init and goal atoms as ViPlan's file (read with ViPlan's own domain), left/right
    closed transitively as ViPlan's simulator does."""
    row = next(r for r in imported.values() if r.meta["source"] == "hard/hard_problem_0.pddl")
    source = VIPLAN / PROBLEMS / "problems" / row.meta["source"]
    theirs = parse_task((VIPLAN / PROBLEMS / "domain.pddl").read_text(), source.read_text())
    ours = parse_task(row.domain_pddl, row.problem_pddl)
    fluent = re.compile(r"\((on|clear|incolumn) ")
    assert {a for a in ours.true_atoms(ours.init) if fluent.match(a)} == {
        a for a in theirs.true_atoms(theirs.init) if fluent.match(a)
    }
    assert set(ours.true_atoms(ours.goal_pos)) == set(theirs.true_atoms(theirs.goal_pos))
    assert "(rightof c4 c1)" in ours.true_atoms(ours.init)


@needs_viplan
def test_the_reference_plan_replays_to_success_in_planner_mode(imported: dict[str, KeyRow]) -> None:
    for row in list(imported.values())[::15]:
        # one step at a time, each reply a plan of its next action: ViPlan's loop reads a plan
        replies = [
            json.dumps(
                {
                    "plan": [
                        {"action": "moveblock", "parameters": dict(zip(("block", "column"), a.strip("()").split()[1:]))}
                    ]
                }
            )
            for a in row.answer_key["reference_plan"]
        ]
        outcome = replay(row, {"mode": "planner"}, replies)
        assert outcome["success"] and outcome["steps"] == row.meta["reference_length"], row.meta["source"]


@needs_viplan
def test_the_card_table_counts_plans_per_difficulty(imported: dict[str, KeyRow]) -> None:
    rows = {"test": [{"difficulty": r.difficulty, "meta": json.dumps(r.meta)} for r in imported.values()]}
    table = card_facts(rows)["length_table"].splitlines()
    assert table[2:] == [
        "| simple | 25 | 3 / 3.84 / 5 | 3 / 3.64 / 5 | 5 | 20 |",
        "| medium | 25 | 5 / 7.76 / 10 | 4 / 5.64 / 7 | 20 | 5 |",
        "| hard | 25 | 8 / 11.84 / 15 | 5 / 7.32 / 10 | 25 | 0 |",
    ]


def test_a_folder_that_is_not_viplans_repository_is_one_line_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["import", "viplan", str(tmp_path), "--out", str(tmp_path / "out")])
    assert result.exit_code != 0 and "ViPlan's repository" in result.output
    assert len(result.output.strip().splitlines()) == 1 and not (tmp_path / "out").exists()


@needs_viplan
def test_a_bad_reference_plan_names_its_file(tmp_path: Path) -> None:
    copy = tmp_path / "viplan"
    for difficulty in DIFFICULTIES:
        folder = copy / PROBLEMS / "problems" / difficulty
        folder.mkdir(parents=True)
        for name in (f"{difficulty}_problem_0.pddl", "metadata.json"):
            shutil.copy(VIPLAN / PROBLEMS / "problems" / difficulty / name, folder / name)
    shutil.copy(VIPLAN / PROBLEMS / "domain.pddl", copy / PROBLEMS / "domain.pddl")
    metadata_path = copy / PROBLEMS / "problems" / "medium" / "metadata.json"
    metadata = json.loads(metadata_path.read_text())
    metadata["medium_problem_0"]["reference_plan"] = metadata["medium_problem_0"]["reference_plan"][:-1]
    metadata_path.write_text(json.dumps(metadata))
    with pytest.raises(ValueError, match=r"medium/medium_problem_0\.pddl: ViPlan's reference plan fails"):
        import_rows(copy)
