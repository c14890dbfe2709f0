"""ViPlan's VLM-as-planner prompt for the household, word for word (ViPlan, appendix I:
Plan and Plan + CoT prompts for ViPlan-HH), as a system and a user message.

The system message is ViPlan's shared one (``scorer.episodes.viplan_prompts``) with the
household's JSON shape: parameters as a list. The user message describes the home (the
planner's words, not the grounder's), then "Additional information": the objects inside
containers the agent cannot reach (``verbalize.hidden_facts``; the paper's
``{privileged_info}``), the actions, the goal, the feedback so far and the image.
"""

from __future__ import annotations

from importlib.resources import files

from scorer.episodes.base import Message
from scorer.episodes.viplan_prompts import planner_system as viplan_planner_system

# ViPlan's JSON shape of one household action (indented as the blocksworld's).
_ACTION_JSON = "{\n    \"action\": action_name,\n    \"parameters\": ['parameter1', 'parameter2', ...]\n}"
# The user part of ViPlan's prompt files, byte for byte (prompts/README.md: source, license).
USER_TEMPLATE = files("scorer.families.household").joinpath("prompts/planner_user.md").read_text(encoding="utf-8")
_ADDITIONAL = "## Additional information"


def output_format(output: str, cot: bool) -> str:
    """The JSON shape the reply must contain (ViPlan's household form: parameters as a list)."""
    explanation = f'  "explanation": <a detailed explanation of the {output}>,\n' if cot else ""
    if output == "plan":
        action = _ACTION_JSON.replace("\n", "\n    ")
        return "{\n" + explanation + '  "plan": [\n    ' + action + ",\n    ... other actions ...\n    ]\n}"
    return "{\n" + explanation + "  \"action\": action_name,\n  \"parameters\": ['parameter1', 'parameter2', ...]\n}"


def planner_user(goal: str, additional: str, previous_actions: str) -> str:
    """The user message as ViPlan's planning loop fills its template: the goal, the
    previous actions, the privileged facts; with none, the heading "## Additional
    information" and the placeholder are both replaced by nothing (their blank lines stay).
    Outer blank lines go, as ViPlan's ``get_messages`` strips each message."""
    text = USER_TEMPLATE.replace("{goal_string}", goal).replace("{previous_actions}", previous_actions)
    if not additional:
        text = text.replace(_ADDITIONAL, "")
    text = text.replace("{priviledged_info}", additional)
    return text.strip().replace("{image}", "<image>")


def planner_messages(output: str, cot: bool, goal: str, additional: str, previous_actions: str) -> list[Message]:
    """ViPlan's Plan (+ CoT) prompt for the household, or our Action (+ CoT) form of it."""
    system = viplan_planner_system(output, cot, output_format(output, cot))
    return [Message("system", system), Message("user", planner_user(goal, additional, previous_actions))]
