"""How ViPlan's released household runs (its ``igibson`` folder) replay on
``viplan-household-episodes`` (``scorer.released``): which row an episode of its results
files is, and what iGibson decided that no PDDL can.

iGibson decided every action's outcome in its own scenes, which we cannot load: it ran
actions (sometimes without their effect: "executed but failed", nothing changed), refused
others (its check, "not legal", or its own errors: "server returned 500", "No orientation
probabilities set"; ViPlan's loop shows each as "parameters incorrectly specified"). Its
verdict stands in the replay; where our PDDL in our home judges otherwise, the outcome counts
a ``recorded_conflicts`` (most often iGibson running ``navigate-to`` on an object already
reachable, which ViPlan's own domain refuses), so the difference shows instead of hiding."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.episodes.recorded import ViplanAction, ViplanRuns
from scorer.episodes.viplan_grounder import REFUSED as GROUNDER_REFUSED
from scorer.episodes.viplan_world import viplan_pddl_name
from scorer.families.household.actions import REFUSED
from scorer.families.household.world import FEEDBACK

RAN_WITHOUT_EFFECT = "executed but failed"
NOT_LEGAL = "not legal"
# Its server's errors on an action it could name: an HTTP 500, no orientation probabilities set,
# or an object of the problem missing from its scene ("Found 0 matches for 'door_1' in object names")
SIMULATOR_ERRORS = (
    "server returned 500",
    "Invalid action: No orientation probabilities set",
    "Invalid action: Found 0 matches for",
)


def episode_key(meta: Mapping[str, Any]) -> str:
    """``.../simple/sorting_books_simple.pddl_Ihlen_0_int_0``: the source, scene and instance."""
    return f"/{meta['source']}_{meta['igibson_scene']}_{meta['igibson_instance']}"


def planner_step(action: ViplanAction) -> dict[str, str | None] | None:
    """iGibson's verdict on the step's action: executed (with its effect, or without it), or
    refused (its check, or its own error). An action iGibson could not even name (an object
    or action that does not exist) is our engine's to judge."""
    info, success = action.get("info"), action.get("success")
    if success is True and info == RAN_WITHOUT_EFFECT:
        return {"outcome": FEEDBACK.success_outcome, "info": None, "ran": None}
    if success is True:
        return {"outcome": FEEDBACK.success_outcome, "info": None, "ran": viplan_pddl_name(str(action["action"]))}
    if success is False and (info == NOT_LEGAL or str(info).startswith(SIMULATOR_ERRORS)):
        return {"outcome": REFUSED, "info": None, "ran": None}
    return None


def grounder_step(entry: ViplanAction) -> dict[str, str | None] | None:
    """iGibson's verdict on a checked action: it ran (with or without its effect), or it
    refused it; None where the action was called off before iGibson was asked."""
    info = entry.get("action_info")
    if entry.get("effects_results") is not None:
        return {"ran": None if info == RAN_WITHOUT_EFFECT else viplan_pddl_name(str(entry["action"]))}
    return {"outcome": GROUNDER_REFUSED, "ran": None} if info is not None else None


VIPLAN_RUNS = ViplanRuns(
    "igibson",
    "viplan-household-episodes",
    episode_key,
    planner_step,
    grounder_step,
    simulator_departure="tests/released/test_viplan_import.py::test_igibson_ran_navigate_to_on_a_reachable_object",
    recorded_scene=True,  # iGibson decided what its camera showed, what was true and the goal
    grounder_max_actions=lambda meta: int(meta["max_steps"]),  # its runs passed the step limit
)
