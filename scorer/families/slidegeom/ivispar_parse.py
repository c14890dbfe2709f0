"""iVISPAR's own reading of a reply, reproduced exactly: its two layers (notes in
``../shared/anchors/ivispar_asgard.md``, 1.5; ours is ``moves.parse_command``).

**Python side** (the agent's ``parse_action``, then ``parse_action_rmv_special_chars``):
newlines become spaces, ``*`` and ``#`` are removed, the text is lower-cased, the 2D
shape names become the 3D ones (circle -> sphere, square -> cube, triangle -> pyramid,
hexagon -> cylinder, as substrings); the command is ``"move " +`` what follows the LAST
``action: move ``, or the literal "No valid action found." when there is none. Then
``\\ / * ? : " < > |`` are removed, tabs and newlines become spaces, every other
character that is not a letter, digit or whitespace is removed, ``'`` stripped at the
ends and whitespace runs collapsed.

**Unity side** (``TurnManager.decodeCommand``, a substring reader): lower-cased; the
command is the first of move, start, reset, done contained in it (the Python side always
writes "move" first); the object, the first of cube, tile, sphere, cylinder, pyramid,
cone, prism contained in it (list order, not text order); its colour, the space-separated
word just before the LAST word equal to the object word ("move the red cube left" is red
cube: the words need not be adjacent); the
direction, the first of left, right, up, down contained in it (list order); a repeat
count, the first run of digits, else the first of one..ten contained in it ("often"
holds "ten"), else 1: the move runs that many times in the one step.

A command that is not a move is "not a legal command". A colour and shape that name no
geom of the board is "<colour> <shape> is not a valid object" (Unity checks the object
first, whatever the direction); a move of a real geom with no direction is "not a legal
command" (Unity runs it with an empty direction, which moves nothing; we could not see
what it logs). "<colour> <shape> is not a valid object" is which iVISPAR's action classes leave uncounted
(``compile_mistakes_advanced``): ``MoveClass.UNCOUNTED``. A step's class compares the A*
distance before and after all its repeats (as iVISPAR's classes compare consecutive
steps); its feedback is the last repeat's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scorer.families.slidegeom.board import Board, Placement
from scorer.families.slidegeom.moves import NOT_A_LEGAL_COMMAND, MoveClass, MoveCommand, Outcome, classify
from scorer.families.slidegeom.search import distance

PY_MARKER = "action: move "
NO_ACTION = "No valid action found."
SHAPES_2D = (("circle", "sphere"), ("square", "cube"), ("triangle", "pyramid"), ("hexagon", "cylinder"))
COMMANDS = ("move", "start", "reset", "done")
OBJECTS = ("cube", "tile", "sphere", "cylinder", "pyramid", "cone", "prism")
DIRECTIONS = ("left", "right", "up", "down")
NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_CLEANING = (
    (re.compile(r'[\\/*?:"<>|]'), ""),
    (re.compile(r"[\r\n\t]"), " "),
    (re.compile(r"[^a-zA-Z0-9\s]"), ""),
    (re.compile(r"^[\\/]+"), ""),
)


@dataclass(frozen=True)
class UnityCommand:
    """What Unity decoded: the command word, the object and its colour, the direction
    and the repeat count (empty strings where nothing was found)."""

    sent: str  # the text the Python side sent
    command: str
    shape: str
    colour: str
    direction: str
    repetition: int

    @property
    def is_move(self) -> bool:
        return self.command == "move" and self.direction != ""


def python_side(reply: str) -> str:
    """The command text iVISPAR's agent sends for a reply."""
    text = reply.replace("\n", " ").replace("*", "").replace("#", "").strip().lower()
    for shape_2d, shape_3d in SHAPES_2D:
        text = text.replace(shape_2d, shape_3d)
    at = text.rfind(PY_MARKER)
    action = NO_ACTION if at == -1 else "move " + text[at + len(PY_MARKER) :].strip()
    for pattern, replacement in _CLEANING:
        action = pattern.sub(replacement, action)
    return re.sub(r"\s+", " ", action.strip("'").strip()).strip()


def unity_side(sent: str) -> UnityCommand:
    """Unity's decodeCommand of the text it received."""
    text = sent.lower()
    command = _first_contained(COMMANDS, text)
    shape = _first_contained(OBJECTS, text)
    colour = ""
    if shape:
        words = text.split(" ")
        for index, word in enumerate(words):
            if word == shape:  # the last such word wins (never the first word: the command starts with "move")
                colour = words[index + 1] if shape == "tile" and index + 1 < len(words) else words[index - 1]
    direction = _first_contained(DIRECTIONS, text)
    return UnityCommand(sent, command, shape, colour, direction, _repetition(text, shape))


def _first_contained(words: tuple[str, ...], text: str) -> str:
    return next((word for word in words if word in text), "")


def _repetition(text: str, shape: str) -> int:
    if shape == "tile":
        return 1
    digits = re.search(r"\d+", text)
    if digits:
        return int(digits.group()[:6])  # bounded: a megabyte of digits is not a count to run
    return next((n for n, word in enumerate(NUMBER_WORDS, start=1) if word in text), 1)


def ivispar_command(reply: str) -> UnityCommand:
    """A reply read through both layers."""
    return unity_side(python_side(reply))


def ivispar_step(board: Board, placement: Placement, reply: str) -> tuple[str, Outcome, Placement]:
    """One step read as iVISPAR reads it: the command sent, the step's outcome and the
    placement after all its repeats."""
    decoded = ivispar_command(reply)
    if decoded.command != "move":
        return decoded.sent, Outcome(MoveClass.ILLEGAL, NOT_A_LEGAL_COMMAND), placement
    move = MoveCommand(decoded.colour, decoded.shape, decoded.direction)
    if board.index_of(move.geom) is None:
        return (
            decoded.sent,
            Outcome(MoveClass.UNCOUNTED, f"{decoded.colour} {decoded.shape} is not a valid object"),
            placement,
        )
    if not decoded.direction:
        return decoded.sent, Outcome(MoveClass.ILLEGAL, NOT_A_LEGAL_COMMAND), placement
    before, outcome = placement, Outcome(MoveClass.ILLEGAL, NOT_A_LEGAL_COMMAND)
    for _ in range(min(decoded.repetition, board.size)):  # more repeats than cells all fail the same way
        outcome, placement = classify(board, placement, move)
    if placement != before:
        closer = distance(board.size, placement, board.goal) < distance(board.size, before, board.goal)
        outcome = Outcome(MoveClass.EFFECTIVE if closer else MoveClass.INEFFECTIVE, outcome.feedback)
    return decoded.sent, outcome, placement
