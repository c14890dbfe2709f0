"""Task kind ``episode``: a closed-loop episode, scored by replaying its logged replies.

The prediction is the line the rollout server wrote: ``{"id", "episode": {"settings",
"replies"}}``. The scorer feeds the replies through the same episode engine the server
ran, so success, steps and every other outcome are recomputed, never read from the log;
any outcome fields a client adds are ignored.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from scorer.dataset import KeyRow
from scorer.episodes.base import SettingsError
from scorer.predictions import Prediction
from scorer.report.stats import Metric
from scorer.tasks.base import ScoredRow, TaskKind, Verdict, mean, rate
from scorer.tasks.slidegeom_episode import is_slidegeom, slidegeom_metrics, slidegeom_reference

MAX_REPLY_CHARS = 200_000


def judge(row: KeyRow, prediction: Prediction) -> Verdict:
    episode = prediction.episode
    if episode is None:
        return Verdict(0.0, "invalid", "expected an episode log for an episode row, got a text response")
    problem = _shape_problem(episode)
    if problem:
        return Verdict(0.0, "invalid", problem)
    from scorer.episodes.engine import replay  # here: the engine's modes import task helpers

    try:
        outcome = replay(row, episode.get("settings") or {}, episode["replies"])
    except SettingsError as error:
        return Verdict(0.0, "invalid", f"episode settings: {error}")
    outcome["settings"] = episode.get("settings") or {}
    return Verdict(1.0 if outcome["success"] else 0.0, "success" if outcome["success"] else "failure", outcome)


def _shape_problem(episode: dict[str, Any]) -> str | None:
    replies = episode.get("replies")
    if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
        return "episode.replies must be a list of strings (the raw replies, in order)"
    if any(len(r) > MAX_REPLY_CHARS for r in replies):
        return f"a reply is longer than {MAX_REPLY_CHARS} characters"
    if not isinstance(episode.get("settings", {}), dict):
        return "episode.settings must be an object"
    return None


def aggregate(rows: Sequence[ScoredRow]) -> list[Metric]:
    outcomes = [r.verdict.parsed for r in rows if isinstance(r.verdict.parsed, dict)]
    metrics = [rate("success", [r.verdict.score == 1.0 for r in rows])]
    metrics.append(mean("steps", [o["steps"] for o in outcomes]))
    metrics.append(mean("legal_rate", [o["legal_rate"] for o in outcomes]))
    metrics.append(mean("unparsable_steps", [o["unparsable"] for o in outcomes]))
    graded = [o for o in outcomes if o.get("questions")]
    if graded:
        metrics.append(rate("predicate_accuracy", [c for o in graded for c in o["answers_correct"]]))
        metrics.append(rate("yes_rate", [y for o in graded for y in o["answers_yes"]]))
        metrics.append(rate("true_yes_rate", [t for o in graded for t in o["truths_yes"]]))
    if is_slidegeom(rows):
        metrics += slidegeom_metrics(rows)
    return metrics


def reference(kind: str, row: KeyRow) -> dict[str, Any]:
    """Gold replays the optimal plan; wrong asks for actions that do not exist (see the
    domain's own reference for slidegeom rows)."""
    if row.domain == "slidegeom":
        return slidegeom_reference(kind, row)
    plan = row.answer_key["optimal_plan"]
    if kind == "gold":
        replies = [json.dumps({"plan": [_json_action(a) for a in plan[i:]]}) for i in range(len(plan))]
    else:
        wrong = json.dumps({"plan": [{"action": "teleport", "parameters": {}}]})
        replies = [wrong] * int(row.meta["max_steps"])
    return {"episode": {"settings": {"mode": "planner"}, "replies": replies}}


def _json_action(pddl_name: str) -> dict[str, Any]:
    _, block, column = pddl_name.strip("()").split()
    return {"action": "moveblock", "parameters": {"block": block, "column": column}}


EPISODE = TaskKind("episode", judge, aggregate, reference)
