"""The scripted players of kitchen episodes and the mode's reference logs.

Both follow the world: they replay the actions the server reported as done on the
row's start world (the rules are deterministic, so this is the true state). ``optimal``
plays the expert's plan made at the start under the episode's shortcut settings, and
makes a new one from the believed world if a step ever fails; ``random`` replies with
an action drawn uniformly from those that would succeed now. Gold replays the
expert's plan; wrong gives replies without an action line, which never succeed.
"""

from __future__ import annotations

import random
from typing import Any

from scorer.families.kitchen.episode import row_task, row_world
from scorer.families.kitchen.expert import expert_plan
from scorer.families.kitchen.rules import VERBS, Shortcuts, act
from scorer.families.kitchen.world import World
from scorer.io.dataset import KeyRow
from scorer.registry.family import PolicyTurn


def reply_for(action: str, plan: list[str] | None = None) -> str:
    """A reply in the form the prompt asks for, acting ``action``."""
    upcoming = "\n".join(plan or [action])
    return (
        "<think>Following the plan.</think>\n<answer>\nTHINGS TO REMEMBER: keep to the plan\n\n"
        f"SUGGESTED PLAN SEQUENCE:\n{upcoming}\nAction: {action}\n</answer>"
    )


def _believed_world(turn: PolicyTurn) -> tuple[World, Shortcuts]:
    memory = turn.memory
    if "world" not in memory:
        settings = turn.info.get("settings", {})
        memory["shortcuts"] = Shortcuts(settings.get("find_opens", True), settings.get("put_tries_others", True))
        memory["world"] = row_world(turn.row)
    world, shortcuts = memory["world"], memory["shortcuts"]
    action = turn.info.get("action")
    if action and turn.info.get("success") and turn.info.get("step") != memory.get("applied"):
        verb, kind = action.split(" ", 1)
        act(world, verb, kind, shortcuts)
        memory["applied"] = turn.info.get("step")
    return world, shortcuts


def optimal(turn: PolicyTurn) -> str:
    world, shortcuts = _believed_world(turn)
    memory = turn.memory
    if "plan" not in memory or (turn.info.get("action") and not turn.info.get("success")):
        memory["plan"] = expert_plan(world, row_task(turn.row), shortcuts)
    plan: list[str] = memory["plan"]
    if not plan:
        return reply_for("FIND CounterTop")
    action = plan.pop(0)
    return reply_for(action, [action, *plan])


def random_action(turn: PolicyTurn, rng: random.Random) -> str:
    world, shortcuts = _believed_world(turn)
    kinds = world.available_types()
    doable = [f"{v} {k}" for v in VERBS for k in kinds if act(world.copy(), v, k, shortcuts).success]
    return reply_for(rng.choice(doable) if doable else "FIND CounterTop")


def reference(kind: str, row: KeyRow) -> dict[str, Any]:
    if kind == "gold":
        replies = [reply_for(action) for action in row.answer_key["expert_plan"]]
    else:
        replies = ["I am not sure what to do."] * 20  # no Action line: unparsable, ends by Max_Repeats
    return {"episode": {"settings": {"mode": "kitchen"}, "replies": replies}}
