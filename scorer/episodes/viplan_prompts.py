"""ViPlan's VLM-as-planner system prompt, the part every ViPlan world shares word for word
(ViPlan, appendix I: the Plan and Plan + CoT prompts of both domains differ only in the
JSON shape of an action): the role, the task, the CoT request, the output format and the
note on feedback. A world passes its JSON shape (``output_format``).

The Action and Action + CoT variants ask for one action instead of a plan; the paper
gives no text for them ("the wording in the system prompt adjusted accordingly"), so
theirs is ours, changed only where a plan becomes an action.
"""

from __future__ import annotations

# The first line ends with a space, as in ViPlan's code.
_ROLE = (
    "You are an expert planning assistant. You will be given an image which represents the current state "
    "of the environment you are in, a natural language description of the goal that needs to be achieved "
    "and a set of actions that can be performed in the environment. \n"
)
_TASK = {
    "plan": "Your task is to generate a plan that achieves the goal, in the form of a sequence of actions "
    "that need to be executed to reach the goal.\n",
    "action": "Your task is to choose the next action to take towards the goal, in the form of a single action "
    "that needs to be executed next.\n",
}
_COT = {
    output: f"Before answering with the {output}, think carefully step by step about the actions you need to take "
    "and what the expected outcome of each action is. Write the reasoning behind the "
    f"{output} and justify each action you are going to take. Make sure that each action is possible, and if "
    "previous actions failed, reason about why this could be the case.\n\n"
    for output in ("plan", "action")
}
_FORMAT = {
    False: "The format of your output should be a JSON object with the following structure:\n",
    True: "The format of your output should be a JSON object with the following structure. Make sure that the "
    "explanation is also written inside the json.\n",
}
_FEEDBACK = (
    "You will also receive feedback of the previously taken actions, with a note showing if they failed or "
    "not. If an action failed, think about why that could be and then output a new {output} accordingly."
)


def planner_system(output: str, cot: bool, output_format: str) -> str:
    """The system message of the planner: ``output`` plan | action, with or without CoT,
    ``output_format`` the JSON shape the reply must contain."""
    reasoning = _COT[output] if cot else ""
    shape = f"```json\n{output_format}\n```\n\n"
    return _ROLE + _TASK[output] + reasoning + _FORMAT[cot] + shape + _FEEDBACK.format(output=output)
