"""Reading a reply as AsgardBench's runner reads it (its model_tester and prompt code).

**Action.** The last ``Action: VERB Object`` from ``<answer>`` on (from the start when
there is no ``<answer>``): ``Action:`` and an upper-case verb are required, the object is
one word. The verb is then matched against the 12 verbs and the object against the
AVAILABLE OBJECTS, both without case. Either failing makes an invalid-format step that
still enters the history as written (``JUMP Mug``, ``FIND Unicorn``); a reply with no
Action line is the step ``None None``, left out of the history shown; an empty reply is
the step ``empty_response`` (AsgardBench's client raises on an empty reply and its runner
records that).

**Memory.** The text after the first "things to remember" (else "things i want to
remember"), in any case and anywhere in the reply, with ``:``, ``*`` and newlines trimmed
from its ends, up to the first blank line.

**Suggested plan.** Inside ``<answer> ... </answer>`` (the whole reply when there is no
``<answer>``): the lines after the line holding "suggested plan sequence" (any case; the
rest of that line is dropped), up to a line starting with "action:", "things to
remember" or "things i want to remember" (any case).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scorer.families.kitchen import strings as S
from scorer.families.kitchen.rules import VERBS

_ACTION = re.compile(r"Action:\s*([A-Z_]+\s+\w+)")
_MEMORY_HEADERS = ("things to remember", "things i want to remember")
_PLAN_HEADER = "suggested plan sequence"
_PLAN_ENDS = ("\naction:", "\nthings to remember", "\nthings i want to remember")


@dataclass(frozen=True)
class Reading:
    """What AsgardBench's runner takes from a reply: the verb and the object as it records
    them, and whether both are valid (else the step is an invalid-format failure)."""

    verb: str | None
    kind: str | None
    valid: bool

    @property
    def entry(self) -> str:
        """The step as AsgardBench's history records it: ``FIND Mug``, ``None None``, ..."""
        return f"{self.verb} {self.kind}"


def _one_of(word: str, choices: list[str] | tuple[str, ...]) -> str | None:
    return next((choice for choice in choices if choice.lower() == word.lower()), None)


def read_action(reply: str, available: list[str]) -> Reading:
    if reply == "":
        return Reading(S.EMPTY_RESPONSE, "", False)
    start = reply.find("<answer>")
    found = _ACTION.findall(reply[max(start, 0) :])
    if not found:
        return Reading(None, None, False)
    content = found[-1].strip()
    pieces = content.split()
    if len(pieces) < 2:
        return Reading(content, None, False)
    verb, kind = _one_of(pieces[0], VERBS), _one_of(pieces[1], available)
    return Reading(verb or pieces[0], kind or pieces[1], verb is not None and kind is not None)


def read_memory(reply: str) -> str:
    lowered = reply.lower()
    for header in _MEMORY_HEADERS:
        at = lowered.find(header)
        if at >= 0:
            return reply[at + len(header) :].strip(":\n*").split("\n\n")[0].strip()
    return ""


def read_plan(reply: str) -> str:
    start, end = reply.find("<answer>"), reply.find("</answer>")
    section = reply if start < 0 else reply[start:] if end < 0 else reply[start:end]
    at = section.lower().find(_PLAN_HEADER)
    if at < 0:
        return ""
    rest = section[at:]
    newline = rest.find("\n")
    if newline < 0:
        return ""
    rest = rest[newline + 1 :]
    lowered = rest.lower()
    ends = [p for p in (lowered.find(marker) for marker in _PLAN_ENDS) if p >= 0]
    return rest[: min(ends, default=len(rest))].strip()
