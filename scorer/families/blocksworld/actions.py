"""How a model writes a blocksworld action (ViPlan's JSON), and ViPlan's action failures.

A reply is parsed as ViPlan does: the JSON object between the first ``{`` and the last
``}``. We use the json module rather than a lark grammar here because the syntax IS
JSON. The action found is matched against the task's grounded vocabulary: text from
a reply is never spliced into PDDL.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from scorer.families.blocksworld.state import Layout, column_names

NOT_EXIST = "action does not exist"
BAD_PARAMETERS = "parameters incorrectly specified"


@dataclass(frozen=True)
class ActionChoice:
    """What the reply asked for: a (block, column) pair, or why there is none."""

    block: str | None = None
    column: str | None = None
    error: str | None = None  # unparsable | action does not exist | parameters incorrectly specified
    raw_name: str | None = None

    @property
    def pddl_name(self) -> str:
        return f"(moveblock {self.block} {self.column})"


def first_json_object(reply: str) -> dict[str, Any] | None:
    start, end = reply.find("{"), reply.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        value = json.loads(reply[start : end + 1])
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def parse_action(reply: str, blocks: list[str], n_columns: int) -> ActionChoice:
    """The first action of a reply's plan (or its single action), resolved against the objects."""
    document = first_json_object(reply)
    if document is None:
        return ActionChoice(error="unparsable")
    entry = _first_action_entry(document)
    if entry is None:
        return ActionChoice(error="unparsable")
    name = entry.get("action")
    if not isinstance(name, str) or name.strip().lower() != "moveblock":
        return ActionChoice(error=NOT_EXIST, raw_name=str(name)[:80])
    block, column = _block_and_column(entry.get("parameters"))
    if block is None or column is None:
        return ActionChoice(error=BAD_PARAMETERS, raw_name=name)
    if block not in blocks or column not in column_names(n_columns):
        return ActionChoice(error=NOT_EXIST, raw_name=name)
    return ActionChoice(block, column)


def _first_action_entry(document: dict[str, Any]) -> dict[str, Any] | None:
    """``{"plan": [entry, ...]}``, ``{"action": entry}`` or the entry itself."""
    plan = document.get("plan")
    if isinstance(plan, list):
        return plan[0] if plan and isinstance(plan[0], dict) else None
    if isinstance(document.get("action"), dict):
        return document["action"]
    return document if isinstance(document.get("action"), str) else None


def _block_and_column(parameters: Any) -> tuple[str | None, str | None]:
    if isinstance(parameters, dict):
        block, column = parameters.get("block"), parameters.get("column")
    elif isinstance(parameters, list) and len(parameters) == 2:
        block, column = parameters
    else:
        return None, None
    if not isinstance(block, str) or not isinstance(column, str):
        return None, None
    return block.strip().lower(), column.strip().lower()


@dataclass(frozen=True)
class FailureDraw:
    """What an action failure does instead of the asked move (ViPlan's simulator)."""

    kind: str  # none | noop | near_target | near_origin
    column: str | None = None  # where the block lands for the two drop kinds


def draw_failure(rng: random.Random, fail_prob: float, layout: Layout, block: str, target: str) -> FailureDraw:
    """Half of failures are a no-op, a quarter land next to the target, a quarter next to the origin."""
    if fail_prob <= 0 or rng.random() >= fail_prob:
        return FailureDraw("none")
    roll = rng.random()
    if roll < 0.5:
        return FailureDraw("noop")
    names = column_names(len(layout))
    if roll < 0.75:
        return FailureDraw("near_target", _adjacent(names, names.index(target), rng))
    origin = next(i for i, column in enumerate(layout) if block in column)
    return FailureDraw("near_origin", _adjacent(names, origin, rng))


def _adjacent(names: list[str], index: int, rng: random.Random) -> str:
    if index == 0:
        return names[1]
    if index == len(names) - 1:
        return names[-2]
    return names[index + rng.choice((-1, 1))]
