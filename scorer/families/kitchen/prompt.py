"""The kitchen mode's prompt: AsgardBench's own (its appendix A.9), rendered from its
template files (``prompts/``, MIT, unchanged) by our reader of its template
language.

A template is lines of ``CODES | text``: the text is kept when every code holds (``*``
always holds); indented ``| text`` lines continue the line above; within a
``[-------- ... --------]`` group only the first line whose codes hold is kept (a ``*``
line is the group's fallback). The codes are one letter and the values allowed
(``Fsd``: feedback simple or detailed): ``T`` text only, ``F`` feedback, ``H`` hand, ``C``
common-sense rules, ``I`` previous image, ``R`` memory, ``S`` suggested plan, ``A`` first
action. The kept lines are joined by newlines, ``{name}`` variables are filled in, and
``{include:file}`` places another template's rendering (up to five levels deep).

The rendered prompt holds a ``<<CACHE_BOUNDARY>>`` line: AsgardBench's client sends what
is before it (actions, world rules, task instructions, three examples: the same for every
task and step) as the system message, and what follows (the task, the objects, image
guidance, history, suggested plan, memory) as the user message, the images after its text
(the previous one first). ``tests/fidelity/test_asgardbench.py`` checks every combination
of codes against AsgardBench's own template code.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from scorer.episodes.base import Message
from scorer.families.kitchen import strings as S

IMAGE_MARKER = "<image>"
TEMPLATES = Path(__file__).parent / "prompts"
MAIN_TEMPLATE = "main_prompt.prompt"
CACHE_BOUNDARY = "<<CACHE_BOUNDARY>>"
INCLUDE_DEPTH = 5
_INCLUDE = re.compile(r"\{include:([^}]+)\}")
_BOOLEAN_CODES = frozenset("THCRSA")
_CODES = frozenset("TFHCIRSA")
GROUP_START, GROUP_END = "[--------", "--------]"


@dataclass(frozen=True)
class Codes:
    """The settings a template's condition codes test, as AsgardBench's runner sets them."""

    text_only: bool = False
    feedback: str = "simple"  # none | simple | detailed
    hand: bool = True
    common_sense: bool = False
    previous_image: str = "color"  # none | color | grayscale
    memory: bool = True
    plan: bool = True
    first_action: bool = False

    def value(self, code: str) -> str:
        """The one-character value of ``code`` (``F`` -> ``s``, ``I`` -> ``1``, ...)."""
        flags = {
            "T": self.text_only,
            "H": self.hand,
            "C": self.common_sense,
            "R": self.memory,
            "S": self.plan,
            "A": self.first_action,
        }
        if code in flags:
            return "1" if flags[code] else "0"
        if code == "F":
            return self.feedback[0]
        return {"none": "0", "color": "1", "grayscale": "2"}[self.previous_image]

    def holds(self, conditions: Sequence[tuple[str, str]]) -> bool:
        return all(self.value(code) in _normal(code, allowed) for code, allowed in conditions)


def _normal(code: str, allowed: str) -> str:
    """A flag's values read as AsgardBench reads them: ``1`` is on, anything else off."""
    if code in _BOOLEAN_CODES:
        return "".join("1" if v == "1" else "0" for v in allowed)
    return allowed


@dataclass
class _Line:
    conditions: tuple[tuple[str, str], ...] | None  # None: ``*``
    text: str


_Element = _Line | tuple[_Line, ...]


def _after_bar(line: str) -> str:
    text = line.split("|", 1)[1]
    return (text[1:] if text.startswith(" ") else text).replace("\t", "    ")


def _condition_line(line: str, where: str) -> _Line:
    if line.startswith("*"):
        rest = line[1:]
        return _Line(None, _after_bar(rest) if "|" in rest else rest.lstrip())
    if "|" not in line:
        raise ValueError(f"{where}: a condition line without '|'")
    head = line.split("|", 1)[0]
    conditions = tuple((token[0], token[1:]) for token in head.split() if token[0] in _CODES and len(token) >= 2)
    if not conditions:
        raise ValueError(f"{where}: no condition code in {line!r}")
    return _Line(conditions, _after_bar(line))


@cache
def template(name: str) -> tuple[_Element, ...]:
    """The parsed template file ``name``."""
    elements: list[_Element] = []
    group: list[_Line] | None = None
    current: _Line | None = None

    def close() -> None:
        nonlocal current
        if current is not None:
            (group if group is not None else elements).append(current)
        current = None

    for number, raw in enumerate((TEMPLATES / name).read_text(encoding="utf-8").split("\n"), start=1):
        line = raw.rstrip()
        if not line or line.startswith("##"):
            continue
        if line == GROUP_START:
            close()
            group = []
        elif line == GROUP_END:
            close()
            if group:
                elements.append(tuple(group))
            group = None
        elif raw[0].isspace():
            if current is None:
                raise ValueError(f"{name}:{number}: a continuation line with no line above")
            current.text += "\n" + (_after_bar(line) if "|" in line else line)
        else:
            close()
            current = _condition_line(line, f"{name}:{number}")
    close()
    return tuple(elements)


