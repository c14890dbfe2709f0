"""Reading and judging the routing answer ("1. North: 1 / 2. East: 4"): the route is
walked on the grid, the net displacement (VSP's only check) reported beside, and bad
input gets a verdict and a reason."""

from __future__ import annotations

import time
from typing import Any

import pytest

from scorer.families.vsp.route_answer import aggregate, judge, read_route, reference
from scorer.io.dataset import KeyRow
from scorer.tasks.base import Judgement, Reason, ScoredRow

# a 4x4 grid, S at the south-west corner, G two blocks north and three east
KEY = {
    "size": 4,
    "streets": ["Oak", "Maple", "Pine", "Cedar"],
    "avenues": ["Park", "Madison", "Lincoln", "Hudson"],
    "start": [3, 0],
    "goal": [1, 3],
    "route": [["North", 2], ["East", 3]],
}


@pytest.mark.parametrize(
    ("reply", "legs"),
    [
        ("<Output>\n1. North: 2\n2. East: 3", [("North", 2), ("East", 3)]),
        ("1. north: 2\n2. EAST: 3", [("North", 2), ("East", 3)]),  # any case, as VSP lowercased
        ("**<Output>**\n1. **N**: 2 blocks\n2) E: 3 crossroads.", [("North", 2), ("East", 3)]),
        # prose around the lines, and a route in the answer's shape before the final one
        (
            "S is south-west of G.\n1. North: 9\n2. East: 9\n<Output>\nSo:\n1. North: 2\n2. East: 3\nDone.",
            [("North", 2), ("East", 3)],
        ),
        ("Let me think.\n1. East: 1\n2. West: 1\nBetter:\n1. North: 2\n2. East: 3", [("North", 2), ("East", 3)]),
    ],
)
def test_read_route(reply: str, legs: list[tuple[str, int]]) -> None:
    assert read_route(reply).legs == legs


def test_a_right_route_scores_1_and_a_detour_is_right_but_not_shortest() -> None:
    verdict = judge("<Output>\n1. East: 3\n2. North: 2", KEY)
    assert (verdict.score, verdict.reason) == (1.0, Reason.CORRECT)
    assert verdict.parsed["shortest"] is True and verdict.parsed["displacement_correct"] is True
    detour = judge("<Output>\n1. North: 3\n2. East: 3\n3. South: 1", KEY)
    assert (detour.score, detour.parsed["shortest"]) == (1.0, False)


def test_a_route_leaving_the_grid_is_invalid_though_its_displacement_is_right() -> None:
    verdict = judge("<Output>\n1. West: 1\n2. North: 2\n3. East: 4", KEY)
    assert (verdict.score, verdict.reason) == (0.0, Reason.INVALID)
    assert "leg 1 (West: 1) leaves the grid" in verdict.detail
    assert verdict.parsed["displacement_correct"] is True  # VSP's scorer would have counted it


def test_a_route_ending_elsewhere_is_wrong() -> None:
    verdict = judge("<Output>\n1. North: 2\n2. East: 2", KEY)
    assert (verdict.score, verdict.reason) == (0.0, Reason.WRONG)
    assert verdict.detail == "the route ends at [1, 2], not at G"


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        ("", "no numbered line"),
        ("North: 2\nEast: 3", "no numbered line"),
        ("<Output>\n1. North: 2\n2. Up: 3", "line 2 is not '<North|South|East|West>: <blocks>'"),
        ("<Output>\n1. Northeast: 2", "line 1 is not"),
        ("<Output>\n1. North: 2 blocks, then turn right", "line 1 is not"),
        ("<Output>\n1. North: -2\n2. East: 3", "line 1 gives a negative number of blocks"),
        ("<Output>\n1. North: 2.5", "line 1 is not"),
        ("<Output>\n1. North: 99999", "line 1 gives more than 4 digits of blocks"),
        ("<Output>\n1. North: " + "9" * 5000, "line 1 gives more than 4 digits of blocks"),
        ("<Output>\n1. North: 2\n3. East: 3", "leg 3 follows leg 1"),
        ("<Output>\nNorth 2, East 3", "no numbered line"),
    ],
)
def test_bad_input_is_unparsable_with_the_reason(reply: str, problem: str) -> None:
    verdict = judge(reply, KEY)
    assert (verdict.score, verdict.reason) == (0.0, Reason.UNPARSABLE)
    assert problem in verdict.detail


def test_a_huge_number_of_blocks_leaves_the_grid() -> None:
    verdict = judge("<Output>\n1. North: 9999\n2. East: 3", KEY)
    assert verdict.reason == Reason.INVALID and "leg 1 (North: 9999)" in verdict.detail


def test_ten_thousand_legs_are_walked_in_linear_time() -> None:
    # back and forth 4,999 times, then the route: on the grid all along, and right
    legs = ["North: 1", "South: 1"] * 4999 + ["North: 2", "East: 3"]
    reply = "<Output>\n" + "\n".join(f"{k}. {leg}" for k, leg in enumerate(legs, start=1))
    started = time.process_time()
    verdict = judge(reply, KEY)
    assert (verdict.score, verdict.parsed["legs"], verdict.parsed["shortest"]) == (1.0, 10_000, False)
    leaving = judge(reply.replace("1. North: 1\n", "1. South: 1\n", 1), KEY)
    assert leaving.reason == Reason.INVALID and "leg 1 " in leaving.detail
    assert time.process_time() - started < 5.0


def _row(key: dict[str, Any]) -> KeyRow:
    return KeyRow(
        id="r", config="streetmap-route", domain="streetmap", task="vsp-route", difficulty="4x4",
        answer_key=key, meta={}, domain_pddl="", problem_pddl="",
    )  # fmt: skip


@pytest.mark.parametrize("route", [[["North", 2], ["East", 3]], [["West", 1]]])
def test_gold_scores_1_and_wrong_scores_0_on_both_metrics(route: list[list[Any]]) -> None:
    key = {**KEY, "start": [1, 3], "goal": [1, 2]} if route == [["West", 1]] else KEY
    key = {**key, "route": route}
    gold = judge(reference("gold", _row(key))["response"], key)
    wrong = judge(reference("wrong", _row(key))["response"], key)
    assert gold.score == 1.0 and gold.parsed["displacement_correct"] is True
    assert wrong.score == 0.0 and wrong.parsed["displacement_correct"] is False


def _scored(verdict: Judgement) -> ScoredRow:
    return ScoredRow("r", "4x4", KEY, {}, verdict)


def test_aggregate_reports_both_measures_with_standard_errors() -> None:
    rows = [
        _scored(judge("<Output>\n1. North: 2\n2. East: 3", KEY)),
        _scored(judge("<Output>\n1. West: 1\n2. North: 2\n3. East: 4", KEY)),  # off the grid, right net
        _scored(judge("<Output>\n1. North: 2\n2. East: 2", KEY)),
        _scored(judge("nothing", KEY)),
    ]
    metrics = {m.name: m for m in aggregate(rows)}
    assert metrics["accuracy"].value == 0.25
    assert metrics["displacement_accuracy"].value == 0.5
    assert metrics["shortest"].value == 0.25
    assert metrics["accuracy"].stderr == pytest.approx((0.25 * 0.75 / 4) ** 0.5)
