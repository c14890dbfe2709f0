"""Config `slidegeom-episodes`: rows load, the PDDL and meta describe the same puzzle, the
answer key solves it, and the full-size boards are the paper's grid plus the hard grid."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq
from datasets import load_dataset

from data_build.spec import BuildSettings
from scorer.families.slidegeom.board import manhattan_sum
from scorer.families.slidegeom.configs.episodes import CONFIG, episode_boards
from scorer.families.slidegeom.episode import row_board
from scorer.families.slidegeom.moves import classify, parse_command
from scorer.families.slidegeom.pddl import placement_of_atoms
from scorer.families.slidegeom.search import distance
from scorer.io.dataset import load_keys
from scorer.pddl import parse_task


def test_rows_load_with_the_first_observation(mini_data: Path) -> None:
    rows = load_dataset(str(mini_data), CONFIG, split="test")
    assert len(rows) == 4 and rows[0]["id"] == f"{CONFIG}/test/0000"
    for row in rows:
        assert row["domain"] == "slidegeom" and row["task"] == "episode"
        assert row["prompt"].count("<image>") == len(row["images"]) == 2  # goal, then start (3D)
        assert [m["role"] for m in row["messages"]] == ["system", "user", "user", "user"]  # iVISPAR's order
        assert [m["content"] for m in row["messages"][1:3]] == ["<image>", "<image>"]  # goal, then current
        assert "## Analyze the Images" in row["messages"][3]["content"]
        assert row["images"][0].size == (492, 409)


def test_pddl_meta_and_answer_key_agree(mini_data: Path) -> None:
    for row in load_keys(mini_data, "test", {CONFIG}).rows.values():
        board = row_board(row)
        task = parse_task(row.domain_pddl, row.problem_pddl)
        assert placement_of_atoms(board, task.true_atoms(task.init)) == board.start
        assert placement_of_atoms(board, task.true_atoms(task.goal_pos)) == board.goal
        assert (
            row.meta["optimal_length"]
            == distance(board.size, board.start, board.goal)
            == len(row.answer_key["optimal_moves"])
        )
        placement = board.start
        for command in row.answer_key["optimal_moves"]:
            outcome, placement = classify(board, placement, parse_command(command))
            assert outcome.move_class == "effective"
        assert placement == board.goal
        interference = row.meta["optimal_length"] - manhattan_sum(board.start, board.goal)
        assert (interference == 0) == (row.difficulty == "standard") and row.meta["max_steps"] == 20


def test_dev_never_repeats_a_test_board(mini_data: Path) -> None:
    tables = {
        split: pq.read_table(next((mini_data / "data" / CONFIG).glob(f"{split}-*.parquet")), columns=["meta"])
        for split in ("test", "dev")
    }
    puzzles = {
        split: {
            json.dumps([json.loads(m)[k] for k in ("geoms", "start", "goal")]) for m in table.column("meta").to_pylist()
        }
        for split, table in tables.items()
    }
    assert puzzles["dev"] and not puzzles["dev"] & puzzles["test"]


def test_full_size_is_the_papers_grid_plus_the_hard_grid() -> None:
    boards = episode_boards(BuildSettings(size="full", seed=0, show_progress=False))
    test = Counter((p.difficulty, len(p.board.geoms), p.optimal_length) for p in boards["test"])
    standard = {key: n for key, n in test.items() if key[0] == "standard"}
    assert len(standard) == 100 and set(standard.values()) == {3}  # geoms 2..11 x length 2..11, 3 each
    assert {(g, n) for _, g, n in standard} == {(g, n) for g in range(2, 12) for n in range(2, 12)}
    assert sum(n for key, n in test.items() if key[0] == "hard") == 30
    assert all(p.interference == 0 for p in boards["test"] if p.difficulty == "standard")
    assert all(p.interference >= 1 for p in boards["test"] if p.difficulty == "hard")
    assert 120 <= len(boards["dev"]) <= 130 and not {p.board for p in boards["dev"]} & {p.board for p in boards["test"]}
