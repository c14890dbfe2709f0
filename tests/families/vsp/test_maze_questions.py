"""The generated maze questions: every maze solvable, VSP's balances and candidate rules
hold, and every answer key agrees with the rules."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from data_build.spec import BuildSettings
from scorer.families.vsp.configs.maze_vsp import split_questions
from scorer.families.vsp.maze import SIZES, play, relative_position, shortest_plan
from scorer.families.vsp.maze_generate import half_hole_maze, random_maze
from scorer.families.vsp.maze_questions import LETTERS, Question
from scorer.families.vsp.maze_text import parse_table


@pytest.fixture(scope="module")
def questions() -> dict[str, list[Question]]:
    return split_questions(BuildSettings(size="mini", seed=0, show_progress=False))


@pytest.mark.parametrize("size", SIZES)
def test_every_generated_maze_is_solvable(size: int) -> None:
    rng = random.Random(size)
    for _ in range(200):
        assert shortest_plan(random_maze(size, rng)) is not None
        half = half_hole_maze(size, rng)
        assert shortest_plan(half) is not None and len(half.holes) == math.ceil(size * size / 2)


def test_hole_share_is_about_a_fifth() -> None:
    rng = random.Random(1)
    mazes = [random_maze(8, rng) for _ in range(300)]
    share = sum(len(m.holes) for m in mazes) / sum(8 * 8 - 2 for _ in mazes)
    assert 0.17 < share < 0.21  # 0.2 per cell, a little less once unsolvable draws are redrawn


def test_questions_are_reproducible(questions: dict[str, list[Question]]) -> None:
    again = split_questions(BuildSettings(size="mini", seed=0, show_progress=False))
    assert [q.key for q in again["test"]] == [q.key for q in questions["test"]]
    other = split_questions(BuildSettings(size="mini", seed=1, show_progress=False))
    assert [q.maze for q in other["test"]] != [q.maze for q in questions["test"]]


def test_every_question_maze_is_solvable_and_no_dev_map_is_in_test(questions: dict[str, list[Question]]) -> None:
    for split in questions.values():
        assert all(shortest_plan(q.maze) is not None for q in split)
    dev_maps = {q.maze for q in questions["dev"]}
    assert not dev_maps & {q.maze for q in questions["test"]}


def test_counts_per_question_and_level(questions: dict[str, list[Question]]) -> None:
    counts = Counter((q.task, q.level) for q in questions["test"])
    assert len(counts) == 4 * 6 + 5 and set(counts.values()) == {2}


def test_main_keys_hold_a_shortest_plan(questions: dict[str, list[Question]]) -> None:
    for q in (q for q in questions["test"] if q.task == "main"):
        maze = parse_table(q.key["maze"])
        assert maze == q.maze and play(maze, q.key["optimal_plan"]).end == "goal"
        assert len(shortest_plan(maze) or "") == q.key["optimal_length"] == len(q.key["optimal_plan"])


def test_yes_no_questions_are_balanced_per_level(questions: dict[str, list[Question]]) -> None:
    for task in ("T1", "T4"):
        by_level = Counter((q.level, q.key["answer"]) for q in questions["test"] if q.task == task)
        assert len({n for n in by_level.values()}) == 1, by_level


def test_t1_asks_about_the_cell_it_keys(questions: dict[str, list[Question]]) -> None:
    for q in (q for q in questions["test"] if q.task == "T1"):
        row, column = q.facts["asked"]
        assert q.fields["question"] == f"Is there a hole in row {row}, column {column}?"
        assert ((row - 1, column - 1) in q.maze.holes) == q.key["answer"]


def test_t2_keys_the_relative_position(questions: dict[str, list[Question]]) -> None:
    for q in (q for q in questions["test"] if q.task == "T2"):
        assert tuple(q.key["answer"]) == relative_position(q.maze)


def test_t3_candidates_one_right_one_same_size_two_other_sizes(questions: dict[str, list[Question]]) -> None:
    for q in (q for q in questions["test"] if q.task == "T3"):
        tables = [block.split("\n", 1)[1] for block in q.fields["candidates"].split("\n\n")]
        candidates = [parse_table(t) for t in tables]
        right = LETTERS.index(q.key["answer"])
        assert candidates[right] == q.maze
        sizes = sorted(m.size for k, m in enumerate(candidates) if k != right)
        assert sizes.count(q.maze.size) == 1 and len(set(sizes)) == 3
        assert all(m != q.maze for k, m in enumerate(candidates) if k != right)


def test_t4_answers_agree_with_both_readings_of_the_rules(questions: dict[str, list[Question]]) -> None:
    for q in (q for q in questions["test"] + questions["dev"] if q.task == "T4"):
        moves = q.facts["moves"]
        assert q.maze.size == 5 and len(moves) == q.facts["sequence_length"]
        for stop_at_goal in (True, False):
            assert (play(q.maze, moves, stop_at_goal).end != "hole") == q.key["answer"]


def test_worked_solutions_score_correct(questions: dict[str, list[Question]]) -> None:
    # The in-context examples teach the answer form: our own scorer must accept each.
    from scorer.families.vsp.kind import judge

    for q in questions["test"] + questions["dev"]:
        assert judge(q.solution, q.key).reason == "correct", (q.task, q.solution)
