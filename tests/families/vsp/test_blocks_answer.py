"""Blocks answers: plans are read leniently in form and strictly in content (every move
legal, the end state reached, stack order free); bad input gets a verdict and a reason."""

from __future__ import annotations

import pytest

from scorer.families.vsp.blocks_answer import judge_blocks_plan, read_colour
from scorer.families.vsp.kind import judge
from scorer.tasks.base import Judgement, Reason

START = (("purple",), ("blue",), ("orange", "red"))
GOAL = (("purple",), ("orange", "blue"), ("red",))


def _judge(reply: str) -> Judgement:
    return judge_blocks_plan(reply, START, GOAL, 2)


@pytest.mark.parametrize(
    "reply",
    [
        "<Output>\n1. move(red,table)\n2. move(blue,orange)",
        "<Analysis> first red, then blue\n<Output>\n1. move(Red, Table)\n2. MOVE( blue block , orange )\n",
        "**Output**\n- `move(red,table)`\n- `move(blue,orange)`\nThat is the plan.",
        "I will move(blue,purple) maybe... <Output> move(red,table) move(blue,orange)",
    ],
)
def test_readable_plans_reach_the_end_state(reply: str) -> None:
    verdict = _judge(reply)
    assert verdict.reason is Reason.CORRECT and verdict.parsed == {"moves": 2, "optimal_length": 2, "optimal": True}


@pytest.mark.parametrize(
    ("reply", "reason", "detail"),
    [
        ("<Output>\n1. move(pink,table)", Reason.UNPARSABLE, "'pink' is not a colour"),
        ("<Output>\n1. move(red)", Reason.UNPARSABLE, "expected move(SOURCE, TARGET)"),
        ("<Output>\n1. move(table,red)", Reason.UNPARSABLE, "the table cannot be moved"),
        ("<Output>\nred to the table, then blue onto orange", Reason.UNPARSABLE, "empty plan"),
        ("", Reason.UNPARSABLE, "empty plan"),
        ("<Output>\n1. move(orange,table)\n2. move(red,table)", Reason.WRONG, "move 1, move(orange,table), is illegal"),
        ("<Output>\n1. move(red,table)", Reason.WRONG, "not the end state"),
    ],
)
def test_bad_plans_get_a_verdict_and_a_reason(reply: str, reason: Reason, detail: str) -> None:
    verdict = _judge(reply)
    assert verdict.score == 0.0 and verdict.reason is reason and detail in verdict.detail


def test_an_illegal_move_fails_the_plan_though_vsp_skipped_it() -> None:
    # VSP's scorer skipped move(green,red) (no green block) and passed this plan
    verdict = _judge("<Output>\n1. move(red,table)\n2. move(green,red)\n3. move(blue,orange)")
    assert (
        verdict.reason is Reason.WRONG
        and "move 2, move(green,red), is illegal: there is no green block" in verdict.detail
    )


def test_longer_plans_succeed_without_being_optimal_and_ten_thousand_moves_are_judged() -> None:
    detour = _judge("<Output>\nmove(red,table)\nmove(red,purple)\nmove(red,table)\nmove(blue,orange)")
    assert detour.score == 1.0 and detour.parsed["optimal"] is False
    shuffle = "<Output>\n" + "move(red,table)\nmove(red,orange)\n" * 5_000
    verdict = _judge(shuffle)
    assert verdict.reason is Reason.WRONG and verdict.parsed["moves"] == 10_000


def test_colour_answers_and_letters_after_output() -> None:
    assert read_colour("Stack 1 is red. <Output> **Orange**") == "orange"
    assert read_colour("<Output> pink") is None
    key = {"form": "choice", "marker": "output", "answer": "C"}
    assert judge("<Answer> A\n<Output> (C)", key).score == 1.0
    assert judge("<Output> E", key).reason is Reason.UNPARSABLE
    assert judge("<Output> Blue", {"form": "colour", "answer": "blue"}).score == 1.0
