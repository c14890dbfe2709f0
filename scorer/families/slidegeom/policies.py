"""The scripted players of sliding geom episodes and the reference logs of the mode.

``optimal`` replies with the first move of an A* path from the current placement;
``random`` with a move drawn uniformly from those that change the board (iVISPAR's
random agent). Gold replays the optimal moves, one ``action: move ...`` per reply;
wrong names a geom that is not on the board at every step (an illegal command), so it
never completes.
"""

from __future__ import annotations

import random
from typing import Any

from scorer.families.slidegeom.board import ALL_GEOMS
from scorer.families.slidegeom.moves import command_for_move
from scorer.families.slidegeom.search import legal_moves, solve
from scorer.families.slidegeom.tracking import believed_placement
from scorer.io.dataset import KeyRow
from scorer.registry.family import PolicyTurn


def optimal(turn: PolicyTurn) -> str:
    board, placement = believed_placement(turn.row, turn.memory, turn.info)
    path = solve(board.size, placement, board.goal) or ()
    return f"action: {command_for_move(board, path[0]).text}" if path else "action: done"


def random_move(turn: PolicyTurn, rng: random.Random) -> str:
    board, placement = believed_placement(turn.row, turn.memory, turn.info)
    return f"action: {command_for_move(board, rng.choice(legal_moves(board.size, placement))).text}"


def reference(kind: str, row: KeyRow) -> dict[str, Any]:
    if kind == "gold":
        replies = [f"action: {command}" for command in row.answer_key["optimal_moves"]]
    else:
        on_board = set(row.meta["geoms"])
        absent = next((g.name for g in ALL_GEOMS if g.name not in on_board), None)
        # Every geom on the board (16 of them) leaves no absent one: then no command at all.
        wrong = f"action: move {absent} left" if absent else "action: none"
        replies = [wrong] * int(row.meta["max_steps"])
    return {"episode": {"settings": {"mode": "slidegeom"}, "replies": replies}}
