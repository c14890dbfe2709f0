"""iVISPAR's own reading of a reply (``ivispar_parse``), case by case, against its code
as the notes record it (``../shared/anchors/ivispar_asgard.md``, 1.5: the Python side's
``parse_action`` and the Unity side's ``decodeCommand``), and episodes replayed with it."""

from __future__ import annotations

import pytest

from scorer.episodes.engine import replay
from scorer.families.slidegeom.board import Board, Geom
from scorer.families.slidegeom.ivispar_parse import ivispar_command, python_side
from tests.families.slidegeom.test_slidegeom_mode import corner_row, slide_row

# (reply, the command Python sends, Unity's (colour, shape, direction, repeats); None: no move)
CASES = [
    ("I think... action: move red cube left", "move red cube left", ("red", "cube", "left", 1)),
    # only the text after the LAST "action: move " is sent
    ("action: move blue sphere up. Then action: move red cube down", "move red cube down", ("red", "cube", "down", 1)),
    # no marker: "No valid action found." (ours reads the bare command)
    ("move red cube left", "No valid action found", None),
    # the words need not be adjacent: the colour is the word before the shape
    ("action: move the red cube to the left", "move the red cube to the left", ("red", "cube", "left", 1)),
    # markdown, case and punctuation go; 2D shape names are the 3D ones
    ("**Action: Move** Red Square UP!", "move red cube up", ("red", "cube", "up", 1)),
    # a repeat count runs the move that many times (digits, else a number word, as a substring)
    ("action: move red cube left 2", "move red cube left 2", ("red", "cube", "left", 2)),
    ("action: move red cube left twice, then three", "move red cube left twice then three", ("red", "cube", "left", 3)),
    ("action: move red cube left, as often", "move red cube left as often", ("red", "cube", "left", 10)),
    # the shape and the direction are found in list order, not text order
    ("action: move blue sphere down, red cube up", "move blue sphere down red cube up", ("red", "cube", "up", 1)),
    # words in the wrong order: the colour is whatever word precedes the shape
    ("action: move cube red left", "move cube red left", ("move", "cube", "left", 1)),
    # no direction: not a move
    ("action: move red cube", "move red cube", None),
]


@pytest.mark.parametrize(("reply", "sent", "decoded"), CASES)
def test_both_layers_read_as_ivispar_does(reply: str, sent: str, decoded: tuple | None) -> None:
    assert python_side(reply) == sent
    command = ivispar_command(reply)
    assert ((command.colour, command.shape, command.direction, command.repetition) if command.is_move else None) == (
        decoded
    )


def test_an_episode_replayed_with_ivispars_parser() -> None:
    row = corner_row()  # red cube A1 -> C1: two moves right
    replies = ["action: move red cube right 2"]
    ours = replay(row, {"view": "text"}, replies)
    paper = replay(row, {"view": "text", "parser": "paper"}, replies)
    assert (ours["success"], ours["steps"], paper["success"], paper["steps"]) == (
        False,
        1,
        True,
        1,
    )  # one step, two cells


def test_an_unknown_geom_is_uncounted_as_ivispar_classifies_it() -> None:
    row = slide_row(Board(4, (Geom("red", "cube"),), ((0, 0),), ((1, 0),)))
    outcome = replay(row, {"view": "text", "parser": "paper"}, ["action: move green pyramid up", "move red cube right"])
    assert outcome["action_classes"]["uncounted"] == 1
    assert outcome["action_classes"]["illegal_commands"] == 1  # the second reply has no marker
    assert outcome["success"] is False


def test_scoring_replays_a_log_with_each_parser() -> None:
    from scorer.io.predictions import Prediction
    from scorer.scoring.grading import judge_row, judge_row_paper

    row = corner_row()
    log = {"settings": {"view": "text"}, "replies": ["<think>move red cube left</think>action: move red cube right 2"]}
    prediction = Prediction(row.id, 1, None, log, None)
    ours, paper = judge_row(row, prediction), judge_row_paper(row, prediction)
    assert paper is not None
    assert (ours.score, paper.score) == (0.0, 1.0)
    assert paper.parsed["settings"] == {"view": "text"}  # the log's settings, as given
