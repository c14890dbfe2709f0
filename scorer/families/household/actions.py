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

from scorer.episodes.viplan_json import entry_field, first_action_entry, plan_first
from scorer.episodes.viplan_world import UNPARSABLE, ActionChoice
from scorer.pddl import Task

REFUSED = "parameters incorrectly specified"
NOT_EXIST = "action does not exist"  # ViPlan's loop, for a name that is none of the domain's actions
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
    if not isinstance(name, str) or name.strip().lower() not in task.action_schemas:
        return ActionChoice(error=NOT_EXIST, raw_name=str(name)[:MAX_NAME_CHARS])
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


def paper_action(document: dict[str, Any], previous_first: Any, task: Task) -> tuple[ActionChoice, Any]:
    """ViPlan's household planning loop on a parsed reply, and the plan entry it keeps.

    As its code: ``plan[0]`` is kept as ``first_action`` across steps, so when a reply's
    plan has no first entry the loop's failsafe reports the PREVIOUS step's action as one
    that does not exist, and goes on (with none before, it stops); an entry whose
    ``action`` cannot be read stops the loop; missing or non-iterable ``parameters`` give
    "action does not exist"; a name that is none of the domain's actions, exactly as
    written, "action does not exist"; otherwise the action is sent with its parameters as
    written, and the home refuses ("parameters incorrectly specified", the parameters as
    written) unless they are a list naming the task's objects exactly, well typed and
    applicable (its client's success flag; that client is not in the published loop, so
    every refusal is taken as ``success=False``).
    """
    found, first = plan_first(document)
    if not found:
        if previous_first is None:
            return ActionChoice(error=UNPARSABLE), None  # NameError in its failsafe: the loop stops
        has_name, name = entry_field(previous_first, "action")
        choice = ActionChoice(error=NOT_EXIST, entry={"action": name}) if has_name else ActionChoice(error=UNPARSABLE)
        return choice, previous_first
    has_name, name = entry_field(first, "action")
    if not has_name:
        return ActionChoice(error=UNPARSABLE), first
    missing = ActionChoice(error=NOT_EXIST, entry={"action": name})
    has_parameters, parameters = entry_field(first, "parameters")
    if not has_parameters or not _iterable(parameters) or not (isinstance(name, str) and name in task.action_schemas):
        return missing, first
    refused = ActionChoice(error=REFUSED, entry={"action": name, "parameters": parameters})
    if not isinstance(parameters, list) or not all(isinstance(p, str) and p in task.objects for p in parameters):
        return refused, first
    pddl_name = f"({' '.join([name, *parameters])})"
    if not task.is_well_formed_action(pddl_name):
        return refused, first
    return ActionChoice(pddl_name, {"action": name, "parameters": parameters}), first


def _iterable(value: Any) -> bool:
    return isinstance(value, str | list | dict)  # what json.loads gives that Python can iterate


def _as_written(name: str, parameters: list[str]) -> dict[str, Any]:
    """A refused action's feedback entry as ViPlan's client writes it (the action and its
    parameters as the reply gave them, cut to a sane length; shown, never run)."""
    return {"action": name[:MAX_NAME_CHARS], "parameters": [p[:MAX_NAME_CHARS] for p in parameters[:MAX_PARAMETERS]]}
