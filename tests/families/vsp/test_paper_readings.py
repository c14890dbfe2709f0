"""VSP's own scorers (``paper_readings.py``) beside ours, case by case, against its
released ``eval.py`` files as the notes record them (``../shared/anchors/viplan_vsp.md``,
part 2, 2.4)."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.families.vsp import collision_answer, kind, route_answer
from scorer.families.vsp.maze import Maze
from scorer.families.vsp.maze_text import table_text
from scorer.families.vsp.paper_readings import (
    blocks_choice,
    blocks_plan,
    blocks_yes_no,
    choice,
    collision,
    colour,
    hole_yes_no,
    plan,
    relation,
    route,
    safety_yes_no,
)

# 3x3: player top-left, goal bottom-left, a hole in the middle of the left column's right
MAZE = Maze(3, (0, 0), (2, 0), frozenset({(1, 1)}))
PLAN_KEY = {"form": "plan", "maze": table_text(MAZE), "optimal_plan": "DD", "optimal_length": 2}

# (reply, the paper's score, ours)
PLAN_CASES = [
    ("Action plan: D,D", 1, 1),
    ("Action plan: D,D,R,R", 1, 1),  # moves after the goal are ignored
    ("Action plan: D,D,then stop", 1, 0),  # the goal is reached before the bad piece
    ("Action plan: R,D", 0, 0),  # a hole
    ("Action plan: D, D.", 1, 1),  # dots and spaces stripped
    ("Action plan: DD", 0, 1),  # "DD" is no move for VSP's map of letters
    ("Action plan: Down,Down", 0, 1),  # nor are words
    ("Action plan: D,\nD", 1, 0),  # newlines removed inside a piece (ours reads one line)
    ("Action plan: U,U\nAction plan: D,D", 0, 1),  # the FIRST marker counts (ours: the last)
    ("My action plan: D,D", 0, 1),  # only two spellings of the marker; absent: from character 13
    ("action plan: D,D", 1, 1),  # ... which here happens to be right after the lower-case marker
    ("**Action plan:** D,D", 0, 1),
]


@pytest.mark.parametrize(("reply", "paper", "ours"), PLAN_CASES)
def test_the_maze_plan_as_vsp_scored_it(reply: str, paper: float, ours: float) -> None:
    assert (plan(reply, PLAN_KEY).score, kind.judge(reply, PLAN_KEY).score) == (paper, ours)


# (scorer, key, reply, the paper's score, ours)
SHORT_CASES: list[tuple[Any, dict[str, Any], str, float, float]] = [
    (hole_yes_no, {"form": "yes-no", "answer": True}, "<Output> Yes", 1, 1),
    (hole_yes_no, {"form": "yes-no", "answer": True}, "<Output> (Yes).", 1, 1),
    (hole_yes_no, {"form": "yes-no", "answer": True}, "<Output> Yes, there is", 0, 1),  # exactly yes or no
    (hole_yes_no, {"form": "yes-no", "answer": False}, "no", 0, 1),  # no marker: from the 8th character
    (safety_yes_no, {"form": "yes-no", "answer": True}, "<Output> Yes, it is safe", 1, 1),
    (safety_yes_no, {"form": "yes-no", "answer": False}, "<Output> Not safe at all", 1, 0),  # "no" in "Not"
    (safety_yes_no, {"form": "yes-no", "answer": True}, "<Output>\n\n\n\n\n\n\n\n\n\nYes", 0, 1),  # 10 characters only
    (relation, {"form": "relation", "answer": ["Above", "Left"]}, "<Output> Above,Left", 1, 1),
    (relation, {"form": "relation", "answer": ["Above"]}, "<Output> Above,Left", 1, 0),  # extras not penalised
    (relation, {"form": "relation", "answer": ["Above", "Left"]}, "<Output> above, left", 0, 1),  # exact case
    (relation, {"form": "relation", "answer": ["Above"]}, "<Output>Above", 0, 1),  # needs a space or newline
    (choice, {"form": "choice", "answer": "C"}, "<Answer> C", 1, 1),
    (choice, {"form": "choice", "answer": "C"}, "**Answer**: (C).", 1, 1),
    (choice, {"form": "choice", "answer": "C"}, "<Answer> Candidate C", 0, 1),  # exactly one letter
]


@pytest.mark.parametrize(("scorer", "key", "reply", "paper", "ours"), SHORT_CASES)
def test_the_short_answers_as_vsp_scored_them(scorer, key, reply: str, paper: float, ours: float) -> None:
    assert (scorer(reply, key).score, kind.judge(reply, key).score) == (paper, ours)


COLLISION_KEY = {"car_time": "2", "person_time": "3", "collide": False}
COLLISION_CASES = [
    ("Car: 2.0\nPerson: 3.0\nNo", 0.5, 1),  # the person's time is never credited
    ("Car: 2.9\nPerson: 3\nNo", 0.5, 1),  # within 1.0 s
    ("car: 2\nperson: 3\nNo", 0, 1),  # the regular expression is case-sensitive
    ("Car: 5\nPerson: 3\nNo", 0, 0),
    ("Car: 9 first, then Car: 2\nPerson: 3\nNo", 0.5, 0),  # the last match of a label counts
]


@pytest.mark.parametrize(("reply", "paper", "ours"), COLLISION_CASES)
def test_the_collision_answer_as_vsp_scored_it(reply: str, paper: float, ours: float) -> None:
    assert (collision(reply, COLLISION_KEY).score, collision_answer.judge(reply, COLLISION_KEY).score) == (paper, ours)


ROUTE_KEY = {
    "size": 4,
    "streets": ["Oak", "Maple", "Pine", "Cedar"],
    "avenues": ["Park", "Madison", "Lincoln", "Hudson"],
    "start": [3, 0],
    "goal": [1, 3],
    "route": [["North", 2], ["East", 3]],
}
ROUTE_CASES = [
    ("<Output>\n1. North: 2\n2. East: 3", 1, 1),
    ("<Output>\n1. East: 5\n2. North: 2\n3. West: 2", 1, 0),  # only the net displacement: it leaves the grid
    ("<Output>\n1. North: 2 blocks\n2. East: 3", 0, 1),  # int("2 blocks") raises
    ("Go north first.\n<Output>\n1. North: 2\n2. East: 3", 1, 1),  # before the marker: not read
    ("<Output>\n1. North: 1\n2. East: 3", 0, 0),
]


@pytest.mark.parametrize(("reply", "paper", "ours"), ROUTE_CASES)
def test_the_route_as_vsp_scored_it(reply: str, paper: float, ours: float) -> None:
    assert (route(reply, ROUTE_KEY).score, route_answer.judge(reply, ROUTE_KEY).score) == (paper, ours)


BLOCKS_KEY = {"form": "blocks-plan", "start": [["red", "blue"], ["green"]], "goal": [["green"], ["blue"], ["red"]]}
BLOCKS_CASES = [
    ("<Output>\n1. move(blue,table)", 1, 1),
    ("<Output>\n1. move(green,red)\n2. move(blue,table)", 1, 0),  # an impossible move is skipped (ours: fails)
    ("<Output>\n1. move( blue,table)", 0, 1),  # the source is the first character: a space
    ("<Output>\n1. move(Blue, Table)", 0, 1),  # "Table" is read as the block T
    ("<Output>\nmove(blue,table)", 0, 1),  # the first two characters are always dropped
]


@pytest.mark.parametrize(("reply", "paper", "ours"), BLOCKS_CASES)
def test_the_blocks_plan_as_vsp_scored_it(reply: str, paper: float, ours: float) -> None:
    key = {**BLOCKS_KEY, "optimal_length": 1}
    assert (blocks_plan(reply, key).score, kind.judge(reply, key).score) == (paper, ours)


BLOCKS_SHORT_CASES: list[tuple[Any, dict[str, Any], str, float, float]] = [
    (colour, {"form": "colour", "answer": "red"}, "<Output> Red.", 1, 1),
    (colour, {"form": "colour", "answer": "red"}, "<Output> The red block", 0, 1),
    (blocks_choice, {"form": "choice", "marker": "output", "answer": "B"}, "<Output> B", 1, 1),
    (blocks_choice, {"form": "choice", "marker": "output", "answer": "B"}, "<Output> (B)", 0, 1),  # "(" stays
    (blocks_yes_no, {"form": "yes-no", "answer": True}, "<Output> Yes.", 1, 1),
    (blocks_yes_no, {"form": "yes-no", "answer": True}, "<Output> Yes, it can", 0, 1),
]


@pytest.mark.parametrize(("scorer", "key", "reply", "paper", "ours"), BLOCKS_SHORT_CASES)
def test_the_blocks_short_answers_as_vsp_scored_them(scorer, key, reply: str, paper: float, ours: float) -> None:
    assert (scorer(reply, key).score, kind.judge(reply, key).score) == (paper, ours)
