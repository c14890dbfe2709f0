"""Sliding geom puzzle: the move command syntax, move classification, text forms."""

from __future__ import annotations

import time

import pytest
from lark import Lark

from scorer.families.slidegeom.board import Board, Geom
from scorer.families.slidegeom.moves import (
    DESTINATION_OCCUPIED,
    DESTINATION_OUT_OF_BOUNDS,
    GRAMMAR_PATH,
    LEGAL_MOVE,
    NOT_A_LEGAL_COMMAND,
    MoveClass,
    MoveCommand,
    classify,
    command_for_move,
    parse_command,
)
from scorer.families.slidegeom.text import describe_board_text, placement_lines

RED_CUBE = MoveCommand("red", "cube", "left")


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("move red cube left", RED_CUBE),
        ("Action: move red cube left", RED_CUBE),  # iVISPAR's chain-of-thought suffix
        ("action: MOVE Red CUBE Left.", RED_CUBE),
        ("**Action:** **move red cube left**", RED_CUBE),
        ("### move red cube left", RED_CUBE),
        ("move\nred\ncube\nleft", RED_CUBE),  # newlines are spaces
        ('I will do "move red cube left".', RED_CUBE),
        ("`move red cube left`", RED_CUBE),
        ("move red cube left 2", RED_CUBE),  # one move: the count is skipped
        ("move red square left", RED_CUBE),  # 2D shape names
        ("move blue circle up", MoveCommand("blue", "sphere", "up")),
        ("move green triangle down", MoveCommand("green", "pyramid", "down")),
        ("move yellow hexagon right", MoveCommand("yellow", "cylinder", "right")),
        # the last complete command counts
        ("First move blue sphere up, then: action: move red cube left", RED_CUBE),
        ("move red cube left. Hmm, move blue", RED_CUBE),
        ("Moving the red cube left is best.\nAction: move red cube left", RED_CUBE),
    ],
)
def test_commands_are_read(reply: str, expected: MoveCommand) -> None:
    assert parse_command(reply) == expected


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "I am not sure.",
        "move red cube",  # no direction
        "move the red cube left",  # not the four words in a row
        "move red-cube left",
        "move red_cube left",
        "moves red cube left",  # whole words only
        "move reddish cube left",
        "move red cube leftwards",
        "move purple cube left",  # not a colour of the puzzle
        "action: move red cone left",
        "move red cube north",
        "ſove red cube left",  # no Unicode case folding
    ],
)
def test_non_commands_are_not_read(reply: str) -> None:
    assert parse_command(reply) is None


def test_grammar_rule_accepts_the_canonical_commands() -> None:
    parser = Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), start="command", parser="lalr", lexer="basic")
    for text in ("move red cube left", "Move Yellow Hexagon UP"):
        assert parser.parse(text).data == "command"


def test_long_replies_parse_in_linear_time() -> None:
    prose = "Let me think about where each geom should go, step by step. " * 20_000  # 1.2 MB
    started = time.process_time()
    assert parse_command(prose + "action: move red cube left") == RED_CUBE
    assert time.process_time() - started < 3.0


def test_command_text_round_trips() -> None:
    board = Board(4, (Geom("red", "cube"), Geom("blue", "sphere")), ((1, 0), (3, 3)), ((0, 0), (3, 3)))
    command = command_for_move(board, (0, "left"))
    assert command == RED_CUBE and command.text == "move red cube left"
    assert parse_command(command.text) == command


# -- classify ------------------------------------------------------------------------
# Board (4x4): red cube at B1 (goal A1), blue sphere at C1 (goal C1), green pyramid at A4 (goal A4).
BOARD = Board(
    4,
    (Geom("red", "cube"), Geom("blue", "sphere"), Geom("green", "pyramid")),
    ((1, 0), (2, 0), (0, 3)),
    ((0, 0), (2, 0), (0, 3)),
)


def test_effective_move_brings_the_goal_closer() -> None:
    outcome, after = classify(BOARD, BOARD.start, MoveCommand("red", "cube", "left"))
    assert (outcome.move_class, outcome.feedback) == (MoveClass.EFFECTIVE, LEGAL_MOVE)
    assert after == ((0, 0), (2, 0), (0, 3)) == BOARD.goal
    assert outcome.changed_board


def test_ineffective_move_takes_the_goal_further() -> None:
    outcome, after = classify(BOARD, BOARD.start, MoveCommand("red", "cube", "up"))
    assert (outcome.move_class, outcome.feedback) == (MoveClass.INEFFECTIVE, LEGAL_MOVE)
    assert after == ((1, 1), (2, 0), (0, 3))


def test_occupied_destination_leaves_the_board_as_it_was() -> None:
    outcome, after = classify(BOARD, BOARD.start, MoveCommand("red", "cube", "right"))
    assert (outcome.move_class, outcome.feedback) == (MoveClass.OCCUPIED, DESTINATION_OCCUPIED)
    assert after == BOARD.start and not outcome.changed_board


def test_out_of_bounds_leaves_the_board_as_it_was() -> None:
    outcome, after = classify(BOARD, BOARD.start, MoveCommand("green", "pyramid", "up"))
    assert (outcome.move_class, outcome.feedback) == (MoveClass.OUT_OF_BOUNDS, DESTINATION_OUT_OF_BOUNDS)
    assert after == BOARD.start


def test_no_command_is_an_illegal_command() -> None:
    outcome, after = classify(BOARD, BOARD.start, parse_command("I give up"))
    assert (outcome.move_class, outcome.feedback) == (MoveClass.ILLEGAL, NOT_A_LEGAL_COMMAND)
    assert after == BOARD.start


def test_a_geom_not_on_the_board_is_an_illegal_command() -> None:
    outcome, after = classify(BOARD, BOARD.start, parse_command("move yellow cube left"))
    assert (outcome.move_class, outcome.feedback) == (MoveClass.ILLEGAL, "yellow cube is not a valid object")
    assert after == BOARD.start


# -- text ----------------------------------------------------------------------------


def test_placement_text_lists_geoms_in_board_coordinate_order() -> None:
    assert placement_lines(BOARD.geoms, BOARD.start) == ["A4 green pyramid", "B1 red cube", "C1 blue sphere"]
    assert describe_board_text(BOARD) == "A4 green pyramid\nB1 red cube\nC1 blue sphere"
    assert describe_board_text(BOARD, BOARD.goal).splitlines()[0] == "A1 red cube"
