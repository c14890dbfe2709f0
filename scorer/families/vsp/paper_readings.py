"""VSP's own readings, reproduced exactly from its released scorers (one ``eval.py`` per
task; notes in ``../shared/anchors/viplan_vsp.md``, part 2, 2.4), beside ours.

- **main (maze plan)**: the text after the FIRST "Action plan: " (else "Action Plan: ";
  neither: from the 13th character on, as its index arithmetic does), to the end of the
  reply, split on commas; each piece loses quotes, newlines and dots and is stripped; the
  pieces are stepped one by one in gym's FrozenLake (L, D, R, U; off the edge: no move;
  100 steps at most). Right iff the goal is reached; a hole, running out of moves, or a
  piece that is not one of the four letters before the play ends is wrong.
- **T1** (hole?): the text after the first "<Output>" (absent: from the 8th character),
  without quotes, newlines, dots and parentheses, stripped and lower-cased, must be
  exactly "yes" or "no".
- **T2** (relation): the text after the first "<Output> " or "<Output>\\n" (absent: no
  answer), split on commas, each piece without quotes, newlines, dots and stars,
  stripped; right iff every true direction is a piece (extra ones are not penalised).
- **T3** (choice): the text after the first "<Answer>", else "**Answer", else "Answer",
  without quotes, stars, colons, newlines, dots, parentheses, angle brackets and
  backquotes, stripped, must be exactly A, B, C or D.
- **T4** (safe?): the 10 characters after the first "<Output>" (else "**Output**", else
  "Output"), without quotes, newlines, dots, colons, dashes and stars; right iff they hold
  "yes" and not "no" for a safe sequence, or "no" and not "yes" for an unsafe one.
- **collision**: the regular expression ``(Car|Person):\\s*([0-9]*\\.?[0-9]+)`` (exact
  case; the last match of each label counts); the car's time is right within 1.0 s. The
  person's time is never credited: the scorer indexes the float it read
  (``info['Person'][0]``), which raises. A row scores half a point when the car's time
  is right (its count: two answers per item).
- **route**: the text from 7 characters after the first "Output" (else "Path"), without
  quotes and dots, stripped, line by line: a line holding "north" adds
  ``int(line.split("north:")[-1])`` to the northward count, and likewise south, east and
  west; any line that does not convert makes the reply wrong. Right iff the net
  displacement equals the goal's; the route itself is not walked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from scorer.dataset import KeyRow
from scorer.families.vsp.maze import MOVES, Maze
from scorer.families.vsp.maze_text import parse_table
from scorer.predictions import Prediction
from scorer.tasks.base import NOT_A_RESPONSE, Judgement, Reason

GYM_STEP_LIMIT = 100  # FrozenLake-v1's registered max_episode_steps
COLLISION_PATTERN = re.compile(r"(Car|Person):\s*([0-9]*\.?[0-9]+)")
TOLERANCE = 1.0


def _removed(text: str, characters: str) -> str:
    for character in characters:
        text = text.replace(character, "")
    return text


def _after(text: str, marker: str) -> str:
    """Python's ``text[text.find(marker) + len(marker):]``, quirk included: an absent marker
    (index -1) cuts ``len(marker) - 1`` characters from the start."""
    return text[text.find(marker) + len(marker) :]


def _verdict(right: bool, parsed: Any, detail: str = "") -> Judgement:
    return Judgement(1.0, Reason.CORRECT, parsed, detail) if right else Judgement(0.0, Reason.WRONG, parsed, detail)


def plan(reply: str, key: dict[str, Any]) -> Judgement:
    start = reply.find("Action plan: ")
    if start == -1:
        start = reply.find("Action Plan: ")
    pieces = [_removed(piece, "\"'\n.").strip() for piece in reply[start + 13 :].split(",")]
    maze: Maze = parse_table(key["maze"])
    cell = maze.player
    for number, piece in enumerate(pieces[:GYM_STEP_LIMIT], start=1):
        if piece not in MOVES:
            return _verdict(False, pieces, f"piece {number} {piece[:20]!r} is not L, D, R or U (a KeyError)")
        cell = maze.step(cell, piece)
        if cell in maze.holes:
            return _verdict(False, pieces, f"falls into a hole on move {number}")
        if cell == maze.goal:
            return _verdict(True, pieces, f"reaches the goal on move {number}")
    return _verdict(False, pieces, "the moves end before the goal")


def hole_yes_no(reply: str, key: dict[str, Any]) -> Judgement:
    answer = _removed(_after(reply, "<Output>"), "\"'\n.()").strip().lower()
    if answer not in ("yes", "no"):
        return Judgement(0.0, Reason.UNPARSABLE, answer[:40], "not exactly yes or no after <Output>")
    return _verdict((answer == "yes") == key["answer"], answer)


def relation(reply: str, key: dict[str, Any]) -> Judgement:
    start = reply.find("<Output> ")
    if start == -1:
        start = reply.find("<Output>\n")
    if start == -1:
        return Judgement(0.0, Reason.UNPARSABLE, None, "no '<Output> ' or '<Output>\\n'")
    pieces = [_removed(piece, "\"'\n.*").strip() for piece in reply[start + 9 :].split(",")]
    return _verdict(all(word in pieces for word in key["answer"]), pieces[:8])


def choice(reply: str, key: dict[str, Any]) -> Judgement:
    marker = next((m for m in ("<Answer>", "**Answer") if m in reply), "Answer")
    answer = _removed(_after(reply, marker), "\"*:'\n.()<>`").strip()
    if answer not in ("A", "B", "C", "D"):
        return Judgement(0.0, Reason.UNPARSABLE, answer[:40], "not exactly one of A-D after <Answer>")
    return _verdict(answer == key["answer"], answer)


def safety_yes_no(reply: str, key: dict[str, Any]) -> Judgement:
    marker = next((m for m in ("<Output>", "**Output**") if m in reply), "Output")
    start = reply.find(marker) + len(marker)
    window = _removed(reply[start : start + 10], "\"'\n.:-*").strip().lower()
    says_yes, says_no = "yes" in window and "no" not in window, "no" in window and "yes" not in window
    return _verdict(says_yes if key["answer"] else says_no, window)


def collision(reply: str, key: dict[str, Any]) -> Judgement:
    found = {label: float(number) for label, number in COLLISION_PATTERN.findall(reply)}
    car_right = "Car" in found and abs(float(Fraction(key["car_time"])) - found["Car"]) <= TOLERANCE
    parsed = {"car": found.get("Car"), "person": found.get("Person")}
    detail = "the car's time is right" if car_right else "the car's time is not within 1.0 s"
    # Half a point per right answer; the person's never counts (module doc).
    return Judgement(0.5 if car_right else 0.0, Reason.CORRECT if car_right else Reason.WRONG, parsed, detail)


def route(reply: str, key: dict[str, Any]) -> Judgement:
    from scorer.families.vsp.route_answer import street_map  # here: that module declares its kind with this reading

    start = reply.find("Output")
    if start == -1:
        start = reply.find("Path")
    lines = _removed(reply[start + 7 :], "\"'.").strip().split("\n")
    north = east = 0
    try:
        for line in (line.lower() for line in lines):
            north += _count(line, "north") - _count(line, "south")
            east += _count(line, "east") - _count(line, "west")
    except ValueError as error:
        return _verdict(False, None, f"a line does not convert ({error})")
    return _verdict((north, east) == tuple(street_map(key).displacement()), [north, east])


def _count(line: str, word: str) -> int:
    return int(line.split(f"{word}:")[-1]) if word in line else 0


_BY_QUESTION: dict[str, Callable[[str, dict[str, Any]], Judgement]] = {
    "main": plan,
    "T1": hole_yes_no,
    "T2": relation,
    "T3": choice,
    "T4": safety_yes_no,
}


def judge_vsp(row: KeyRow, prediction: Prediction) -> Judgement:
    """The maze questions: the question (the row's difficulty) picks VSP's scorer."""
    if prediction.response is None:
        return NOT_A_RESPONSE
    return _BY_QUESTION[row.difficulty](prediction.response, row.answer_key)


SOURCE_MAZE = "VSP's maze eval.py (main, T1-T4)"
SOURCE_COLLISION = "VSP's collision eval.py (person never credited)"
SOURCE_ROUTE = "VSP's google_map eval.py (net displacement)"
