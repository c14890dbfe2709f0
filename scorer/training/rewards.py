"""Rewards for training on Planarium: the benchmark's verdicts, as numbers a trainer takes.

``reward(row, response)`` judges one reply (a question's text, or an episode's log) with
the very judge ``score`` runs (``scorer.scoring.grading.judge_row``): there is no second
implementation of any verdict, so a reward always equals the row's score in
``results.rows.jsonl`` for the same reply. It is deterministic and never executes text.

Sparse (the default): ``value`` is the verdict's score, 1 or 0 (a board description
scores the share of its geoms it got right).

Shaped (``shaped=True``), from the same verdict's components:

- every question kind (all but ``episode``; ``scorer.registry.task_kinds()`` lists them)::

      value = 0.1 * format + 0.1 * validity + 0.8 * correct

  ``format``: an answer of the asked form was found (the reason is not ``unparsable``;
  an ``invalid`` verdict with nothing parsed, a reply past the length cap or an episode log
  given for a question, has no format either); ``validity``: it was found and the
  question's rules accept it (not ``invalid``: e.g. an ACP answer naming an object the task
  lacks, a PDDL formula, a route through a wall; a yes/no answer is always valid once
  parsed); ``correct``: the verdict's score. ``undecided`` (a planner bound hit) keeps
  format and validity and scores correct 0. A missing reply is 0 throughout.

- ``episode``::

      value = 0.1 * format + 0.1 * validity + 0.8 * (1 if success else 0.5 * progress)

  ``format``: the share of steps whose reply parsed (1 - unparsable / steps);
  ``validity``: the episode's legal rate (legal actions / steps, as the engine counts
  them); ``progress`` where the engine's outcome gives a distance to the goal:
  ``(start_distance - final_distance) / start_distance`` clipped to [0, 1] (the sliding
  geom puzzle's A* distance, iVISPAR), or the share of the goals left at the start that
  the episode reached, ``(goals_reached - start_goals_reached) / (1 - start_goals_reached)``
  clipped to [0, 1] (AsgardBench's tasks, whose scenes may satisfy some goals before any
  step). Progress is counted from the episode's start either way, so an agent that never
  acts earns no progress, only the format and validity terms it met. ViPlan's planner and grounder modes
  report no distance to the goal (the optimal distance of every state visited would cost a
  search per step): their progress term is absent (weight 0, the component not given), so
  their shaped value is format, validity and success only. An episode with no step scores 0.

``step_rewards(row, episode)`` gives one reward per reply the episode used (replies after
it ended are ignored, as ``score`` ignores them): the change of the episode's value after
each step, the same formula applied to the outcome so far. They sum to
``reward(row, episode).value``; sparse, the step that reaches the goal gets 1, every other 0.

``planarium_reward(config)`` (``scorer.training.rewards_trl``) wraps ``reward`` as a TRL reward function.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.scoring.grading import judge_row
from scorer.tasks import Judgement, Reason

__all__ = ["QUESTION_WEIGHTS", "Reward", "reward", "shaped_formula", "step_rewards"]

# (format, validity, correct): the shaped weights, for questions and episodes alike.
QUESTION_WEIGHTS = (0.1, 0.1, 0.8)
PARTIAL_PROGRESS = 0.5  # an unfinished episode's progress counts half of a success
EPISODE_TASK = "episode"
_NO_FORMAT = (Reason.UNPARSABLE, Reason.MISSING)


@dataclass(frozen=True, slots=True)
class Reward:
    """One reply's reward: ``value`` (sparse: the verdict's score; shaped: the kind's
    formula), ``reason`` (the verdict's reason, as results files write it) and the
    ``components`` the shaped formula is made of (each in [0, 1])."""

    value: float
    reason: str
    components: dict[str, float] = field(default_factory=dict)


def reward(row: KeyRow, response: str | Mapping[str, Any] | None, shaped: bool = False) -> Reward:
    """The reward of ``response`` to ``row``: a question's raw reply text, or for an episode
    row its log (``{"settings": ..., "replies": [...]}``, or the whole line the rollout server
    wrote, ``{"id": ..., "episode": {...}}``); None is a missing reply."""
    if not isinstance(row, KeyRow):
        raise TypeError(f"reward needs the row (a KeyRow of scorer.io.dataset), got {type(row).__name__}")
    judgement = judge_row(row, _prediction(row, response))
    episode = row.task == EPISODE_TASK
    components = _episode_components(judgement) if episode else _question_components(judgement)
    value = shaped_value(row.task, components) if shaped else judgement.score
    return Reward(value, judgement.reason.value, components)


def shaped_value(task: str, components: Mapping[str, float]) -> float:
    """The shaped formula of the module doc, for a kind's components."""
    form, valid, correct = QUESTION_WEIGHTS
    if task != EPISODE_TASK:
        return form * components["format"] + valid * components["validity"] + correct * components["correct"]
    goal = components["correct"]
    if goal < 1.0:
        goal = PARTIAL_PROGRESS * components.get("progress", 0.0)
    return form * components["format"] + valid * components["validity"] + correct * goal


def shaped_formula(task: str) -> str:
    """The shaped formula of a task kind, in words (as the module doc gives it)."""
    if task == EPISODE_TASK:
        return "0.1 * format + 0.1 * validity + 0.8 * (1 if success else 0.5 * progress)"
    return "0.1 * format + 0.1 * validity + 0.8 * correct"


def step_rewards(row: KeyRow, episode: Mapping[str, Any], shaped: bool = False) -> list[float]:
    """One reward per reply the episode used: the change of its (sparse or shaped) value at
    each step, by replaying the replies through the episode engine one at a time. Empty when
    the log is refused (``reward`` says why: an ``invalid`` verdict)."""
    if row.task != EPISODE_TASK:
        raise ValueError(f"row {row.id} is a {row.task!r} question: step rewards are for episode rows")
    log = _episode_log(episode)
    if judge_row(row, Prediction(row.id, 0, None, log, None)).reason is Reason.INVALID:
        return []
    from scorer.episodes.engine import make_episode, step_on_reply  # here: the engine imports the families

    played = make_episode(row, log.get("settings") or {})
    played.reset()
    rewards: list[float] = []
    before = 0.0
    for reply in log["replies"]:
        if played.done:
            break
        step_on_reply(played, reply)
        outcome = played.outcome()
        components = outcome_components(outcome, 1.0 if outcome["success"] else 0.0)
        after = shaped_value(EPISODE_TASK, components) if shaped else components["correct"]
        rewards.append(after - before)
        before = after
    return rewards


def _prediction(row: KeyRow, response: str | Mapping[str, Any] | None) -> Prediction | None:
    if response is None:
        return None
    if isinstance(response, str):
        return Prediction(row.id, 0, response, None, None)
    if isinstance(response, Mapping):
        return Prediction(row.id, 0, None, _episode_log(response), None)
    raise TypeError(f"a response is a reply text or an episode log (a dict), got {type(response).__name__}")


def _episode_log(given: Mapping[str, Any]) -> dict[str, Any]:
    """The ``episode`` object of a log: given as it is, or inside the server's whole log line."""
    inner = given.get("episode")
    return dict(inner) if isinstance(inner, Mapping) else dict(given)


def _question_components(judgement: Judgement) -> dict[str, float]:
    reason = judgement.reason
    parsed = reason not in _NO_FORMAT and not (reason is Reason.INVALID and judgement.parsed is None)
    valid = parsed and reason is not Reason.INVALID
    return {"format": float(parsed), "validity": float(valid), "correct": judgement.score}


def _episode_components(judgement: Judgement) -> dict[str, float]:
    outcome = judgement.parsed
    if not isinstance(outcome, Mapping):  # missing, or a refused log: nothing was played
        return {"format": 0.0, "validity": 0.0, "correct": judgement.score}
    return outcome_components(outcome, judgement.score)


def outcome_components(outcome: Mapping[str, Any], score: float) -> dict[str, float]:
    """An episode outcome's components: format, validity, correct and, where the engine
    gives a distance to the goal, progress."""
    steps = outcome.get("steps") or 0
    components = {
        "format": 1.0 - outcome.get("unparsable", 0) / steps if steps else 0.0,
        "validity": float(outcome.get("legal_rate", 0.0)) if steps else 0.0,
        "correct": score,
    }
    progress = _progress(outcome)
    if progress is not None:
        components["progress"] = progress
    return components


def _progress(outcome: Mapping[str, Any]) -> float | None:
    """How far toward the goal the episode got, in [0, 1]; None when its outcome says not."""
    start, final = outcome.get("start_distance"), outcome.get("final_distance")
    if isinstance(start, int | float) and isinstance(final, int | float):
        if start <= 0:
            return 1.0 if final <= 0 else 0.0
        return min(1.0, max(0.0, (start - final) / start))
    reached = outcome.get("goals_reached")
    if isinstance(reached, int | float) and not isinstance(reached, bool):
        before = outcome.get("start_goals_reached")
        at_start = float(before) if isinstance(before, int | float) and not isinstance(before, bool) else 0.0
        if at_start >= 1:
            return 1.0 if reached >= 1 else 0.0
        return min(1.0, max(0.0, (float(reached) - at_start) / (1.0 - at_start)))
    return None
