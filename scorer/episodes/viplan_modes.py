"""ViPlan's two modes for a world, with their scripted players and reference logs.

A family whose rows are ViPlan-style worlds declares ``viplan_modes(world_for_row)``
(planner first: it is the default mode and carries the gold and wrong logs).

Planner mode: ``optimal`` plans from the believed true state with the world's optimal
planner (``ViplanWorld.plan``) and replies with the whole remaining plan; ``random`` replies with
one action drawn uniformly from the legal ones. Grounder mode: ``optimal`` answers every
question truthfully, ``random`` flips a coin.

The players track the state from the row and the server's info: the planner's feedback
says whether an action happened and, after an action failure, which action really
happened, and a no-op says so in its info (ViPlan's "no-op"); the grounder's info names
the action that really ran. So the belief stays exact with failures too.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from functools import partial
from typing import Any

from scorer.episodes.viplan_grounder import GrounderEpisode, grounder_settings
from scorer.episodes.viplan_planner import PlannerEpisode, planner_settings
from scorer.episodes.viplan_world import ViplanWorld
from scorer.io.dataset import KeyRow
from scorer.registry.family import Mode, PolicyTurn

WorldForRow = Callable[[KeyRow], ViplanWorld]
_CALL = re.compile(r"([\w-]+)\(([^()]*)\)")  # viplan_call's form, e.g. moveblock(r, c1)


def viplan_modes(world_for_row: WorldForRow) -> tuple[Mode, Mode]:
    planner = Mode(
        "planner",
        lambda row, settings: PlannerEpisode(world_for_row(row), settings),
        partial(planner_optimal, world_for_row),
        partial(planner_random, world_for_row),
        partial(planner_reference, world_for_row),
        settings_of=lambda row, settings: planner_settings(world_for_row(row), settings),
        paper_parser="ViPlan's parse_json_output and planning-loop checks",
        play_recorded=lambda row, settings, recording: PlannerEpisode(world_for_row(row), settings, recording),
    )
    grounder = Mode(
        "grounder",
        lambda row, settings: GrounderEpisode(world_for_row(row), settings),
        partial(grounder_optimal, world_for_row),
        partial(grounder_random, world_for_row),
        settings_of=lambda row, settings: grounder_settings(world_for_row(row), settings),
        paper_parser="ViPlan's parse_output + cast_to_yes_no",
        play_recorded=lambda row, settings, recording: GrounderEpisode(world_for_row(row), settings, recording),
        # ViPlan's question line, the effects its loop asks and what its action limit counts
        paper_settings={"question": "paper", "effects": "paper", "max_actions_counts": "checked"},
    )
    return planner, grounder


def planner_optimal(world_for_row: WorldForRow, turn: PolicyTurn) -> str:
    world = world_for_row(turn.row)
    plan = world.plan(believed_state(world, turn.memory, turn.info)) or []
    return json.dumps({"plan": [world.action_json(a) for a in plan]})


def planner_random(world_for_row: WorldForRow, turn: PolicyTurn, rng: random.Random) -> str:
    world = world_for_row(turn.row)
    legal = [a.name for a in world.task.applicable(believed_state(world, turn.memory, turn.info))]
    return json.dumps(world.action_json(rng.choice(legal)))


def grounder_optimal(world_for_row: WorldForRow, turn: PolicyTurn) -> str:
    world = world_for_row(turn.row)
    return "Yes" if world.task.holds(believed_state(world, turn.memory, turn.info), turn.info["atom"]) else "No"


def grounder_random(world_for_row: WorldForRow, turn: PolicyTurn, rng: random.Random) -> str:
    believed_state(
        world_for_row(turn.row), turn.memory, turn.info
    )  # keep the belief in step, as the optimal player does
    return rng.choice(("Yes", "No"))


def planner_reference(world_for_row: WorldForRow, kind: str, row: KeyRow) -> dict[str, Any]:
    """Gold replays the row's optimal plan (the remaining plan at every step); wrong asks
    for an action that does not exist until the step limit."""
    world = world_for_row(row)
    plan = row.answer_key["optimal_plan"]
    if kind == "gold":
        replies = [json.dumps({"plan": [world.action_json(a) for a in plan[i:]]}) for i in range(len(plan))]
    else:
        wrong = json.dumps({"plan": [{"action": "teleport", "parameters": {}}]})
        replies = [wrong] * world.max_steps()
    return {"episode": {"settings": {"mode": "planner"}, "replies": replies}}


def believed_state(world: ViplanWorld, memory: dict[str, Any], info: dict[str, Any]) -> int:
    """Update and return the believed state after the last step's ``info``."""
    task = world.task
    state = memory.setdefault("state", task.init)
    if "executed_actions" in info:  # grounder mode names the actions that really ran
        for name in info["executed_actions"]:
            action = task.action(name)
            state = task.successor(state, action) if action and task.is_applicable(state, action) else state
        memory["state"] = state
        return state
    feedback = info.get("feedback") or {}
    if feedback.get("outcome") != world.feedback.success_outcome or feedback.get("info") == world.feedback.noop_info:
        return state  # nothing moved: an illegal action, or a no-op
    ran = _CALL.fullmatch(str(feedback.get("info", "")))
    name = f"({ran[1]} {' '.join(ran[2].split(', '))})" if ran else info.get("action")
    action = task.action(name) if name else None
    if action is not None and task.is_applicable(state, action):
        state = task.successor(state, action)
    memory["state"] = state
    return state
