"""ViPlan's blocksworld prompts, word for word (ViPlan, appendix I: Ground, Ground + CoT,
Plan, Plan + CoT), as its code sent them: a system and a user message (the planner's
system message is ViPlan's shared one, ``scorer.episodes.viplan_prompts``, with the
blocksworld's JSON shape).

Everything the paper prints is kept as printed, its slips included: the planner's
description of the environment ends with a sentence copied from the grounding prompt
("... evaluate the question ..."), and the column list names all five labels
whatever the number of columns.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.episodes.base import Message
from scorer.episodes.viplan_prompts import planner_system as viplan_planner_system
from scorer.families.blocksworld.state import Layout
from scorer.families.blocksworld.verbalize import ENVIRONMENT, goal_sentences
from scorer.tasks.ground import ground_messages

_EVALUATE = "Your task is to correctly evaluate the question based on the image provided."
# The planner's description: the same scene, "The environment is about ...", with the
# grounding prompt's closing sentence left in (ViPlan, appendix I, Plan prompt).
PLANNER_ENVIRONMENT = ENVIRONMENT.replace("The image will be about", "The environment is about", 1) + " " + _EVALUATE

# ViPlan's JSON shapes, indentation included; the action shape is one element of the plan's.
_ACTION_JSON = '{\n    "action": action_name,\n    "parameters": {\n        parameter_name: parameter_value\n    }\n}'
ACTIONS = (
    "You have only one action available, called `moveblock(block, column)`. This action allows you to move "
    "a block from its current column to the specified column. In order to perform this action, the block you "
    "want to move must be the topmost block of its column and must not already be in the target column. If "
    "the action is valid, the block will be moved to the specified column and will be placed on top of any "
    "blocks that are already in that column, if any.\n"
    "To refer to the blocks, use lowercase letters for the colors: 'r' for red, 'g' for green, 'b' for blue, "
    "'y' for yellow, 'p' for purple, 'o' for orange. To refer to the columns, use the labels provided in the "
    "image, 'c1', 'c2', 'c3', 'c4' and 'c5'."
)


def output_format(output: str, cot: bool) -> str:
    """The JSON shape the reply must contain."""
    explanation = f'  "explanation": <a detailed explanation of the {output}>,\n' if cot else ""
    if output == "plan":
        action = _ACTION_JSON.replace("\n", "\n    ")
        return "{\n" + explanation + '  "plan": [\n    ' + action + ",\n    ... other actions ...\n    ]\n}"
    return (
        "{\n" + explanation + '  "action": action_name,\n  "parameters": {\n    parameter_name: parameter_value\n  }\n}'
    )


def planner_system(output: str, cot: bool) -> str:
    return viplan_planner_system(output, cot, output_format(output, cot))


def planner_user(goal: str, previous_actions: str) -> str:
    return (
        f"## Description of the environment\n{PLANNER_ENVIRONMENT}\n\n"
        f"## Available actions\n{ACTIONS}\n\n"
        f"## Goal\n{goal}\n\n"
        f"## Previously taken actions\n{previous_actions}\n\n"
        "## Current environment state\n<image>"
    )


def planner_goal(goal: Layout, blocks: Sequence[str]) -> str:
    """The goal as ViPlan's planner states it: one line per block, in ``blocks`` order (the
    problem's declaration order, as ViPlan iterates its objects), each sentence followed by
    a space and a line break, as its code writes them."""
    sentences = goal_sentences(goal)
    return "".join(f"{sentences[block]} \n" for block in blocks)


def planner_messages(output: str, cot: bool, goal: str, previous_actions: str) -> list[Message]:
    """ViPlan's Plan (+ CoT) prompt, or our Action (+ CoT) form of it."""
    return [Message("system", planner_system(output, cot)), Message("user", planner_user(goal, previous_actions))]


def grounder_messages(question: str, cot: bool) -> list[Message]:
    """ViPlan's Ground prompt keeps the scene's description in the system message, closed
    by "Your task is to correctly evaluate ..."; Ground + CoT puts it in the user message
    before the image, without that sentence (ViPlan, appendix I)."""
    if cot:
        return ground_messages(question, cot=True, user_context=ENVIRONMENT)
    return ground_messages(question, system_context=f"{ENVIRONMENT} {_EVALUATE}")
