"""How a model writes a blocksworld action (ViPlan's JSON), and ViPlan's action failures.

A reply is read as ViPlan does (``scorer.episodes.viplan_json``); the action found is
matched against the task's grounded vocabulary: text from a reply is never spliced into
PDDL.
"""

from __future__ import annotations

import random
from typing import Any

from scorer.episodes.viplan_json import entry_field, first_action_entry, plan_first
from scorer.episodes.viplan_world import NO_FAILURE, UNPARSABLE, ActionChoice, FailureDraw
from scorer.families.blocksworld.state import Layout, column_names

NOT_EXIST = "action does not exist"


def move_name(block: str, column: str) -> str:
    return f"(moveblock {block} {column})"


def move_json(block: str, column: str) -> dict[str, Any]:
    return {"action": "moveblock", "parameters": {"block": block, "column": column}}


def parse_action(reply: str, blocks: list[str], n_columns: int) -> ActionChoice:
    """The first action of a reply's plan (or its single action), resolved against the objects."""
    entry = first_action_entry(reply)
    if entry is None:
        return ActionChoice(error=UNPARSABLE)
    name = entry.get("action")
    if not isinstance(name, str) or name.strip().lower() != "moveblock":
        return ActionChoice(error=NOT_EXIST, raw_name=str(name)[:80])
    block, column = _block_and_column(entry.get("parameters"))
    # ViPlan's code reads parameters["block"] and ["column"]: a missing or malformed one, or
    # an object the problem lacks, leaves it no action, which it reports as not existing.
    if block is None or column is None or block not in blocks or column not in column_names(n_columns):
        return ActionChoice(error=NOT_EXIST, raw_name=name)
    return ActionChoice(move_name(block, column), move_json(block, column))


def paper_action(document: dict[str, Any], blocks: list[str], columns: list[str]) -> ActionChoice:
    """ViPlan's blocksworld planning loop on a parsed reply (``get_plan_action``, its
    simulator's ``_get_specific_action`` and the loop's failsafe): the name must be
    ``moveblock`` and ``parameters`` an object whose ``block`` and ``column`` name the
    problem's objects exactly (other keys are ignored); anything else, a list of
    parameters included, is an action that does not exist (its entry shows the name as
    written). No ``plan[0]["action"]``: its failsafe raises and the loop stops."""
    found, first = plan_first(document)
    has_name, name = entry_field(first, "action") if found else (False, None)
    if not has_name:
        return ActionChoice(error=UNPARSABLE)
    missing = ActionChoice(error=NOT_EXIST, entry={"action": name})
    if not (isinstance(name, str) and name == "moveblock"):
        return missing
    parameters = first.get("parameters")
    if not isinstance(parameters, dict):
        return missing
    block, column = parameters.get("block"), parameters.get("column")
    if not (isinstance(block, str) and block in blocks and isinstance(column, str) and column in columns):
        return missing
    return ActionChoice(move_name(block, column), move_json(block, column))


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


def draw_failure(rng: random.Random, fail_prob: float, layout: Layout, block: str, target: str) -> FailureDraw:
    """Half of failures are a no-op, a quarter land next to the target, a quarter next to the origin."""
    if fail_prob <= 0 or rng.random() >= fail_prob:
        return NO_FAILURE
    roll = rng.random()
    if roll < 0.5:
        return FailureDraw("noop")
    names = column_names(len(layout))
    if roll < 0.75:
        return FailureDraw("near_target", move_name(block, _adjacent(names, names.index(target), rng)))
    origin = next(i for i, column in enumerate(layout) if block in column)
    return FailureDraw("near_origin", move_name(block, _adjacent(names, origin, rng)))


def _adjacent(names: list[str], index: int, rng: random.Random) -> str:
    if index == 0:
        return names[1]
    if index == len(names) - 1:
        return names[-2]
    return names[index + rng.choice((-1, 1))]
