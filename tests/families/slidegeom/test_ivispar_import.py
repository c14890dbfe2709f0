"""`planarium import ivispar-boards`: boards we write in iVISPAR's format become
`ivispar-episodes` rows with our A* lengths; on the paper's 300 boards (when the shared
copy is present) our lengths equal theirs and their shortest sequences complete."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorer.cli import main
from scorer.families.slidegeom.configs.episodes import key_fields
from scorer.families.slidegeom.ivispar import read_board_folder
from scorer.families.slidegeom.ivispar_import import CONFIG, import_rows, imported_problem, source_meta, write_config
from scorer.io.dataset import load_keys
from scorer.io.predictions import Prediction
from scorer.scoring.harness import key_row
from scorer.scoring.run import score_file
from scorer.tasks.episode import EPISODE

SHARED_BOARDS = Path(__file__).resolve().parents[4] / "shared" / "external" / "ivispar-boards"


def landmark(body: str, color: str, start: list[int], goal: list[int]) -> dict[str, Any]:
    return {"body": body, "color": color, "start_coordinate": start, "goal_coordinate": goal}


def board_file(source_id: str, c1: int, landmarks: list[dict[str, Any]], moves: list[str]) -> dict[str, Any]:
    return {
        "config_instance_id": source_id,
        "experiment_type": "SlidingGeomPuzzle",
        "complexity_c1": c1,
        "complexity_c2": 0,
        "grid_size": 4,
        "landmarks": landmarks,
        "use_rendering": True,
        "shortest_move_sequence": ["start", *moves],
    }


BOARDS = {
    # Two geoms, three moves, no interference.
    "config_T_b_4_g_2_c1_3_c2_0_i_1.json": board_file(
        "T_b_4_g_2_c1_3_c2_0_i_1",
        3,
        [landmark("cube", "red", [1, 0], [0, 0]), landmark("sphere", "blue", [2, 2], [2, 0])],
        ["move red cube left", "move blue sphere down", "move blue sphere down"],
    ),
    # Red and green cubes swap in a corner walled in by two spheres: others must step
    # aside first (optimal 8, Manhattan sum 2, interference 3). The file's c1 is wrong on purpose.
    "config_T_b_4_g_5_c1_9_c2_0_i_2.json": board_file(
        "T b 4/swap",
        9,
        [
            landmark("cube", "red", [0, 0], [0, 1]),
            landmark("cube", "green", [0, 1], [0, 0]),
            landmark("sphere", "blue", [1, 0], [1, 0]),
            landmark("sphere", "yellow", [1, 1], [1, 1]),
            landmark("pyramid", "red", [0, 3], [0, 3]),
        ],
        [],
    ),
}


def write_boards(folder: Path, extra: dict[str, Any] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, document in {**BOARDS, **(extra or {})}.items():
        (folder / name).write_text(document if isinstance(document, str) else json.dumps(document))
    return folder


def run_import(source: Path, out: Path) -> Any:
    result = CliRunner().invoke(main, ["import", "ivispar-boards", str(source), "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    return result


def test_boards_become_rows_with_our_optimal_lengths(tmp_path: Path) -> None:
    source = write_boards(tmp_path / "boards", {"config_bad.json": "{ not json"})
    result = run_import(source, tmp_path / "out")
    assert "skipped config_bad.json: is not JSON" in result.output and "wrote 2 rows" in result.output
    rows = list(load_keys(tmp_path / "out", "test", {CONFIG}).rows.values())
    simple, swap = rows
    assert simple.id == f"{CONFIG}/test/0000" and simple.domain == "slidegeom" and simple.task == "episode"
    assert simple.meta["source_id"] == "T_b_4_g_2_c1_3_c2_0_i_1" and simple.meta["optimal_length"] == 3
    assert simple.difficulty == "standard" and simple.meta["source_moves"][0] == "move red cube left"
    assert swap.meta["source_id"] == "T b 4/swap" and swap.meta["complexity_c1"] == 9
    assert swap.meta["optimal_length"] == 8 and swap.meta["manhattan"] == 2 and swap.difficulty == "hard"
    assert "(define (problem ivispar-t-b-4-swap)" in swap.problem_pddl
    card = (tmp_path / "out" / "README.md").read_text()
    assert "config_name: ivispar-episodes" in card and "## ivispar-episodes" in card and "$" not in card


def test_imported_rows_score_like_built_ones(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_import(write_boards(tmp_path / "boards"), out)
    gold = score_file(None, out, tmp_path / "gold.json", gold=True, configs={CONFIG})
    metrics = json.loads(gold.results_path.read_text())["configs"][CONFIG]["metrics"]["all"]
    assert metrics["success"]["value"] == 1.0 and metrics["step_deviation"]["value"] == 0.0


def test_import_into_a_built_dataset_merges_the_card(mini_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "data"
    shutil.copytree(mini_data, out)
    rows, _ = import_rows(write_boards(tmp_path / "boards"))
    write_config(rows, out)  # called directly, so the card merge's own error shows
    card = (out / "README.md").read_text()
    assert "| `ivispar-episodes` | 2 / 0 |" in card and "| `slidegeom-episodes` |" in card
    checksums = json.loads((out / "checksums.json").read_text())
    assert "data/ivispar-episodes/test-00000-of-00001.parquet" in checksums
    assert any(path.startswith("data/slidegeom-episodes/") for path in checksums)


def test_a_folder_without_usable_boards_is_a_clear_error(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    result = CliRunner().invoke(main, ["import", "ivispar-boards", str(empty), "--out", str(tmp_path / "o")])
    assert result.exit_code == 1 and "no usable board file" in result.output
    missing = CliRunner().invoke(main, ["import", "ivispar-boards", str(tmp_path / "nope")])
    assert missing.exit_code == 1 and "is not a folder" in missing.output


@pytest.mark.skipif(not SHARED_BOARDS.is_dir(), reason=f"iVISPAR's boards are not at {SHARED_BOARDS}")
def test_the_papers_boards_agree_with_our_astar_and_their_sequences_complete() -> None:
    read = read_board_folder(SHARED_BOARDS)
    assert len(read.boards) == 300 and not read.errors
    disagreements, failures = [], []
    for index, source in enumerate(read.boards):
        problem = imported_problem(source)
        if problem.optimal_length != source.complexity_c1:
            disagreements.append((source.source_id, problem.optimal_length, source.complexity_c1))
        row = key_row(key_fields(problem, CONFIG, "test", index, source_meta(source)))
        # their bare move strings, read by our parser (iVISPAR's wants `action: ` before each)
        episode = {"settings": {"mode": "slidegeom", "parser": "ours"}, "replies": list(source.shortest_moves)}
        judgement = EPISODE.judge(row, Prediction(row.id, index + 1, None, episode, "ivispar"))
        outcome = judgement.parsed
        if not (judgement.score == 1.0 and outcome["steps"] == source.complexity_c1 and outcome["step_deviation"] == 0):
            failures.append((source.source_id, judgement.reason, outcome))
    assert disagreements == []
    assert failures == []


def test_every_imported_board_is_also_described_in_both_views(tmp_path: Path) -> None:
    from scorer.families.slidegeom.ivispar_import import DESCRIBE_CONFIG

    out = tmp_path / "out"
    result = run_import(write_boards(tmp_path / "boards"), out)
    assert "wrote 2 rows of ivispar-episodes and 4 of ivispar-describe" in result.output
    episodes = list(load_keys(out, "test", {CONFIG}).rows.values())
    described = list(load_keys(out, "test", {DESCRIBE_CONFIG}).rows.values())
    assert [(r.meta["source_id"], r.difficulty) for r in described] == [
        (source, view) for source in (e.meta["source_id"] for e in episodes) for view in ("3d", "2d")
    ]
    first = described[0]
    assert first.id == f"{DESCRIBE_CONFIG}/test/0000" and first.task == "describe"
    assert first.answer_key["geoms"] == [["B1", "red", "cube"], ["C3", "blue", "sphere"]]  # the start board
    card = (out / "README.md").read_text()
    assert "## ivispar-describe" in card and "## ivispar-episodes" in card and "$" not in card
    gold = score_file(None, out, tmp_path / "gold.json", gold=True, configs={DESCRIBE_CONFIG})
    metrics = json.loads(gold.results_path.read_text())["configs"][DESCRIBE_CONFIG]["metrics"]
    assert metrics["3d"]["accuracy"]["value"] == metrics["2d"]["accuracy"]["value"] == 1.0
