"""ACPBench Hard's own evaluator rules (``paper_judge.py``) beside ours, case by case,
against the notes on its released code (``../shared/anchors/acpbench.md``, section 6),
on a small domain with a static road map and UPPER-CASE action names (as the paper's
logistics writes them)."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.io.predictions import Prediction
from scorer.tasks.acp.kind import judge
from scorer.tasks.acp.paper_judge import judge_paper

CITY_DOMAIN = """(define (domain city)
  (:requirements :strips :typing)
  (:types place)
  (:predicates (at ?p - place) (road ?a ?b - place) (seen ?p - place))
  (:action DRIVE :parameters (?from ?to - place)
    :precondition (and (at ?from) (road ?from ?to))
    :effect (and (at ?to) (seen ?to) (not (at ?from)))))
"""
CITY_PROBLEM = """(define (problem city-1) (:domain city)
  (:objects home shop park - place)
  (:init (at home) (road home shop) (road shop home) (road shop park))
  (:goal (seen park)))
"""
PLAN = ["(drive home shop)", "(drive shop home)", "(drive home shop)", "(drive shop park)"]


def both(row: Any, text: str) -> tuple[float, float]:
    """(our score, the paper's score) of one reply."""
    prediction = Prediction(row.id, 1, text, None, None)
    return judge(row, prediction).score, judge_paper(row, prediction).score


@pytest.fixture
def city_row(make_row):
    def factory(kind: str, fields: dict[str, Any]):
        return make_row(kind, fields, domain=CITY_DOMAIN, problem=CITY_PROBLEM)

    return factory


def reach_key(**changes: Any) -> dict[str, Any]:
    return {"unreachable": [], "reachable": ["(at shop)"], "complete": False, "none_correct": False, **changes}


# (kind, key fields, reply, our score, the paper's score, why)
CASES = [
    ("app", {"applicable": ["(drive home shop)"]}, "[(drive home shop)]", 1, 1, "the list"),
    (
        "app",
        {"applicable": ["(drive home shop)"]},
        "[(drive home shop)], since (at home) holds",
        1,
        0,
        "every group counts",
    ),
    ("app", {"applicable": ["(drive home shop)"]}, "(DRIVE home shop)", 1, 1, "lower-cased"),
    (
        "prog",
        {"pos": ["(at shop)", "(seen shop)"], "neg": ["(at home)"]},
        "[(at shop), (seen shop)] [(at home)]",
        1,
        1,
        "two lists",
    ),
    (
        "prog",
        {"pos": ["(at shop)", "(seen shop)"], "neg": []},
        "[(at shop), (seen shop)]",
        1,
        0,
        "a single list is no answer",
    ),
    (
        "prog",
        {"pos": ["(at shop)"], "neg": ["(at home)"]},
        "Positive effects: (at shop)\nNegative effects: (at home)",
        1,
        1,
        "labels",
    ),
    ("reach", reach_key(), "(road park home)", 0, 1, "a false static fact: the paper's planner proves it unreachable"),
    ("reach", reach_key(), "(road home shop)", 0, 0, "a true static fact holds"),
    ("reach", reach_key(none_correct=True, reachable=[]), "None", 1, 1, "None where nothing is unreachable"),
    ("reach", reach_key(unreachable=["(at park)"]), "None", 0, 0, "None where something is"),
    (
        "reach",
        reach_key(unreachable=["(seen home)"]),
        "Nonetheless (seen home)",
        1,
        0,
        "a word starting with None is None",
    ),
    ("reach", reach_key(unreachable=["(seen home)"]), "(seen home)", 1, 1, "a stored unreachable atom"),
    ("reach", reach_key(), "(flying home)", 0, 0, "not an atom of the task"),
    ("areach", reach_key(), "(drive park home)", 1, 1, "a static precondition is false"),
    ("areach", reach_key(none_correct=True), "None", 1, 1, "None where nothing is unreachable"),
    ("val", {"sequence": PLAN, "index": 1}, "1", 1, 1, "the index"),
    ("val", {"sequence": PLAN, "index": 1}, "01", 1, 0, "the index compared as text"),
    ("val", {"sequence": PLAN[:1], "index": None}, "None", 1, 0, "the index grammar has no None"),
    (
        "just",
        {"plan": PLAN, "removable": [[1, 2]]},
        "(DRIVE home shop) (DRIVE shop park)",
        1,
        1,
        "as the PDDL spells it",
    ),
    ("just", {"plan": PLAN, "removable": [[1, 2]]}, "(drive home shop) (drive shop park)", 1, 0, "case-sensitive"),
    (
        "just",
        {"plan": PLAN, "removable": [[1, 2]]},
        "Simplified plan: (DRIVE home shop) (DRIVE shop park)",
        1,
        0,
        "the label lower-cases",
    ),
    (
        "land",
        {"trivial": [], "landmarks": ["(at shop)"], "candidates": None, "complete": True, "none_correct": False},
        "(at shop)",
        1,
        1,
        "a landmark",
    ),
    (
        "nexta",
        {"applicable": ["(drive home shop)"], "yes": ["(drive home shop)"], "no": [], "opt": 2, "complete": True},
        "Take (DRIVE home shop)",
        1,
        1,
        "the first group",
    ),
]


@pytest.mark.parametrize(("kind", "fields", "reply", "ours", "paper", "why"), CASES, ids=[c[-1] for c in CASES])
def test_each_reading_scores_as_its_rules_say(city_row, kind, fields, reply, ours, paper, why) -> None:
    assert both(city_row(kind, fields), reply) == (ours, paper)


def test_an_imported_key_takes_the_papers_judgement_of_static_facts(city_row) -> None:
    imported = reach_key(source_answer="(at park)")
    assert both(city_row("reach", imported), "(road park home)") == (1, 1)
    assert both(city_row("reach", imported), "(road home shop)") == (0, 0)


def test_a_parser_error_is_unparsable_in_the_papers_reading(city_row) -> None:
    row = city_row("prog", {"pos": ["(at shop)"], "neg": []})
    judgement = judge_paper(row, Prediction(row.id, 1, "[(at shop), (seen shop)]", None, None))
    assert (judgement.score, judgement.reason) == (0.0, "unparsable")
    assert "PARSER ERROR" in judgement.detail
