"""ViPlan's VLM-as-planner prompt for the household, word for word (ViPlan, appendix I:
Plan and Plan + CoT prompts for ViPlan-HH), as a system and a user message.

The system message is ViPlan's shared one (``scorer.episodes.viplan_prompts``) with the
household's JSON shape: parameters as a list. The user message describes the home (the
planner's words, not the grounder's), then "Additional information": the objects inside
containers the agent cannot reach (``verbalize.hidden_facts``; the paper's
``{privileged_info}``), the actions, the goal, the feedback so far and the image.
"""

from __future__ import annotations

from scorer.episodes.base import Message
from scorer.episodes.viplan_prompts import planner_system as viplan_planner_system

# ViPlan's JSON shape of one household action (indented as the blocksworld's).
_ACTION_JSON = "{\n    \"action\": action_name,\n    \"parameters\": ['parameter1', 'parameter2', ...]\n}"
PLANNER_ENVIRONMENT = (
    "The environment is a virtual household simulator, with objects and furniture which can be interacted "
    "with. Keep in mind that some objects might not be visible or immediately reachable, in which case you "
    "need to navigate to them first. If after navigating to an object it is still not reachable, you might "
    "need to open a container."
)
ACTIONS = """- Action: grasp
  - Parameters:
    1. a movable object
  - Preconditions:
    - The object is within reach.
    - The agent is not holding anything.
  - Effects:
    - The agent picks up that object.
    - It is no longer on top of or next to any other object.
    - If it was inside a container, it leaves the container.

- Action: place-on
  - Parameters:
    1. the movable object being held
    2. another object to serve as support
  - Preconditions:
    - The agent is holding the first object.
    - The support object is within reach.
  - Effects:
    - The held object is placed on top of the support object.
    - The agent's hands become free.

- Action: place-next-to
  - Parameters:
    1. the movable object being held
    2. another object to stand beside
  - Preconditions:
    - The agent is holding the first object.
    - The other object is within reach.
  - Effects:
    - The held object is positioned next to the other object.
    - The agent's hands become free.

- Action: place-inside
  - Parameters:
    1. the movable object being held
    2. an open container
  - Preconditions:
    - The agent is holding the object.
    - The container is open and within reach.
  - Effects:
    - The object is placed inside the container.
    - The agent's hands become free.

- Action: open-container
  - Parameters:
    1. a closed container
  - Preconditions:
    - The container is within reach.
    - The agent is not holding anything.
  - Effects:
    - The container becomes open.
    - All objects inside it become reachable.

- Action: close-container
  - Parameters:
    1. an open container
  - Preconditions:
    - The container is within reach.
  - Effects:
    - The container becomes closed.
    - All objects inside it become unreachable.

- Action: navigate-to
  - Parameters:
    1. any target object
  - Preconditions:
    - The target object is currently out of reach and not hidden in a closed container.
  - Effects:
    - The target object becomes reachable.
    - All other objects become out of reach.
    - If the target is an open container, everything inside it also becomes reachable."""


def output_format(output: str, cot: bool) -> str:
    """The JSON shape the reply must contain (ViPlan's household form: parameters as a list)."""
    explanation = f'  "explanation": <a detailed explanation of the {output}>,\n' if cot else ""
    if output == "plan":
        action = _ACTION_JSON.replace("\n", "\n    ")
        return "{\n" + explanation + '  "plan": [\n    ' + action + ",\n    ... other actions ...\n    ]\n}"
    return "{\n" + explanation + "  \"action\": action_name,\n  \"parameters\": ['parameter1', 'parameter2', ...]\n}"


def planner_user(goal: str, additional: str, previous_actions: str) -> str:
    return (
        f"## Description of the environment\n{PLANNER_ENVIRONMENT}\n\n"
        f"## Additional information\n{additional}\n\n"
        f"## Available actions\n\n{ACTIONS}\n\n"
        f"## Goal\n{goal}\n\n"
        f"## Previously taken actions\n{previous_actions}\n\n"
        "## Current environment state\n<image>"
    )


def planner_messages(output: str, cot: bool, goal: str, additional: str, previous_actions: str) -> list[Message]:
    """ViPlan's Plan (+ CoT) prompt for the household, or our Action (+ CoT) form of it."""
    system = viplan_planner_system(output, cot, output_format(output, cot))
    return [Message("system", system), Message("user", planner_user(goal, additional, previous_actions))]
