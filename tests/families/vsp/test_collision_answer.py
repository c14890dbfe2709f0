"""Reading and judging the collision answer ("Car: t", "Person: t", "Yes|No"): VSP's
tolerance, the person's time credited (VSP's released scorer never did), and bad input."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

import pytest

from scorer.families.vsp.collision_answer import aggregate, judge, read_answer
from scorer.tasks.base import Judgement, Reason, ScoredRow

KEY = {"car_time": "2/3", "person_time": "4", "collide": False}


@pytest.mark.parametrize(
    ("reply", "car", "person", "collide"),
    [
        ("Car: 2.0\nPerson: 2.0\nYes", Fraction(2), Fraction(2), True),
        ("car: 0.67\nPERSON: 4\nno", Fraction(67, 100), Fraction(4), False),
        # fault probe F7: Python's 2/3 as it prints it was unreadable (the paper's reading credits it)
        ("Car: 0.6666666666666666\nPerson: 4\nNo", Fraction("0.6666666666666666"), Fraction(4), False),
        ("**Car:** 1/3\n**Person:** .5 s\n**No**", Fraction(1, 3), Fraction(1, 2), False),
        ("- Car: 2 seconds.\n- Person: 10 sec\nNo, they will not collide.", Fraction(2), Fraction(10), False),
        # reasoning in the answer's shape first: the last lines count
        (
            "Car: 2 grids / 3.0 = 0.67 s\nPerson: 1 / 0.25 = 4 s\n\nCar: 0.67\nPerson: 4.0\nNo",
            Fraction(67, 100),
            4,
            False,
        ),
    ],
)
def test_read_answer(reply: str, car: Fraction, person: Fraction, collide: bool) -> None:
    reading = read_answer(reply)
    assert reading.problems == []
    assert reading.times == {"car": car, "person": person}
    assert reading.collide is collide


def test_all_three_right_scores_1_within_the_tolerance_inclusive() -> None:
    # the car's 2/3 s within 1.0 s either way; the person's 4 s exactly 1.0 s off
    verdict = judge("Car: 1.6\nPerson: 5.0\nNo", KEY)
    assert (verdict.score, verdict.reason) == (1.0, Reason.CORRECT)
    assert verdict.parsed == {
        "car": 1.6,
        "person": 5.0,
        "collide": False,
        "car_correct": True,
        "person_correct": True,
        "collision_correct": True,
    }


def test_the_persons_time_is_credited_and_each_part_judged_alone() -> None:
    verdict = judge("Car: 3.0\nPerson: 4.0\nYes", KEY)
    assert (verdict.score, verdict.reason) == (0.0, Reason.WRONG)
    assert verdict.parsed["person_correct"] is True
    assert verdict.parsed["car_correct"] is False and verdict.parsed["collision_correct"] is False


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        ("Person: 4.0\nNo", "no 'Car:' line"),
        ("Car: 0.67\nNo", "no 'Person:' line"),
        ("Car: 0.67\nPerson: 4.0", "no Yes or No after the time lines"),
        ("Yes", "no 'Car:' line"),
        ("", "no 'Car:' line"),
        ("Car: about 0.67 because it is 2 cells away\nPerson: 4.0\nNo", "'Car:' is not followed by one time"),
        ("Car: 0.67 minutes\nPerson: 4.0\nNo", "'Car:' is not followed by one time"),
        ("Car: 0.67\nPerson: -4.0\nNo", "'Person:' gives a negative time"),
        ("Car: 0.67\nPerson: 4.0, No", "'Person:' is not followed by one time"),
        ("Car: " + "9" * 5000 + "\nPerson: 4\nNo", "'Car:' is not followed by one time"),
        ("Car: 1/0\nPerson: 4\nNo", "'Car:' is not followed by one time"),
    ],
)
def test_bad_input_is_unparsable_with_the_reason(reply: str, problem: str) -> None:
    verdict = judge(reply, KEY)
    assert (verdict.score, verdict.reason) == (0.0, Reason.UNPARSABLE)
    assert problem in verdict.detail


def test_a_readable_part_still_counts_when_another_is_not() -> None:
    verdict = judge("Car: 0.67\nPerson: -4.0\nNo", KEY)
    assert verdict.parsed["car_correct"] is True and verdict.parsed["person"] is None


def test_huge_replies_are_read_in_linear_time() -> None:
    filler = ("Car: thinking " + "x" * 200 + "\n") * 20_000 + " " * 2_000_000  # about 6 MB
    started = time.process_time()
    verdict = judge(filler + "\nCar: 0.67\nPerson: 4\nNo", KEY)
    assert verdict.reason == Reason.CORRECT
    assert judge(filler, KEY).reason == Reason.UNPARSABLE
    assert time.process_time() - started < 5.0


def _scored(verdict: Judgement, key: dict[str, Any]) -> ScoredRow:
    return ScoredRow("r", "main", key, {}, verdict)


def test_aggregate_counts_each_part_with_standard_errors() -> None:
    rows = [
        _scored(judge("Car: 0.67\nPerson: 4\nNo", KEY), KEY),
        _scored(judge("Car: 0.67\nPerson: 9\nYes", KEY), KEY),
        _scored(judge("Car: 0.67\nPerson: 4", KEY), KEY),
        _scored(judge("nothing", KEY), KEY),
    ]
    metrics = {m.name: m for m in aggregate(rows)}
    assert metrics["accuracy"].value == 0.25
    assert metrics["car_time_accuracy"].value == 0.75
    assert metrics["person_time_accuracy"].value == 0.5
    assert metrics["collision_accuracy"].value == 0.25
    assert metrics["time_accuracy_vsp"].value == pytest.approx((1 + 0.5 + 1 + 0) / 4)
    assert metrics["yes_rate"].value == 0.5 and metrics["yes_rate"].n == 2
    assert metrics["true_yes_rate"].value == 0.0
    assert metrics["accuracy"].stderr == pytest.approx((0.25 * 0.75 / 4) ** 0.5)
