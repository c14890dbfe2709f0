"""Reading a reply as AsgardBench's runner reads it.

The action is the last ``Action: VERB Object`` from ``<answer>`` on (from the start when
there is no ``<answer>``), with AsgardBench's pattern: ``Action:`` and an upper-case
verb are required. The verb is then matched case-insensitively against the 12 verbs
and the object against the AVAILABLE OBJECTS. The memory is the text after THINGS TO
REMEMBER up to the first blank line; the suggested plan the text after "suggested plan
sequence" inside ``<answer>``, up to the Action line or the memory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scorer.families.kitchen import strings as S
from scorer.families.kitchen.rules import VERBS

_ACTION = re.compile(r"Action:\s*([A-Z_]+\s+\w+)")
_PLAN_END = re.compile(r"\n\s*(action:|things to remember)", re.IGNORECASE)


@dataclass(frozen=True)
class ParsedAction:
    verb: str | None  # None: unparsable, ``problem`` says why
    kind: str | None
    problem: str = ""

    @property
    def text(self) -> str:
        return f"{self.verb} {self.kind}"


def parse_action(reply: str, available: list[str]) -> ParsedAction:
    start = reply.find("<answer>")
    matches = _ACTION.findall(reply[start:] if start >= 0 else reply)
    if not matches:
        return ParsedAction(None, None, S.NOT_FOUND)
    verb_text, kind_text = matches[-1].split()
    verb = next((v for v in VERBS if v == verb_text.upper()), None)
    if verb is None:
        return ParsedAction(None, None, S.INVALID_ACTION)
    kind = next((k for k in available if k.lower() == kind_text.lower()), None)
    if kind is None:
        return ParsedAction(None, None, S.INVALID_OBJECT)
    return ParsedAction(verb, kind)


def parse_memory(reply: str) -> str:
    for mark in (S.REMEMBER_MARK, S.REMEMBER_FALLBACK):
        at = reply.find(mark)
        if at >= 0:
            rest = reply[at + len(mark) :].lstrip(":* \t").lstrip("\n")
            return rest.split("\n\n", 1)[0].strip()
    return ""


def parse_plan(reply: str) -> str:
    start = reply.find("<answer>")
    answer = reply[start:] if start >= 0 else ""
    at = answer.lower().find(S.PLAN_MARK)
    if at < 0:
        return ""
    rest = answer[at + len(S.PLAN_MARK) :].lstrip(":* \t")
    end = _PLAN_END.search(rest)
    return (rest[: end.start()] if end else rest).strip()
