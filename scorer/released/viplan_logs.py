"""One episode of ViPlan's released run as the episode log ``score`` replays.

Planner episodes (``vila``): ViPlan kept, per step, the model's reply as its own
``parse_json_output`` read it (``plans``), the action its loop took and the simulator's
outcome (``actions``), and the feedback it showed (``previous_actions``). The log's replies
are those documents as JSON, which both of our readings read as ViPlan's did. Where ViPlan's
loop stopped on a reply that was not JSON it kept no text; the log has an empty reply there,
which ends the episode under ViPlan's reading as it ended ViPlan's. The outcomes only
ViPlan's simulator could decide go in ``recorded`` (``scorer.episodes.recorded``), one entry
per step, from the family's ``ViplanRuns.planner_step``.
"""

from __future__ import annotations

import json
from typing import Any

from scorer.dataset import KeyRow
from scorer.episodes.recorded import ViplanRuns
from scorer.released.viplan_runs import RunFile

UNRECORDED_REPLY = ""  # ViPlan's loop broke on a reply that was not JSON and kept no text


def source_of(run: RunFile) -> str:
    return f"ViPlan's released run {'/'.join(run.path.parts[-6:])}"


def planner_log(run: RunFile, row: KeyRow, record: dict[str, Any] | None, runs: ViplanRuns) -> dict[str, Any]:
    """The log line of one planner episode (``record`` None: ViPlan could not load the problem,
    so the episode has no reply and fails, as ViPlan counted it)."""
    plans = list(record["plans"]) if record else []
    replies = [json.dumps(plan) for plan in plans]
    if record and _stopped_on_unparsable(record, row):
        replies.append(UNRECORDED_REPLY)
    steps = [runs.planner_step(action) for action in record["actions"]] if record else []
    settings = {"mode": "planner", "cot": run.cot, "fail_prob": run.fail_prob}
    recorded = {"source": source_of(run), "steps": steps[: len(replies)]}
    return {
        "id": row.id,
        "model": run.model,
        "episode": {"settings": settings, "replies": replies, "recorded": recorded},
    }


def _stopped_on_unparsable(record: dict[str, Any], row: KeyRow) -> bool:
    """ViPlan's loop ended early on a JSON error: no goal, steps left, and every kept plan
    has its action and its feedback entry (another early stop leaves a plan without feedback)."""
    plans, actions, feedback = record["plans"], record["actions"], record["previous_actions"]
    steps_left = len(plans) < int(row.meta["max_steps"])
    return not record["completed"] and steps_left and len(actions) == len(plans) == len(feedback)


def grounder_log(run: RunFile, row: KeyRow, record: dict[str, Any] | None, runs: ViplanRuns) -> dict[str, Any]:
    raise NotImplementedError("grounder replays come next")
