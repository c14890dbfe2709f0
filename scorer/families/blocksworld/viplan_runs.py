"""How ViPlan's released blocksworld runs replay on ``viplan-blocksworld-episodes``
(``scorer.released``): which row an episode of its results files is, and the action
failures its simulator drew (appendix K: probability 0.1), which our engine cannot redraw.

ViPlan's simulator reports a failed action as legal (``success`` true) with the info
"no-op" (nothing moved) or the call that really ran (``moveblock(r, c2)``: the block
dropped in another column), and a drop that was itself illegal as a failure with that call;
the replay applies exactly those."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scorer.episodes.recorded import ViplanAction, ViplanRuns
from scorer.episodes.viplan_grounder import REFUSED

_CALL = re.compile(r"moveblock\((\w+), (\w+)\)")
NOOP = "no-op"


def episode_key(meta: Mapping[str, Any]) -> str:
    """``.../problems/simple/simple_problem_3.pddl``: the key ends with the row's source."""
    return f"/problems/{meta['source']}"


def planner_step(action: ViplanAction) -> dict[str, str | None] | None:
    """A failure ViPlan's simulator drew: nothing moved, the block dropped in another column,
    or that drop was itself illegal (``success`` false, the call in the info: nothing moved)."""
    info = action.get("info")
    if not isinstance(info, str):
        return None
    if action.get("success") is True and info == NOOP:
        return {"outcome": "success", "info": NOOP, "ran": None}
    ran = _CALL.fullmatch(info)
    if ran is None:
        return None
    if action.get("success") is not True:
        return {"outcome": "failure", "info": info, "ran": None}
    return {"outcome": "success", "info": info, "ran": f"(moveblock {ran[1]} {ran[2]})"}


def grounder_step(entry: ViplanAction) -> dict[str, str | None] | None:
    """A checked action's ``action_info``: "no-op" or the call that ran instead; a call its
    simulator then found illegal (no effects were asked) is a refusal."""
    info = entry.get("action_info")
    if info == NOOP:
        return {"ran": None}
    ran = _CALL.fullmatch(info) if isinstance(info, str) else None
    if ran is None:
        return None
    if entry.get("effects_results") is None:
        return {"outcome": REFUSED, "ran": None}
    return {"ran": f"(moveblock {ran[1]} {ran[2]})"}


VIPLAN_RUNS = ViplanRuns("blocksworld", "viplan-blocksworld-episodes", episode_key, planner_step, grounder_step)
