"""ViPlan's own yes/no reading (``paper_yes_no``), case by case, against its code as the
notes record it (``../shared/anchors/viplan_vsp.md``, 1.8: ``parse_output`` then
``cast_to_yes_no``), beside ours (``parse_yes_no``)."""

from __future__ import annotations

import pytest

from scorer.readers.paper_yes_no import paper_yes_no
from scorer.readers.yes_no import parse_yes_no

# (reply, ViPlan's reading, ours)
CASES = [
    ("Yes", True, True),
    ("No.", False, False),
    ("yes!", True, True),
    # startswith: any answer beginning with "yes"/"no" counts, whole words or not
    ("Nobody knows", False, None),
    ("None of the blocks", False, None),
    ("Yesterday it was", True, None),
    ("not sure", False, None),
    # otherwise the first space-separated word that starts with yes/no
    ("Note: yes", False, True),  # "Note:" starts with "no"
    ("I think yes", True, True),
    ("I think\nyes", None, True),  # split on spaces only: "think\nyes" starts with neither
    ("The answer: **Yes**", None, True),  # "**yes**" starts with neither
    ("maybe", None, None),
    # tags: the FIRST answer pair, exact case; ours takes the last, any case
    ("<answer>Yes</answer>", True, True),
    ("<answer>no</answer> <answer>yes</answer>", False, True),
    ("<ANSWER>yes</ANSWER>", None, True),  # no exact-case tag: the whole reply, which starts with "<"
    ("<answer>No<\\answer>", False, None),  # a backslash closing tag is accepted by ViPlan
    # an explanation pair without an answer pair: no answer at all
    ("<explanation>It is.</explanation> Yes", None, True),
    ("<explanation>x</explanation><answer>No</answer>", False, False),
]


@pytest.mark.parametrize(("reply", "paper", "ours"), CASES)
def test_viplans_reading_beside_ours(reply: str, paper: bool | None, ours: bool | None) -> None:
    assert (paper_yes_no(reply), parse_yes_no(reply)) == (paper, ours)
