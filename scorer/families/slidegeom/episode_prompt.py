"""The episode prompt of the sliding geom puzzle: iVISPAR's own, as its agent sends it.

iVISPAR's texts are kept byte for byte in ``prompts/`` (source and license in
``prompts/SOURCE.md``): the system instruction (``ICML_instruction.txt``, or
``ICML_instruction_2D.txt`` in the 2D view, whose shapes are named as drawn) with the
chain-of-thought block appended (the paper ran with ``COT: true``), and the user texts of
``GPT4Agent.act`` (``agent_systems.py``). The messages are built as that code builds them
(the paper's runs: ``max_history 2``, ``visual_state_embedding "both"``):

* image views: the system message; each recalled past step as a user message holding only
  its image, then an assistant message ``Action: <the action recorded>``; the goal image
  alone in a user message; the current image alone in a user message; the text
  ``## Analyze the Images ...`` as the last user message.
* text view: the system message; each recalled past step as a user message
  ``Previous observation i: <its board>`` and an assistant message ``Previous action i:
  <the action>`` (i counts from 1 within the recalled steps); then one user message
  ``## Analyze the States ...`` holding the goal and the current board.

Two of our options, off by default: ``last_result`` adds a user message ``## Result of
your last action`` (the validity string of the last step, which iVISPAR never shows) just
before the last user text; ``history_as="text"`` gathers the recalled steps in one user
message instead of earlier turns.

A prompt is built from shown boards: an ``<image>`` marker in the image views, the
board's geom list (``A2 blue cylinder`` lines, board-coordinate order) in the text view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from scorer.episodes.base import Message

IMAGE_MARKER = "<image>"
VIEWS = ("3d", "2d", "text")
HISTORY_FORMS = ("turns", "text")  # past steps as earlier chat turns (iVISPAR's code) or in one user message
PROMPTS = Path(__file__).parent / "prompts"
# What iVISPAR's ``Data/Params/color_codes.json`` holds for each role its prompt names
# (``active_1``, ``goal_1``, ``past``: ``type``, the label drawn in the image, and ``color``,
# the background's name; tests/fidelity/test_ivispar.py reads the file and compares).
LABELS: dict[str, tuple[str, str]] = {
    "current": ("active", "blue"),
    "goal": ("goal", "green"),
    "past": ("past", "grey"),
}
# The action iVISPAR records when a reply has no ``action: move`` (its "No valid action
# found." after ``parse_action_rmv_special_chars``).
NO_ACTION_RECORDED = "No valid action found"


@dataclass(frozen=True)
class PastStep:
    """One earlier step as the prompt recalls it: the board then, and what the agent did."""

    step: int  # 0 = the start state
    board: str  # an image marker or the board's geom lines
    action: str  # the action as iVISPAR's history records it
    feedback: str


@cache
def prompt_file(name: str) -> str:
    return (PROMPTS / name).read_text(encoding="utf-8")


def instructions(view: str, board_size: int) -> str:
    """iVISPAR's system prompt: its instruction file and the chain-of-thought block. A
    board of another size than iVISPAR's 4x4 says its own size."""
    text = prompt_file("instruction-2d.txt" if view == "2d" else "instruction-3d.txt")
    if board_size != 4:
        text = text.replace("4 by 4", f"{board_size} by {board_size}")
    return text + prompt_file("cot.txt")


def label_snippet(role: str) -> str:
    """iVISPAR's words for how an image of ``role`` is marked (``visual_state_embedding "both"``)."""
    label, colour = LABELS[role]
    return f"marked with the label {label} in the image and a {colour} background"


def episode_prompt(
    view: str,
    board_size: int,
    goal: str,
    current: str,
    past: Sequence[PastStep],
    last: PastStep | None,
    history_as: str = "turns",
    last_result: bool = False,
) -> list[Message]:
    """The whole prompt of one step; ``goal`` and ``current`` are shown boards."""
    messages = [Message("system", instructions(view, board_size))]
    text_view = view == "text"
    recalled: list[Message] = []
    for i, p in enumerate(past, 1):
        if text_view:
            recalled += [
                Message("user", f"Previous observation {i}: {p.board}"),
                Message("assistant", f"Previous action {i}: {p.action}"),
            ]
        else:
            recalled += [Message("user", p.board), Message("assistant", f"Action: {p.action}")]
    if history_as == "turns":
        messages += recalled
    elif recalled:
        messages.append(Message("user", "\n".join(m.content for m in recalled)))
    if text_view:
        final = prompt_file("user-text.txt").format(goal=goal, current=current)
    else:
        messages += [Message("user", goal), Message("user", current)]
        final = prompt_file("user-images.txt").format(
            text_snippet_active=label_snippet("current"),
            text_snippet_goal=label_snippet("goal"),
            text_snippet_past=label_snippet("past"),
        )
    if last_result and last is not None:
        messages.append(Message("user", f"## Result of your last action\n{last.action}: {last.feedback}"))
    messages.append(Message("user", final))
    return messages
