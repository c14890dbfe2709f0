"""ViPlan's VLM-as-planner prompts for blocksworld (ViPlan, appendix I: Plan, Plan + CoT).

The Action variants ask for one action instead of a plan, with the wording adjusted, as
the appendix describes. ViPlan's environment description ended with a sentence copied
from the grounding prompt ("... evaluate the question ..."), which we leave out.
"""

from __future__ import annotations

from scorer.families.blocksworld.verbalize import ENVIRONMENT

_ROLE = (
    "You are an expert planning assistant. You will be given an image which represents the current state "
    "of the environment you are in, a natural language description of the goal that needs to be achieved "
    "and a set of actions that can be performed in the environment."
)
_TASK = {
    "plan": "Your task is to generate a plan that achieves the goal, in the form of a sequence of actions "
    "that need to be executed to reach the goal.",
    "action": "Your task is to choose the next action to take towards the goal, as a single action.",
}
_COT = (
    "Before answering, think carefully step by step about the actions you need to take and what the "
    "expected outcome of each action is. Write the reasoning behind your answer and justify each action you "
    "are going to take. Make sure that each action is possible, and if previous actions failed, reason about "
    "why this could be the case."
)
_ACTION_JSON = '{\n    "action": action_name,\n    "parameters": {\n        parameter_name: parameter_value\n    }\n}'
_FEEDBACK = (
    "You will also receive feedback of the previously taken actions, with a note showing if they failed or "
    "not. If an action failed, think about why that could be and then output a new {what} accordingly."
)
ACTIONS = (
    "You have only one action available, called `moveblock(block, column)`. This action allows you to move "
    "a block from its current column to the specified column. In order to perform this action, the block you "
    "want to move must be the topmost block of its column and must not already be in the target column. If "
    "the action is valid, the block will be moved to the specified column and will be placed on top of any "
    "blocks that are already in that column, if any.\n"
    "To refer to the blocks, use lowercase letters for the colors: 'r' for red, 'g' for green, 'b' for blue, "
    "'y' for yellow, 'p' for purple, 'o' for orange. To refer to the columns, use the labels provided in the "
    "image, {columns}."
)


def output_format(output: str, cot: bool) -> str:
    """The JSON shape the reply must contain."""
    explanation = '    "explanation": <a detailed explanation>,\n' if cot else ""
    if output == "plan":
        action = _ACTION_JSON.replace("\n", "\n        ")
        return "{\n" + explanation + '    "plan": [\n        ' + action + ",\n        ... other actions ...\n    ]\n}"
    if cot:
        return "{\n" + explanation + _ACTION_JSON[2:]
    return _ACTION_JSON


def planner_system(output: str, cot: bool) -> str:
    parts = [_ROLE, _TASK[output]]
    if cot:
        parts.append(_COT)
    inside = " Make sure that the explanation is also written inside the json." if cot else ""
    parts.append(f"The format of your output should be a JSON object with the following structure.{inside}")
    body = " ".join(parts)
    fmt = f"```json\n{output_format(output, cot)}\n```"
    return f"{body}\n{fmt}\n\n{_FEEDBACK.format(what=output)}"


def planner_user(n_columns: int, goal: str, previous_actions: str) -> str:
    labels = ", ".join(f"'c{i}'" for i in range(1, n_columns + 1))
    return (
        f"## Description of the environment\n{ENVIRONMENT}\n\n"
        f"## Available actions\n{ACTIONS.format(columns=labels)}\n\n"
        f"## Goal\n{goal}\n\n"
        f"## Previously taken actions\n{previous_actions}\n\n"
        "## Current environment state\n<image>"
    )
