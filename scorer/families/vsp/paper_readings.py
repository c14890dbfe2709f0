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
- **blocks main**: the lines from 9 characters after the first "<Output>" (its newline
  included); each line loses its first 2 characters (the "1."), quotes and dots, is
  stripped, and counts when it starts with "move". In ``move(SRC,DST)`` the source is
  the first character after "move(" (so a space there names no block) and the target the
  stripped text up to the line's last character (the ")"), by its first letter unless it
  is "table". The moves are stepped on VSP's seven stacks; a move it cannot make is
  skipped silently; a line it cannot split fails the plan. Right iff the stacks end as the
  goal's, in any order (the plan's length is not checked).
- **blocks T1** (colour): the first line after the first "<Output>", without quotes,
  newlines, dots and stars, stripped, equals the colour in any case.
- **blocks T2** (choice): the first line after the first "<Output>" (else "Output"),
  without quotes, newlines, dots, stars, angle brackets and colons, stripped, equals the
  letter.
- **blocks T3** (choice): the same line without quotes, newlines, dots and stars only
  (angle brackets and colons stay), stripped and upper-cased, equals the letter.
- **blocks T4**: the text after the first "<Output>", without quotes, newlines and dots,
  stripped and lower-cased, is exactly "yes" for a valid sequence or "no" for an
  invalid one.
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

from scorer.families.vsp.maze import MOVES, Maze
from scorer.families.vsp.maze_text import parse_table
from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.tasks.base import NOT_A_RESPONSE, Judgement, Reason

GYM_STEP_LIMIT = 100  # FrozenLake-v1's registered max_episode_steps
BIRD_STACKS = 7  # VSP's blocks states are seven stacks (BIRD strings)
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


def blocks_plan(reply: str, key: dict[str, Any]) -> Judgement:
    lines = reply[reply.find("<Output>") + len("<Output>\n") :].split("\n")
    moves = [line for line in (_removed(line[2:], "\"'\n.").strip() for line in lines) if line[:4] == "move"]
    stacks = _bird_stacks(key["start"])
    try:
        for move in moves:
            stacks = _blocks_move(stacks, move) or stacks
    except IndexError:
        return _verdict(False, moves, "a move line could not be split (its scorer fails the plan)")
    right = _stack_set(stacks) == _stack_set(_bird_stacks(key["goal"]))
    return _verdict(right, moves, "ends as the goal" if right else "does not end as the goal")


def _bird_stacks(stacks: list[list[str]]) -> list[list[str]]:
    letters = [[colour[0].upper() for colour in stack] for stack in stacks if stack]
    return letters + [[] for _ in range(BIRD_STACKS - len(letters))]


def _blocks_move(stacks: list[list[str]], move: str) -> list[list[str]] | None:
    """VSP's move on a copy; None when it cannot make it."""
    parts = move[len("move(") : -1].split(",")
    source, target = parts[0][0].strip().upper(), parts[1].strip()
    target = target if target == "table" else target[0].upper()
    stacks = [list(stack) for stack in stacks]
    origin = next((stack for stack in stacks if stack and stack[-1] == source), None)
    if origin is None:
        return None
    origin.pop()
    if target == "table":
        empty = next((stack for stack in stacks if not stack), None)
        if empty is not None:  # none left: the block is lost, as in its scorer
            empty.append(source)
        return stacks
    onto = next((stack for stack in stacks if stack and stack[-1] == target), None)
    if onto is None:
        return None
    onto.append(source)
    return stacks


def _stack_set(stacks: list[list[str]]) -> list[tuple[str, ...]]:
    return sorted(tuple(stack) for stack in stacks if stack)


def colour(reply: str, key: dict[str, Any]) -> Judgement:
    answer = _removed(_after(reply, "<Output>").split("\n", 1)[0], "\"'\n.*").strip()
    return _verdict(answer.lower() == str(key["answer"]).lower(), answer[:40])


def blocks_choice(reply: str, key: dict[str, Any]) -> Judgement:
    marker = "<Output>" if "<Output>" in reply else "Output"
    answer = _removed(_after(reply, marker).split("\n", 1)[0], "\"'\n.*<>:").strip()
    return _verdict(answer == key["answer"], answer[:40])


def blocks_choice_t3(reply: str, key: dict[str, Any]) -> Judgement:
    marker = "<Output>" if "<Output>" in reply else "Output"
    answer = _removed(_after(reply, marker).split("\n", 1)[0], "\"'\n.*").strip()
    return _verdict(answer.upper() == key["answer"], answer[:40])


def blocks_yes_no(reply: str, key: dict[str, Any]) -> Judgement:
    answer = _removed(_after(reply, "<Output>"), "\"'\n.").strip().lower()
    return _verdict(answer == ("yes" if key["answer"] else "no"), answer[:40])


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


Scorer = Callable[[str, dict[str, Any]], Judgement]
_BY_FORM: dict[str, Scorer] = {
    "plan": plan,
    "relation": relation,
    "blocks-plan": blocks_plan,
    "colour": colour,
}


def judge_vsp(row: KeyRow, prediction: Prediction) -> Judgement:
    """The maze and blocks questions: the key's form (and, for yes/no and choices, the
    question and the world) picks VSP's scorer."""
    if prediction.response is None:
        return NOT_A_RESPONSE
    return _scorer(row)(prediction.response, row.answer_key)


def _scorer(row: KeyRow) -> Scorer:
    form = row.answer_key["form"]
    if form == "choice":
        if row.answer_key.get("marker", "answer") == "answer":
            return choice
        return blocks_choice_t3 if row.difficulty.endswith("T3") else blocks_choice
    if form == "yes-no":
        if row.difficulty == "T1":
            return hole_yes_no
        return safety_yes_no if "maze" in row.answer_key or row.domain == "maze" else blocks_yes_no
    return _BY_FORM[form]


SOURCE_MAZE = "VSP's maze and blocks eval.py (main, T1-T4)"
SOURCE_COLLISION = "VSP's collision eval.py (person never credited)"
SOURCE_ROUTE = "VSP's google_map eval.py (net displacement)"
