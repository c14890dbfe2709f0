"""Reading and judging blocks answers: a plan of ``move(SOURCE, TARGET)`` lines (the main
task) and a colour after ``<Output>`` (T1). T2 and T3 are letters and T4 is Yes/No
(``short_answers``).

**Plan: where it is.** The text after the last ``<Output>`` marker (as ``short_answers``
finds it; without one, the whole reply). Every ``move(a, b)`` there counts, in order,
one or more a line (the enumeration "1." and markdown around it do not matter); text
between moves is ignored, as VSP's scorer ignored lines that are not moves. A block is
named by its colour (any case; "red" or "red block") or the word ``table`` as target.
Anything else inside ``move(...)`` makes the reply unparsable and is named; so does a
reply with no move at all after the marker ("empty plan").

**Plan: judging.** The moves are made in turn from the start state. Every move must be
legal (``blocks.apply``); the first illegal one fails the plan and the detail says why.
VSP's scorer silently skipped illegal moves, so a plan it passed can fail here. The plan
succeeds when the final state is the end state, stacks in any order (VSP: "the order of
the stacks doesn't matter"); it is optimal when it also has the shortest length.

**Colour (T1).** The first of the six colour words after the last ``<Output>``.
"""

from __future__ import annotations

import re
from typing import Any

from scorer.families.vsp.blocks import COLOURS, TABLE, IllegalMove, Move, Stacks, apply, same
from scorer.families.vsp.blocks_text import pure_text
from scorer.families.vsp.short_answers import after_last_marker
from scorer.tasks.base import Judgement, Reason

_MOVE = re.compile(r"move\s*\(([^()]*)\)", re.IGNORECASE)
_COLOUR = re.compile(r"\b(" + "|".join(COLOURS) + r")\b", re.IGNORECASE)
_NAME = re.compile(r"[\s\"'`*_]*([a-z]+)(?:\s+block)?[\s\"'`*_.]*", re.IGNORECASE)


class UnreadablePlan(ValueError):
    """A reply whose plan cannot be read (the message says where)."""


def read_moves(reply: str) -> list[Move]:
    """The moves after the last ``<Output>``; raises UnreadablePlan."""
    moves = []
    for number, found in enumerate(_MOVE.finditer(after_last_marker(reply, "output")), start=1):
        parts = found[1].split(",")
        if len(parts) != 2:
            raise UnreadablePlan(f"move {number}, {found[0][:60]!r}: expected move(SOURCE, TARGET)")
        source, target = (_name(part, number) for part in parts)
        if source == TABLE:
            raise UnreadablePlan(f"move {number}, {found[0][:60]!r}: the table cannot be moved")
        moves.append(Move(source, target))
    if not moves:
        raise UnreadablePlan("empty plan: no move(SOURCE, TARGET) after <Output>")
    return moves


def _name(part: str, number: int) -> str:
    found = _NAME.fullmatch(part)
    word = found[1].lower() if found else ""
    if word not in (*COLOURS, TABLE):
        raise UnreadablePlan(f"move {number}: {part.strip()[:40]!r} is not a colour ({', '.join(COLOURS)}) or table")
    return word


def judge_blocks_plan(reply: str, start: Stacks, goal: Stacks, optimal_length: int) -> Judgement:
    """Parsed: the number of moves, the shortest length and whether the plan is optimal."""
    try:
        moves = read_moves(reply)
    except UnreadablePlan as error:
        return Judgement(0.0, Reason.UNPARSABLE, detail=str(error))
    parsed: dict[str, Any] = {"moves": len(moves), "optimal_length": optimal_length, "optimal": False}
    state = start
    for number, move in enumerate(moves, start=1):
        try:
            state = apply(state, move)
        except IllegalMove as error:
            return Judgement(0.0, Reason.WRONG, parsed, f"move {number}, {move}, is illegal: {error}")
    if not same(state, goal):
        ending = "; ".join(pure_text(state).replace("- Stack with ", "").splitlines())
        return Judgement(
            0.0, Reason.WRONG, parsed, f"after {len(moves)} moves the stacks are not the end state: {ending}"
        )
    parsed["optimal"] = len(moves) == optimal_length
    return Judgement(
        1.0, Reason.CORRECT, parsed, f"reaches the end state in {len(moves)} moves (shortest {optimal_length})"
    )


def read_colour(reply: str) -> str | None:
    found = _COLOUR.search(after_last_marker(reply, "output"))
    return found[1].lower() if found else None
