"""Bad answers: each gets a judgement and a reason; none crashes or reaches a planner."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import scorer.tasks.acp.oracle as oracle_module

ROBOT_DOMAIN = """(define (domain robot)
  (:requirements :strips :typing)
  (:types room ball)
  (:predicates (at-robot ?r - room) (at ?b - ball ?r - room) (holding ?b - ball) (free) (door ?a ?b - room))
  (:action move :parameters (?from ?to - room)
    :precondition (and (at-robot ?from) (door ?from ?to))
    :effect (and (at-robot ?to) (not (at-robot ?from))))
  (:action pick :parameters (?b - ball ?r - room)
    :precondition (and (at ?b ?r) (at-robot ?r) (free))
    :effect (and (holding ?b) (not (at ?b ?r)) (not (free))))
  (:action drop :parameters (?b - ball ?r - room)
    :precondition (and (holding ?b) (at-robot ?r))
    :effect (and (at ?b ?r) (free) (not (holding ?b)))))
"""

ROBOT_PROBLEM = """(define (problem robot-1) (:domain robot)
  (:objects kitchen hall - room b1 b2 - ball)
  (:init (at-robot kitchen) (free) (at b1 kitchen) (at b2 hall) (door kitchen hall) (door hall kitchen))
  (:goal (and (at b1 hall) (at b2 kitchen))))
