"""How ViPlan reads a planner reply: the JSON object between the first ``{`` and the
last ``}``, and the first action of its plan.

We use the json module rather than a lark grammar because the syntax IS JSON. What the
action's name and parameters mean is the world's business (``ViplanWorld.parse_action``).
"""

from __future__ import annotations

import json
from typing import Any


def first_json_object(reply: str) -> dict[str, Any] | None:
    start, end = reply.find("{"), reply.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        value = json.loads(reply[start : end + 1])
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def first_action_entry(reply: str) -> dict[str, Any] | None:
    """The first entry of ``{"plan": [entry, ...]}``, of ``{"action": entry}``, or the
    entry itself (``{"action": name, "parameters": ...}``); None when there is none."""
    document = first_json_object(reply)
    if document is None:
        return None
    plan = document.get("plan")
    if isinstance(plan, list):
        return plan[0] if plan and isinstance(plan[0], dict) else None
    if isinstance(document.get("action"), dict):
        return document["action"]
    return document if isinstance(document.get("action"), str) else None


def paper_plan_entry(reply: str) -> dict[str, Any] | None:
    """ViPlan's own reading of a planner reply (its ``parse_json_output`` and the checks of
    its planning loop): ``json.loads`` of the text from the first ``{`` to the last ``}``;
    the document must hold ``"plan"``, a non-empty list whose first entry has an
    ``"action"``. None where ViPlan's loop stops the episode instead: a JSON error, or a
    document without such a plan (its failsafe raises on it and the loop breaks)."""
    try:
        document = json.loads(reply[reply.find("{") : reply.rfind("}") + 1])
        first = document["plan"][0]
        first["action"]
    except (ValueError, RecursionError, LookupError, TypeError):
        return None
    return first if isinstance(first, dict) else None


def paper_document(reply: str) -> dict[str, Any] | None:
    """ViPlan's ``parse_json_output``: ``json.loads`` of the text from the first ``{`` to
    the last ``}`` (the same slice, so a reply without braces is a JSON error). None where
    it raises (its loop then stops the episode)."""
    try:
        document = json.loads(reply[reply.find("{") : reply.rfind("}") + 1])
    except (ValueError, RecursionError):
        return None
    return document if isinstance(document, dict) else None


def plan_first(document: dict[str, Any]) -> tuple[bool, Any]:
    """``(True, document["plan"][0])``, or ``(False, None)`` where that lookup raises."""
    try:
        return True, document["plan"][0]
    except (LookupError, TypeError):
        return False, None


def entry_field(entry: Any, name: str) -> tuple[bool, Any]:
    """``(True, entry[name])``, or ``(False, None)`` where that lookup raises."""
    try:
        return True, entry[name]
    except (LookupError, TypeError):
        return False, None
