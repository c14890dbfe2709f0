"""The kitchen mode's prompt, in our words after AsgardBench's structure (its appendix
A.9): the task, the objects, the actions, the world rules, the image guidance, the
history of attempted actions with feedback, the suggested plan and the memory carried
from the previous reply, and the required reply format. Its fixed headers
(``HISTORY OF ATTEMPTED ACTIONS:`` and the others in ``strings``) are AsgardBench's.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.episodes.base import Message
from scorer.families.kitchen import strings as S

IMAGE_MARKER = "<image>"

ACTIONS_TEXT = """Each action is exactly two words, VERB Object, where Object is one of the available objects:
- CLEAN Object: wash it (a dish in the SinkBasin with the faucet running, holding the DishSponge)
- CLOSE Object / OPEN Object: close or open a container
- EMPTY Object: pour the liquid out of it
- DRINK Object: drink the liquid in it
- FIND Object: go to the object and face it
- PICKUP Object: take it in your hand (one item at a time)
- PUT Object: put the held item in or on it
- SLICE Object: cut it with a held knife (an Egg is cracked, no knife needed)
- SPRAY Object: spray it with the held object
- TOGGLE_ON Object / TOGGLE_OFF Object: switch it on or off"""

RULES_TEXT = """- You can hold one item at a time; PUT the held item down before picking up another.
- Items must be on a flat surface (CounterTop, DiningTable, ...) to be sliced, and you must hold a Knife.
- An Egg is cracked with SLICE (no knife) and cooked in a Pan on a StoveBurner; serve it on a Plate.
- Bread slices are toasted in the Toaster; a whole Potato is cooked in the Microwave (closed) and served
  in a Bowl; a PotatoSliced is fried in a Pan on a StoveBurner and served on a Plate.
- To cook on the stove, the Pan must be on a StoveBurner; TOGGLE_ON then TOGGLE_OFF the StoveBurner.
- Coffee: a clean, empty Mug in the CoffeeMachine, then TOGGLE_ON and TOGGLE_OFF the CoffeeMachine.
- Washing: PUT the item in the SinkBasin, PICKUP the DishSponge, TOGGLE_ON the Faucet, CLEAN the item,
  TOGGLE_OFF the Faucet. The Faucet runs only if the SinkBasin holds nothing but dishes and cookware.
- Containers must be clean to PUT anything in them; Cabinet, Drawer, Fridge and Microwave must be open.
- Put away: food in the Fridge, silverware in a Drawer, dishes (Bowl, Plate, Mug) in a Cabinet,
  cookware (Pan, Pot, Kettle) on the CounterTop. Items must be clean before they are put away.
- The Mirror is cleaned by first SPRAY Mirror with the SprayBottle, then CLEAN Mirror holding the Cloth.
- The Television is switched with the RemoteControl in hand.
- In a kitchen, leave the CoffeeMachine, Toaster, StoveBurner and Faucet off, and the Microwave and Fridge closed."""

FORMAT_TEXT = """Reply with your reasoning in <think> ... </think> (what you see, what you hold, whether the last action
worked, your plan), then <answer> with:
THINGS TO REMEMBER: notes for your next step
SUGGESTED PLAN SEQUENCE: the remaining actions, one per line
Action: VERB Object
</answer>
Only the Action line is executed."""


@dataclass(frozen=True)
class PromptParts:
    task: str
    objects: list[str]
    scene: str  # the image guidance (with image markers), the text view, or "" (text-only)
    history: list[str]  # numbered lines with feedback
    plan: str
    memory: str
    first_step: bool


def render_prompt(parts: PromptParts) -> tuple[Message, Message]:
    """The prompt as AsgardBench's client sends it: the part that stays the same through an
    episode (task, objects, actions, rules) as the system message, what changes from step to
    step (the scene, the notes) and the reply format as the user message."""
    static = [
        "You act inside a simulated home. You see it only through the pictures (or the scene text) below.",
        f"Your task is: {parts.task}",
        _section("AVAILABLE OBJECTS", ", ".join(parts.objects)),
        _section("AVAILABLE ACTIONS", ACTIONS_TEXT),
        _section("WORLD RULES", RULES_TEXT),
    ]
    dynamic = [_section("WHAT YOU SEE", parts.scene)] if parts.scene else []
    notes = [S.HISTORY_HEADER, *(parts.history or ["(none yet)"])]
    if parts.first_step:
        notes.append("This is your first action: nothing has been tried yet.")
    if parts.plan:
        notes += ["", S.PLAN_HEADER, parts.plan, "(Your own earlier plan: check it against what you see now.)"]
    if parts.memory:
        notes += ["", S.MEMORY_HEADER, parts.memory]
    dynamic += [_section("AGENT NOTES", "\n".join(notes)), _section("REPLY FORMAT", FORMAT_TEXT)]
    return Message("system", "\n\n".join(static)), Message("user", "\n\n".join(dynamic))


def _section(title: str, body: str) -> str:
    rule = "-" * 60
    return f"{rule}\nSECTION: {title}\n{rule}\n{body}"


def history_line(index: int, action: str, feedback: str, success: bool, message: str) -> str:
    """AsgardBench's history line: ``0. FIND Mug`` plus ``  Success`` / ``  Failure`` (simple)
    or ``  Failure: <message>`` with instance names stripped (detailed)."""
    line = f"{index}. {action}"
    if feedback == "none":
        return line
    if success:
        return line + S.FEEDBACK_SUCCESS
    if feedback == "detailed":
        return line + S.FEEDBACK_DETAILED_FAILURE + S.strip_instances(message)
    return line + S.FEEDBACK_FAILURE
