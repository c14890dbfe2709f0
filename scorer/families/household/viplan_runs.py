"""How ViPlan's released household runs (its ``igibson`` folder) replay on
``viplan-household-episodes`` (``scorer.released``): which row an episode of its results
files is, and what iGibson decided that no PDDL can.

iGibson ran some legal actions without their effect ("executed but failed": ViPlan's loop
shows the action as executed, and nothing changed), and refused some for its own errors
("server returned 500", "No orientation probabilities set": ViPlan's loop shows them as
"parameters incorrectly specified"). Every other outcome is our engine's to decide, so
that a difference from iGibson shows in the reproduction instead of being copied."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.episodes.recorded import ViplanAction, ViplanRuns
from scorer.families.household.actions import REFUSED
from scorer.families.household.world import FEEDBACK

RAN_WITHOUT_EFFECT = "executed but failed"
SIMULATOR_ERRORS = ("server returned 500", "Invalid action: No orientation probabilities set")


def episode_key(meta: Mapping[str, Any]) -> str:
    """``.../simple/sorting_books_simple.pddl_Ihlen_0_int_0``: the source, scene and instance."""
    return f"/{meta['source']}_{meta['igibson_scene']}_{meta['igibson_instance']}"


def planner_step(action: ViplanAction) -> dict[str, str | None] | None:
    info = action.get("info")
    if action.get("success") is True and info == RAN_WITHOUT_EFFECT:
        return {"outcome": FEEDBACK.success_outcome, "info": None, "ran": None}
    if action.get("success") is False and info in SIMULATOR_ERRORS:
        return {"outcome": REFUSED, "info": None, "ran": None}
    return None


VIPLAN_RUNS = ViplanRuns(
    "igibson",
    "viplan-household-episodes",
    episode_key,
    planner_step,
    simulator_departure="tests/released/test_viplan_import.py::test_igibson_ran_navigate_to_on_a_reachable_object",
    replays_grounder=False,  # iGibson's camera decided which questions were asked: not replayed yet
)
