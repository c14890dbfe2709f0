"""Reading VSP's short answers: yes/no and relations after <Output>, choices after <Answer>."""

from __future__ import annotations

import pytest

from scorer.families.vsp.kind import judge
from scorer.families.vsp.short_answers import read_choice, read_relation, read_yes_no


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        ("<Output> Yes", True),
        ("<output>no", False),
        ("Reasoning: yes it looks like land.\n<Output> No", False),
        ('Your output should be "<Output> No" or "<Output> Yes".\n<Output> Yes', True),
        ("**Output**: No.", False),
        ("Output: yes", True),
        ("Yes", True),
        ("<Output> Nobody knows", None),
        ("<Output>", None),
        ("", None),
    ],
)
def test_yes_no(reply: str, said: bool | None) -> None:
    assert read_yes_no(reply) is said


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        ('<Output> "Above,Left"', {"Above", "Left"}),
        ("<Output> Left,Above", {"Above", "Left"}),
        ("<Output> below", {"Below"}),
        ("The player is above.\n<Output>\nRight", {"Right"}),
        ("<Output> Above, Below", {"Above", "Below"}),
        ("<Output> nowhere", None),
    ],
)
def test_relation(reply: str, said: set[str] | None) -> None:
    assert read_relation(reply) == (None if said is None else frozenset(said))


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        ("<Answer> C", "C"),
        ("<Answer> (B)", "B"),
        ("Candidate A is 3x3.\n<Answer> D", "D"),
        ("**Answer**: A", "A"),
        ("Answer: Candidate C", "C"),
        ("<Answer> E", None),
        ("<Answer> none", None),
    ],
)
def test_choice(reply: str, said: str | None) -> None:
    assert read_choice(reply) == said


def test_relation_is_scored_exactly_and_vsp_rule_is_not_used() -> None:
    key = {"form": "relation", "answer": ["Above", "Left"]}
    assert judge("<Output> Left,Above", key).reason == "correct"
    assert judge("<Output> Above,Left,Below", key).reason == "wrong"  # VSP's scorer counted this right
    assert judge("<Output> Above", key).reason == "wrong"
    assert judge("<Output> ?", key).reason == "unparsable"


def test_a_key_of_unknown_form_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="answer key form 'essay'"):
        judge("x", {"form": "essay"})
