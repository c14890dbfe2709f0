"""How a model moves a geom, and what the move does (iVISPAR).

**Parsing.** A reply holds reasoning that ends in ``move <colour> <shape> <direction>``;
the LAST complete command in the reply counts, wherever it stands. Rules:

- case-insensitive (ASCII); ``*`` and ``#`` are removed first (markdown), and newlines
  are whitespace, as in iVISPAR's ``parse_action``;
- the four words must follow each other separated by whitespace only: ``Action: move
  red cube left.`` and ``**move** Red Cube LEFT`` are commands, ``move the red cube
  left``, ``move red-cube left`` and ``move red_cube left`` are not (the instructed
  format is the four words);
- the 2D view's shape names count as the 3D shapes: circle = sphere, square = cube,
  triangle = pyramid, hexagon = cylinder;
- anything else in the reply is skipped, including a trailing repeat count: ``move red
  cube left 2`` is one move (iVISPAR's Unity side would repeat it; the paper's agents
  make one move per step).

iVISPAR's Python side only looks after the last ``action: move`` marker. We do not
require the marker (the reply's last command is the same thing when it is there), so
a reply that states its move without the marker still counts.

The command syntax is the lark grammar ``move.lark``, used
as ``yes_no.lark`` is: only its lexer runs, then a scan keeps the last run of the four
keyword tokens. Linear time on any input.

**Classifying.** ``classify`` applies a command to a placement and names the outcome
as the paper's action classes: effective (the A* distance to the goal drops),
ineffective (it rises; never unchanged, see ``search``), occupied destination, out of
bounds, or illegal command (nothing parsable, or a geom that is not on the board). The
feedback texts are iVISPAR's validity strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from lark import Token

from scorer.families.slidegeom.board import Board, Geom, Placement, in_bounds
from scorer.families.slidegeom.search import Move, distance, move_target
from scorer.readers.lexing import grammar_tokens

GRAMMAR_PATH = Path(__file__).resolve().parent / "move.lark"
SHAPE_SYNONYMS = {"circle": "sphere", "square": "cube", "triangle": "pyramid", "hexagon": "cylinder"}
_COMMAND_TOKENS = ("MOVE", "COLOUR", "SHAPE", "DIRECTION")

# iVISPAR's validity strings (Unity's TurnManager), word for word.
LEGAL_MOVE = "was legal move"
DESTINATION_OCCUPIED = "Destination occupied"
DESTINATION_OUT_OF_BOUNDS = "Destination out of bounds"
NOT_A_LEGAL_COMMAND = "not a legal command"
NOT_A_VALID_OBJECT = "{colour} {shape} is not a valid object"


class MoveClass(StrEnum):
    """The paper's action classes (figure 5, top)."""

    EFFECTIVE = "effective"
    INEFFECTIVE = "ineffective"
    OCCUPIED = "occupied destination"
    OUT_OF_BOUNDS = "out of bounds"
    ILLEGAL = "illegal command"
    # iVISPAR's reading only (``ivispar_parse``): "<colour> <shape> is not a valid object",
    # which its action classes leave out of every bucket.
    UNCOUNTED = "uncounted"


@dataclass(frozen=True)
class MoveCommand:
    colour: str
    shape: str  # always a 3D shape name: synonyms are already mapped
    direction: str

    @property
    def geom(self) -> Geom:
        return Geom(self.colour, self.shape)

    @property
    def text(self) -> str:
        return f"move {self.colour} {self.shape} {self.direction}"


@dataclass(frozen=True)
class Outcome:
    move_class: MoveClass
    feedback: str  # iVISPAR's validity string

    @property
    def changed_board(self) -> bool:
        return self.move_class in (MoveClass.EFFECTIVE, MoveClass.INEFFECTIVE)


def parse_command(reply: str) -> MoveCommand | None:
    """The last complete move command in ``reply`` (see the module doc); None if none."""
    tokens = list(grammar_tokens(GRAMMAR_PATH, "reply", reply.replace("*", "").replace("#", "")))
    for end in range(len(tokens), len(_COMMAND_TOKENS) - 1, -1):
        window = tokens[end - len(_COMMAND_TOKENS) : end]
        if tuple(t.type for t in window) == _COMMAND_TOKENS:
            return _command(window)
    return None


def command_for_move(board: Board, move: Move) -> MoveCommand:
    """The command that makes a native move: ``(0, "left")`` -> ``move red cube left``."""
    geom_index, direction = move
    geom = board.geoms[geom_index]
    return MoveCommand(geom.colour, geom.shape, direction)


def classify(board: Board, placement: Placement, command: MoveCommand | None) -> tuple[Outcome, Placement]:
    """What ``command`` does to ``placement``: the outcome and the placement after it
    (unchanged unless the move is effective or ineffective)."""
    if command is None:
        return Outcome(MoveClass.ILLEGAL, NOT_A_LEGAL_COMMAND), placement
    geom_index = board.index_of(command.geom)
    if geom_index is None:
        feedback = NOT_A_VALID_OBJECT.format(colour=command.colour, shape=command.shape)
        return Outcome(MoveClass.ILLEGAL, feedback), placement
    move = (geom_index, command.direction)
    target = move_target(placement, move)
    if not in_bounds(board.size, target):
        return Outcome(MoveClass.OUT_OF_BOUNDS, DESTINATION_OUT_OF_BOUNDS), placement
    if target in placement:
        return Outcome(MoveClass.OCCUPIED, DESTINATION_OCCUPIED), placement
    after = placement[:geom_index] + (target,) + placement[geom_index + 1 :]
    closer = distance(board.size, after, board.goal) < distance(board.size, placement, board.goal)
    return Outcome(MoveClass.EFFECTIVE if closer else MoveClass.INEFFECTIVE, LEGAL_MOVE), after


def _command(window: list[Token]) -> MoveCommand:
    _, colour, shape, direction = (t.value.lower() for t in window)
    return MoveCommand(colour, SHAPE_SYNONYMS.get(shape, shape), direction)
