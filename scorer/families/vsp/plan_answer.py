"""Reading and judging a maze plan: "Action plan: L,L,R,U,D" (VSP's main task).

**Reading.** Only the text after the last "Action plan:" counts (any case; markdown
such as ``**Action plan:**`` around it is fine), up to the end of that line: VSP asks
for nothing after it, and a model that first quotes the format and then answers is
judged by its answer. The line is split on commas and white space, each piece stripped
of quotes, brackets, dots and markdown. A piece is a move when it is L, R, U or D, the
words Left, Right, Up or Down, or a run of the four letters ("LLRUD": VSP calls the
plan "a string concatenated action"); case does not matter. Any other piece makes the
plan unreadable (``unparsable``, naming the piece): VSP's scorer failed such plans
silently through an exception; we say why.

**Judging** (VSP's simulation): the moves are played from the player's cell; a move off
the edge does nothing; the plan succeeds when it reaches the goal without falling into
a hole, and moves after the goal are ignored. An empty plan never leaves the start,
which is never the goal. Optimality is reported beside success: a successful plan is
optimal when it reaches the goal in as many moves as the shortest safe path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from scorer.families.vsp.maze import Maze, play
from scorer.families.vsp.maze_text import where
from scorer.tasks.base import Judgement, Reason

_MARKER = re.compile(r"action\s+plan\s*\**\s*:", re.IGNORECASE)
_SEPARATORS = re.compile(r"[,\s]+")
_STRIP = "\"'`*_.()[]{}<>;:"
_WORDS = {"LEFT": "L", "RIGHT": "R", "UP": "U", "DOWN": "D"}
_LETTERS = re.compile(r"[LRUD]+")


@dataclass(frozen=True)
class ReadPlan:
    moves: str | None  # None when unreadable
    problem: str = ""  # why it is unreadable


def read_plan(reply: str) -> ReadPlan:
    markers = list(_MARKER.finditer(reply))
    if not markers:
        return ReadPlan(None, "no 'Action plan:' in the reply")
    line = reply[markers[-1].end() :].split("\n", 1)[0]
    moves = []
    for piece in _SEPARATORS.split(line):
        shown = piece.strip(_STRIP)
        token = shown.upper()
        if not token:
            continue
        if token in _WORDS:
            moves.append(_WORDS[token])
        elif _LETTERS.fullmatch(token):
            moves.append(token)
        else:
            return ReadPlan(None, f"unknown move {shown[:40]!r} in the plan (moves are L, R, U, D)")
    return ReadPlan("".join(moves))


def judge_plan(reply: str, maze: Maze, optimal_length: int) -> Judgement:
    """Parsed: the moves read, the moves played (up to the goal or a hole), the shortest
    length and whether the plan is optimal; the detail says how the play ended."""
    read = read_plan(reply)
    if read.moves is None:
        return Judgement(0.0, Reason.UNPARSABLE, detail=read.problem)
    moves = read.moves
    outcome = play(maze, moves)
    reached = outcome.end == "goal"
    parsed: dict[str, Any] = {
        "moves": len(moves),
        "played": outcome.steps,
        "optimal_length": optimal_length,
        "optimal": reached and outcome.steps == optimal_length,
    }
    if reached:
        ignored = len(moves) - outcome.steps
        detail = f"reaches the goal in {outcome.steps} moves (shortest {optimal_length})"
        detail += f"; {ignored} moves after the goal ignored" if ignored else ""
        return Judgement(1.0, Reason.CORRECT, parsed, detail)
    if not moves:
        detail = "empty plan: the player stays at the start"
    elif outcome.end == "hole":
        detail = f"falls into the hole at {where(outcome.cell)} on move {outcome.steps}"
    else:
        detail = f"ends at {where(outcome.cell)} after {outcome.steps} moves, not at the goal"
    return Judgement(0.0, Reason.WRONG, parsed, detail)
