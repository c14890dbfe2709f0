"""Track a sliding geom episode's placement from the row and the server's step info.

The board starts as the row says; after each step the info names the command the
server read and its action class, and only effective and ineffective moves change the
board. Moves never fail at random here, so the belief is always the true placement.
"""

from __future__ import annotations

from typing import Any

from scorer.families.slidegeom.board import Board, Placement
from scorer.families.slidegeom.episode import row_board
from scorer.families.slidegeom.moves import MoveClass, parse_command
from scorer.families.slidegeom.search import apply_move
from scorer.io.dataset import KeyRow

_BOARD_CHANGING = (MoveClass.EFFECTIVE.value, MoveClass.INEFFECTIVE.value)


def believed_placement(row: KeyRow, memory: dict[str, Any], info: dict[str, Any]) -> tuple[Board, Placement]:
    """The board and the placement after the last step's ``info`` (updated in ``memory``)."""
    board = memory.setdefault("board", row_board(row))
    placement = memory.setdefault("placement", board.start)
    if info.get("move_class") in _BOARD_CHANGING and info.get("command"):
        command = parse_command(info["command"])
        index = board.index_of(command.geom) if command else None
        if command is not None and index is not None:
            placement = apply_move(board.size, placement, (index, command.direction))
    memory["placement"] = placement
    return board, placement