"""

TEN_MB = 10 * 2**20


@pytest.fixture(autouse=True)
def no_planner(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a bad answer reached the planner")

    monkeypatch.setattr(oracle_module, "plan_with_planner", refuse)
    monkeypatch.setattr(oracle_module, "compiled_task", refuse)
    yield


@pytest.fixture
def robot_row(make_row):
    def factory(kind: str, fields: dict):
        return make_row(kind, fields, domain=ROBOT_DOMAIN, problem=ROBOT_PROBLEM)

    return factory


def open_key() -> dict:
    return {"unreachable": [], "reachable": [], "complete": False, "none_correct": False}


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("(at b9 kitchen)", "unknown object 'b9'"),
        ("(at b1)", "at takes 2 argument(s)"),
        ("(at b1 kitchen hall)", "at takes 2 argument(s)"),
        ("(flying b1)", "unknown predicate 'flying'"),
        ("(at kitchen b1)", "'kitchen' is a room, not a ball"),
        ("(door kitchen kitchen)", "a static fact"),
    ],
)
def test_propositions_outside_the_vocabulary_are_invalid(robot_row, judged, answer: str, reason: str) -> None:
    for kind in ("reach", "land"):
        fields = (
            open_key()
            if kind == "reach"
            else {"trivial": [], "landmarks": [], "candidates": None, "complete": False, "none_correct": False}
        )
        judgement = judged(robot_row(kind, fields), answer)
        assert (judgement.score, judgement.reason) == (0.0, "invalid")
        assert reason in judgement.detail


def test_text_after_the_first_answer_is_never_used(robot_row, judged) -> None:
    # The first complete answer is (at b1 kitchen), which holds now: reachable, so wrong.
    judgement = judged(robot_row("reach", open_key()), "(at b1 kitchen)); (:goal (holding b2)")
    assert (judgement.score, judgement.reason) == (0.0, "wrong")
    assert judgement.parsed == "(at b1 kitchen)"


@pytest.mark.parametrize(
    "answer",
    [
        "(not (at b1 kitchen))",
        "(and (holding b1) (holding b2))",
        ")) (:action hack :parameters () :precondition () :effect (holding b1))",
        "(:goal (holding b1))",
    ],
)
def test_pddl_syntax_in_an_answer_is_invalid(robot_row, judged, answer: str) -> None:
    for kind in ("reach", "land", "areach", "nexta", "app"):
        fields = {
            "reach": open_key(),
            "areach": open_key(),
            "land": {"trivial": [], "landmarks": [], "candidates": None, "complete": False, "none_correct": False},
            "nexta": {"applicable": ["(pick b1 kitchen)"], "yes": [], "no": [], "opt": 5, "complete": False},
            "app": {"applicable": ["(pick b1 kitchen)"]},
        }[kind]
        judgement = judged(robot_row(kind, fields), answer)
        assert (judgement.score, judgement.reason) == (0.0, "invalid"), (kind, answer)
        assert "PDDL formula" in judgement.detail


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("(pick b1 b2)", "'b2' is a ball, not a room"),
        ("(pick b1)", "pick takes 2 argument(s)"),
        ("(teleport b1 hall)", "unknown action 'teleport'"),
        ("(move kitchen garden)", "unknown object 'garden'"),
    ],
)
def test_actions_outside_the_vocabulary_are_invalid(robot_row, judged, answer: str, reason: str) -> None:
    for kind, fields in [
        ("areach", open_key()),
        ("nexta", {"applicable": ["(pick b1 kitchen)"], "yes": [], "no": [], "opt": 5, "complete": False}),
        ("app", {"applicable": ["(pick b1 kitchen)"]}),
        ("just", {"plan": ["(pick b1 kitchen)", "(move kitchen hall)"], "removable": []}),
    ]:
        judgement = judged(robot_row(kind, fields), answer)
        assert (judgement.score, judgement.reason) == (0.0, "invalid"), kind
        assert reason in judgement.detail


def test_a_well_formed_action_that_can_never_apply_is_an_unreachable_action(robot_row, judged) -> None:
    # (move kitchen kitchen) is well-formed; grounding pruned it: there is no door from a room to itself.
    judgement = judged(robot_row("areach", open_key()), "(move kitchen kitchen)")
    assert (judgement.score, judgement.reason) == (1.0, "correct")
    assert "static precondition" in judgement.detail


@pytest.mark.parametrize("answer", ["2", "17", "-1", "9" * 40])
def test_an_index_out_of_range_is_invalid(robot_row, judged, answer: str) -> None:
    judgement = judged(robot_row("val", {"sequence": ["(drop b1 kitchen)", "(pick b1 kitchen)"], "index": 0}), answer)
    assert (judgement.score, judgement.reason) == (0.0, "invalid")
    assert "out of range 0..1" in judgement.detail


@pytest.mark.parametrize("unit", ["(", "(at b1 kitchen) ", "(pick b1 kitchen), ", "x", "[", "9"])
def test_ten_megabytes_of_text(robot_row, judged, unit: str) -> None:
    text = unit * (TEN_MB // len(unit))
    rows = [
        robot_row("reach", open_key()),
        robot_row("app", {"applicable": ["(pick b1 kitchen)"]}),
        robot_row("val", {"sequence": ["(drop b1 kitchen)", "(pick b1 kitchen)"], "index": 0}),
        robot_row(
            "prog", {"action": "(pick b1 kitchen)", "pos": ["(holding b1)"], "neg": ["(at b1 kitchen)", "(free)"]}
        ),
    ]
    for row in rows:
        judgement = judged(row, text)
        assert judgement.score in (0.0, 1.0) and judgement.reason in ("unparsable", "invalid", "wrong", "correct")


def test_an_episode_for_a_question_row_is_invalid(robot_row) -> None:
    from scorer.io.predictions import Prediction
    from scorer.tasks.acp.kind import judge

    row = robot_row("app", {"applicable": ["(pick b1 kitchen)"]})
    judgement = judge(row, Prediction(row.id, 1, None, {"replies": []}, None))
    assert judgement.reason == "invalid"


def test_unparsable_answers(robot_row, judged) -> None:
    for kind, text in [("reach", "I do not know"), ("val", "the third"), ("prog", "(holding b1)"), ("nexta", "None")]:
        fields = {
            "reach": open_key(),
            "val": {"sequence": ["(drop b1 kitchen)"], "index": 0},
            "prog": {"action": "(pick b1 kitchen)", "pos": [], "neg": []},
            "nexta": {"applicable": [], "yes": [], "no": [], "opt": 1, "complete": True},
        }[kind]
        judgement = judged(robot_row(kind, fields), text)
        assert (judgement.score, judgement.reason) == (0.0, "unparsable"), kind
