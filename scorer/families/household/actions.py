"""How a model writes a household action: ViPlan's JSON, ``{"action": "grasp",
"parameters": ["bowl_1"]}`` (parameters as a list, its household form).

The reply is read as ViPlan does (``scorer.episodes.viplan_json``) and matched against
the task's schemas and objects: text from a reply is never spliced into PDDL. As in
ViPlan's household client, every action the simulator refuses, whatever the reason
(unknown action or object, wrong arity, a precondition false), is reported with the
outcome "parameters incorrectly specified".
"""

from __future__ import annotations

from typing import Any

from scorer.episodes.viplan_json import first_action_entry
from scorer.episodes.viplan_world import UNPARSABLE, ActionChoice
from scorer.pddl import Task

REFUSED = "parameters incorrectly specified"
MAX_NAME_CHARS = 80
MAX_PARAMETERS = 8  # more than any household action takes


def action_json(pddl_name: str) -> dict[str, Any]:
    name, *args = pddl_name.strip("()").split()
    return {"action": name, "parameters": args}


def parse_action(reply: str, task: Task) -> ActionChoice:
    """The first action of a reply's plan (or its single action), resolved against the task."""
    entry = first_action_entry(reply)
    if entry is None:
        return ActionChoice(error=UNPARSABLE)
    name = entry.get("action")
    if not isinstance(name, str):
        return ActionChoice(error=REFUSED, raw_name=str(name)[:MAX_NAME_CHARS])
    schema = name.strip().lower()
    parameters = entry.get("parameters")
    if isinstance(parameters, dict):  # {"object": "bowl_1"}: the values, in order
        parameters = list(parameters.values())
    if isinstance(parameters, str):
        parameters = [parameters]
    if not isinstance(parameters, list) or not all(isinstance(p, str) for p in parameters):
        return ActionChoice(error=REFUSED, raw_name=name[:MAX_NAME_CHARS])
    args = [p.strip().lower() for p in parameters]
    pddl_name = f"({' '.join([schema, *args])})"
    known = schema in task.action_schemas and all(a in task.objects for a in args)
    if not known or not task.is_well_formed_action(pddl_name):
        return ActionChoice(error=REFUSED, raw_name=name[:MAX_NAME_CHARS], entry=_as_written(name, parameters))
    return ActionChoice(pddl_name, action_json(pddl_name))


def _as_written(name: str, parameters: list[str]) -> dict[str, Any]:
    """A refused action's feedback entry as ViPlan's client writes it (the action and its
    parameters as the reply gave them, cut to a sane length; shown, never run)."""
    return {"action": name[:MAX_NAME_CHARS], "parameters": [p[:MAX_NAME_CHARS] for p in parameters[:MAX_PARAMETERS]]}
