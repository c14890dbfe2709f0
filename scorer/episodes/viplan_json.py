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
