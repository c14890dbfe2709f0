"""Reading and judging "Action plan: ..." replies, bad input included: every reply gets a
verdict and a reason."""

from __future__ import annotations

import time

import pytest

from scorer.families.vsp.maze import Maze
from scorer.families.vsp.plan_answer import judge_plan, read_plan

# Player at row 1, column 1; goal at row 3, column 3; holes at row 1, column 2 and
# row 2, column 2. Shortest: D,D,R,R (4 moves).
MAZE = Maze(3, (0, 0), (2, 2), frozenset({(0, 1), (1, 1)}))
OPTIMAL = 4


def verdict(reply: str) -> tuple[float, str, str]:
    judged = judge_plan(reply, MAZE, OPTIMAL)
    return judged.score, judged.reason, judged.detail


def test_an_optimal_plan_succeeds_and_is_optimal() -> None:
    judged = judge_plan("Action plan: D,D,R,R", MAZE, OPTIMAL)
    assert (judged.score, judged.reason, judged.parsed["optimal"]) == (1.0, "correct", True)


def test_a_longer_safe_plan_succeeds_but_is_not_optimal() -> None:
    judged = judge_plan("Action plan: L,D,D,R,R", MAZE, OPTIMAL)  # the first move bumps the edge
    assert (judged.score, judged.parsed["optimal"]) == (1.0, False)
    assert judged.detail == "reaches the goal in 5 moves (shortest 4)"


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("Action plan: D,D,R,X", (0.0, "unparsable", "unknown move 'X' in the plan (moves are L, R, U, D)")),
        ("Action plan: D,D,R,R,Jump", (0.0, "unparsable", "unknown move 'Jump' in the plan (moves are L, R, U, D)")),
        ("Action plan: d,d,r,r", (1.0, "correct", "reaches the goal in 4 moves (shortest 4)")),
        ("Action plan:  D , D ,  R , R ", (1.0, "correct", "reaches the goal in 4 moves (shortest 4)")),
        ("Action plan: D D R R", (1.0, "correct", "reaches the goal in 4 moves (shortest 4)")),
        ("Action plan: DDRR", (1.0, "correct", "reaches the goal in 4 moves (shortest 4)")),
        ("Action plan: Down, Down, Right, Right.", (1.0, "correct", "reaches the goal in 4 moves (shortest 4)")),
        (
            "I think so.\n**Action plan:** `D,D,R,R`\nThat is all.",
            (1.0, "correct", "reaches the goal in 4 moves (shortest 4)"),
        ),
        (
            'Format: "Action plan: L,L,R,U,D".\nAction plan: D,D,R,R',
            (1.0, "correct", "reaches the goal in 4 moves (shortest 4)"),
        ),
        (
            "Action plan: D,D,R,R (four moves)",
            (0.0, "unparsable", "unknown move 'four' in the plan (moves are L, R, U, D)"),
        ),
        ("Action plan:", (0.0, "wrong", "empty plan: the player stays at the start")),
        ("Action plan: \nD,D,R,R", (0.0, "wrong", "empty plan: the player stays at the start")),
        ("D,D,R,R", (0.0, "unparsable", "no 'Action plan:' in the reply")),
        ("", (0.0, "unparsable", "no 'Action plan:' in the reply")),
        ("Action plan: R", (0.0, "wrong", "falls into the hole at row 1, column 2 on move 1")),
        ("Action plan: D,D", (0.0, "wrong", "ends at row 3, column 1 after 2 moves, not at the goal")),
        (
            "Action plan: D,D,R,R,U,U",
            (1.0, "correct", "reaches the goal in 4 moves (shortest 4); 2 moves after the goal ignored"),
        ),
    ],
)
def test_replies_get_a_verdict_and_a_reason(reply: str, expected: tuple[float, str, str]) -> None:
    assert verdict(reply) == expected


def test_ten_thousand_moves_are_judged_quickly() -> None:
    start = time.process_time()
    stuck = verdict("Action plan: " + ",".join(["L"] * 10_000))
    reaching = verdict("Action plan: " + ",".join(["D", "D", "R", "R"] + ["U"] * 9_996))
    assert time.process_time() - start < 1.0
    assert stuck == (0.0, "wrong", "ends at row 1, column 1 after 10000 moves, not at the goal")
    assert reaching == (1.0, "correct", "reaches the goal in 4 moves (shortest 4); 9996 moves after the goal ignored")


def test_only_the_last_marker_counts() -> None:
    assert read_plan("Action plan: R\nAction plan: D,D,R,R").moves == "DDRR"
    assert read_plan("action PLAN: u").moves == "U"
