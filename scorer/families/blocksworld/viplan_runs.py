"""How ViPlan's released blocksworld runs replay on ``viplan-blocksworld-episodes``
(``scorer.released``): which row an episode of its results files is, and the action
failures its simulator drew (appendix K: probability 0.1), which our engine cannot redraw.

ViPlan's simulator reports a failed action as legal (``success`` true) with the info
"no-op" (nothing moved) or the call that really ran (``moveblock(r, c2)``: the block
dropped in another column); the replay applies exactly those."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scorer.episodes.recorded import ViplanAction, ViplanRuns

_CALL = re.compile(r"moveblock\((\w+), (\w+)\)")
NOOP = "no-op"


def episode_key(meta: Mapping[str, Any]) -> str:
    """``.../problems/simple/simple_problem_3.pddl``: the key ends with the row's source."""
    return f"/problems/{meta['source']}"


def planner_step(action: ViplanAction) -> dict[str, str | None] | None:
    info = action.get("info")
    if action.get("success") is not True or not isinstance(info, str):
        return None
    if info == NOOP:
        return {"outcome": "success", "info": NOOP, "ran": None}
    ran = _CALL.fullmatch(info)
    return {"outcome": "success", "info": info, "ran": f"(moveblock {ran[1]} {ran[2]})"} if ran else None


def grounder_step(entry: ViplanAction) -> dict[str, str | None] | None:
    """A checked action's ``action_info``: "no-op" or the call that ran instead."""
    info = entry.get("action_info")
    if info == NOOP:
        return {"ran": None}
    ran = _CALL.fullmatch(info) if isinstance(info, str) else None
    return {"ran": f"(moveblock {ran[1]} {ran[2]})"} if ran else None


VIPLAN_RUNS = ViplanRuns("blocksworld", "viplan-blocksworld-episodes", episode_key, planner_step, grounder_step)
