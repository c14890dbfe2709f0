"""What a family supplies to play ViPlan's planner and grounder modes (ViPlan, section 4.2).

The two modes (``viplan_planner``, ``viplan_grounder``) run the loop; a *world* built
from one row gives them everything particular to the domain: the PDDL task, how a state
is shown, the prompts' words, how a reply's JSON names an action, and the action
failures the domain can suffer. Worlds hold no episode state: every method is a
function of the row and of the state it is given, so replay is exact.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scorer.episodes.base import Message, Observation
from scorer.io.dataset import KeyRow
from scorer.pddl import GroundAction, Task

UNPARSABLE = "unparsable"


@dataclass(frozen=True)
class ActionChoice:
    """What a planner reply asked for: a ground PDDL action, or why there is none.

    ``entry`` is the feedback entry's description of the action (ViPlan's ``action`` and
    ``parameters`` fields) when there is one; ``error`` is an outcome word (``unparsable``
    or a world's own, e.g. ViPlan's "action does not exist"). An error's entry is
    ``{"action": raw_name}`` unless the world gives its own ``entry``.
    """

    pddl_name: str | None = None
    entry: dict[str, Any] | None = None
    error: str | None = None
    raw_name: str | None = None  # the action name the reply wrote, shown with an error


@dataclass(frozen=True)
class FailureDraw:
    """An action failure (ViPlan's simulator): nothing happens, or another action runs."""

    kind: str  # "none", "noop", or the world's name of a substitution
    substitute: str | None = None  # the PDDL action that runs instead, for a substitution


NO_FAILURE = FailureDraw("none")


@dataclass(frozen=True)
class FeedbackWords:
    """The outcome and info strings of the planner's feedback entries (ViPlan's client)."""

    success_outcome: str = "success"
    success_info: str | None = "success"  # None: the entry has no info field
    illegal_outcome: str = "failure"
    illegal_info: str | None = "not legal"
    # A legal action the failure injection turned into nothing: ViPlan's simulator reports
    # it legal (the success outcome) with this info.
    noop_info: str | None = "no-op"


class ViplanWorld(Protocol):
    row: KeyRow
    task: Task
    views: tuple[str, ...]  # how a state can be shown; the first is the default
    feedback: FeedbackWords
    max_actions: int  # the grounder's default limit on executed actions
    enumerates: bool  # False: the grounder starts from the true initial state

    def max_steps(self) -> int:
        """The planner's step limit for the row."""
        ...

    def observe(self, view: str, messages: Sequence[Message], state: int) -> Observation:
        """``messages`` (one ``<image>`` marker in all) with ``state`` shown in ``view``."""
        ...

    def planner_prompt(self, output: str, cot: bool, previous_actions: str, state: int) -> list[Message]:
        """The planner's prompt as ViPlan's code sends it, a system and a user message (one
        ``<image>`` marker): goal, actions, feedback so far, and any privileged "additional
        information" the world gives about ``state``."""
        ...

    def ground_prompt(self, question: str, cot: bool) -> list[Message]:
        """The grounder's prompt for one question (ViPlan's Ground or Ground + CoT, one
        ``<image>`` marker); ``scorer.tasks.ground.ground_messages`` builds it, the world
        placing its description of the scene where its paper did."""
        ...

    def plan(self, state: int) -> list[str] | None:
        """An optimal plan from ``state`` (PDDL action names; None when none is found): the
        grounder's symbolic planner and the scripted optimal planner's reply."""
        ...

    def question(self, atom: str) -> str:
        """The yes/no question that grounds ``atom``, e.g. '(on r g)'."""
        ...

    def visible(self, state: int, atom: str) -> bool:
        """Whether ``atom`` can be asked about in ``state``; the grounder takes the truth
        of an atom that cannot (ViPlan asks only about visible objects in its
        partially observable home)."""
        ...

    def parse_action(self, reply: str, state: int) -> ActionChoice:
        """The action a planner reply asks for, matched against the task's objects
        (reply text is never spliced into PDDL)."""
        ...

    def paper_action(self, document: dict[str, Any], previous_first: Any, state: int) -> tuple[ActionChoice, Any]:
        """What the paper's planning loop makes of a parsed reply (setting ``parser:
        paper``): the action, or its outcome word (``UNPARSABLE`` where its loop stops),
        and the plan entry its loop keeps for the next step (``previous_first``: the last
        one kept, None at first)."""
        ...

    def action_json(self, pddl_name: str) -> dict[str, Any]:
        """``pddl_name`` in the JSON form a reply writes (the scripted players use it)."""
        ...

    def draw_failure(self, rng: random.Random, fail_prob: float, state: int, pddl_name: str) -> FailureDraw:
        """Whether running ``pddl_name`` in ``state`` fails, and how (NO_FAILURE if never)."""
        ...


def viplan_call(pddl_name: str) -> str:
    """``(moveblock r c1)`` -> ``moveblock(r, c1)``, the form ViPlan's feedback and memory show."""
    name, *args = pddl_name.strip("()").split()
    return f"{name}({', '.join(args)})"


def viplan_pddl_name(call: str) -> str:
    """``moveblock(r, c1)`` -> ``(moveblock r c1)``: ViPlan's ``str(action)`` as a PDDL name."""
    name, _, arguments = call.partition("(")
    return f"({' '.join([name.strip(), *(a.strip() for a in arguments.rstrip(')').split(',') if a.strip())])})"


def forced(task: Task, state: int, action: GroundAction) -> int:
    """``state`` after ``action``'s PDDL effects, whether or not its preconditions hold there:
    a paper's simulator ran it (a replay of its released run)."""
    if task.is_applicable(state, action):
        return task.successor(state, action)
    add, delete = action.effect_masks(state)
    return (state & ~delete) | add