def _render(name: str, codes: Codes, variables: Sequence[tuple[str, str]]) -> str:
    text = _kept(name, codes)
    for name_, value in variables:
        text = text.replace("{" + name_ + "}", value)
    return text


@cache
def _kept(name: str, codes: Codes) -> str:
    """The lines of template ``name`` whose codes hold, joined: the same for every step of
    every episode of one setting (only the variables change), so chosen once."""
    kept: list[str] = []
    for element in template(name):
        if isinstance(element, tuple):
            chosen = next(
                (line for line in element if line.conditions is not None and codes.holds(line.conditions)), None
            )
            chosen = chosen or next((line for line in element if line.conditions is None), None)
            if chosen is not None and chosen.text:
                kept.append(chosen.text)
        elif element.conditions is None or codes.holds(element.conditions):
            kept.append(element.text)
    return "\n".join(kept)


def render_full(codes: Codes, variables: Sequence[tuple[str, str]]) -> str:
    """The whole rendered prompt, the cache boundary line included."""

    def included(match: re.Match[str]) -> str:
        name = match.group(1)
        return _render(name, codes, variables) if name in _template_names() else ""

    text = _render(MAIN_TEMPLATE, codes, variables)
    for _ in range(INCLUDE_DEPTH):
        expanded = _INCLUDE.sub(included, text)
        if expanded == text:
            break
        text = expanded
    return text.strip()


@cache
def _template_names() -> frozenset[str]:
    """The files an include may name: only the shipped templates. A reply's memory reaches the
    next prompt as a variable before includes are expanded, so a name such as ``../x`` would
    otherwise read any file on the server into the prompt."""
    return frozenset(path.name for path in TEMPLATES.iterdir() if path.is_file())


def split_at_boundary(prompt: str) -> tuple[str, str]:
    """(the system part, the user part); all user when there is no boundary."""
    if CACHE_BOUNDARY not in prompt:
        return "", prompt.strip()
    static, dynamic = prompt.split(CACHE_BOUNDARY, 1)
    return static.strip(), dynamic.strip()


@dataclass(frozen=True)
class PromptParts:
    task: str
    objects: list[str]
    history: str  # ``history_text``: empty on the first step
    plan: str
    memory: str


def image_reference(codes: Codes) -> str:
    """How the task instructions name the image to look at (``{img_ref}``)."""
    if codes.previous_image == "grayscale":
        return "the current (second, color) image"
    if codes.previous_image != "none":
        return "the current (second) image"
    return "the image"


def render_prompt(parts: PromptParts, codes: Codes, images: int = 0, scene: str = "") -> tuple[Message, ...]:
    """The prompt as AsgardBench's client sends it: the system part, then the user part with
    its ``images`` markers after the text. ``scene`` (our text view) follows the user text."""
    first = codes.first_action
    variables = (
        ("task_description", parts.task),
        ("objects_in_scene", ", ".join(parts.objects)),
        ("action_history", "" if first else parts.history),
        ("memories", "" if first else parts.memory),
        ("suggested_plan_sequence", parts.plan),
        ("img_ref", image_reference(codes)),
    )
    system, user = split_at_boundary(render_full(codes, variables))
    if scene:
        user += "\n\n" + scene
    user += IMAGE_MARKER * images
    messages = [Message("system", system)] if system else []
    return (*messages, Message("user", user))


def history_text(entries: Sequence[tuple[str, str | None]], feedback: str) -> str:
    """AsgardBench's history of attempted actions: one line per step but the steps with no
    Action line (``None None``), numbered from 0 without gaps; ``  Success`` / ``  Failure``
    (simple) or ``  Failure: <message>`` with instance names stripped (detailed); a newline
    after the last line."""
    shown = [(action, error) for action, error in entries if action != S.NO_ACTION]
    lines = []
    for index, (action, error) in enumerate(shown):
        line = f"{index}. {action}"
        if feedback == "none":
            lines.append(line)
        elif error is None:
            lines.append(line + S.FEEDBACK_SUCCESS)
        elif feedback == "simple":
            lines.append(line + S.FEEDBACK_FAILURE)
        else:
            lines.append(line + S.FEEDBACK_DETAILED_FAILURE + S.strip_instances(error))
    return "".join(line + "\n" for line in lines)
