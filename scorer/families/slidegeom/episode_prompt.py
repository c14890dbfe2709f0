"""The episode prompt of the sliding geom puzzle (iVISPAR, appendix A.1).

Our own wording of what iVISPAR's instruction says: a 4x4 board (the size is the
row's), one geom per cell, a move shifts one geom one cell into a free cell, moves off
the board or onto another geom leave the board unchanged, the command is ``move
<object color> <object shape> <direction>`` without coordinates, and the reply ends
with ``action: move ...`` after its reasoning (iVISPAR's chain-of-thought suffix).

The three views get the same text; only the board stands in a different form, as the
paper keeps its prompts isomorphic across modalities. In the 2D view the shapes are
named as drawn (circle, square, triangle, hexagon), as iVISPAR's 2D prompt does; the
parser accepts both names in every view.

A prompt is built from ``Shown`` boards: an ``<image>`` marker in the image views, the
board's geom list (``A2 blue cylinder`` lines, board-coordinate order) in the text view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorer.episodes.base import Message
from scorer.families.slidegeom.board import COLOURS, DIRECTIONS, SHAPES, cell_name
from scorer.families.slidegeom.symbols_2d import SHAPE_SYMBOLS_2D

IMAGE_MARKER = "<image>"
VIEWS = ("3d", "2d", "text")


@dataclass(frozen=True)
class PastStep:
    """One earlier step as the prompt recalls it: the board then, and what the agent did."""

    step: int  # 0 = the start state
    board: str  # an image marker or the board's geom lines
    command: str | None  # the parsed command, None when the reply had none
    feedback: str


def shape_names(view: str) -> tuple[str, ...]:
    return tuple(SHAPE_SYMBOLS_2D[s] for s in SHAPES) if view == "2d" else SHAPES


def instructions(view: str, board_size: int) -> str:
    last = cell_name((board_size - 1, board_size - 1))
    seen = "as text: one line per geom, its cell then its colour and shape" if view == "text" else "as images"
    return (
        "You are playing the sliding geom puzzle. "
        f"The board has {board_size}x{board_size} cells; columns are lettered from the left (A is the leftmost) "
        f"and rows numbered from the bottom (1 is the lowest), so A1 is the bottom-left cell and {last} the "
        "top-right one. Each geom is a colour and a shape, and each cell holds at most one geom. "
        "Your task is to rearrange the geoms until the board matches the goal state, one move at a time. "
        "A move shifts one geom by one cell left, right, up or down into an empty cell. A move that would "
        "leave the board or land on another geom is invalid and leaves the board unchanged, as does a reply "
        f"without a valid command. You see the goal state and the current state {seen}, and a few of your "
        "previous steps.\n\n"
        "Write each move as: move <object color> <object shape> <direction>\n"
        f"Colors: {', '.join(COLOURS)}. Shapes: {', '.join(shape_names(view))}. "
        f"Directions: {', '.join(DIRECTIONS)}. Do not use coordinates in the command."
    )


HISTORY_FORMS = ("turns", "text")  # past steps as earlier chat turns (iVISPAR's code) or inside the user message


def episode_prompt(
    view: str,
    board_size: int,
    goal: str,
    current: str,
    step: int,
    past: Sequence[PastStep],
    last: PastStep | None,
    history_as: str = "turns",
) -> list[Message]:
    """The whole prompt of one step; ``goal`` and ``current`` are shown boards. The
    instructions are the system message and the rest the user's, as iVISPAR's code sends
    them: its system prompt, then each past step as an earlier turn (the board then as a
    user message, the command as the assistant's ``Action: ...``), then the goal, the
    current board and the step's text. ``history_as="text"`` recalls the past steps inside
    the one user message instead."""
    parts = []
    earlier: list[Message] = []
    if past and history_as == "turns":
        for p in past:
            earlier += [
                Message("user", f"State at step {p.step}:{_board(p.board)}"),
                Message("assistant", f"Action: {_said(p)}"),
            ]
    elif past:
        recalled = [f"State at step {p.step}:{_board(p.board)}\nYour action: {_said(p)}" for p in past]
        parts.append("## Previous steps\n" + "\n\n".join(recalled))
    parts.append(f"## Goal state{_board(goal)}")
    parts.append(f"## Current state (step {step}){_board(current)}")
    if last is not None:
        parts.append(f"## Result of your last action\n{_said(last)}: {last.feedback}")
    parts.append(
        "## Your move\nThink step by step: compare the current state with the goal state, then choose one "
        "move. End your reply with:\naction: move <object color> <object shape> <direction>"
    )
    return [Message("system", instructions(view, board_size)), *earlier, Message("user", "\n\n".join(parts))]


def _board(shown: str) -> str:
    # An image marker goes on the heading's line; a text board below it.
    return f" {shown}" if shown == IMAGE_MARKER else f"\n{shown}"


def _said(step: PastStep) -> str:
    return step.command if step.command is not None else "(no valid command)"
