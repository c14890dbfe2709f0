"""The episode viewer's data: a logged episode replayed step by step.

Each step holds what the model saw (the prompt and its images), its raw reply, and what
the episode made of the reply (the step's info: the action read, its outcome, the
feedback). The data comes from the same engine the scorer replays with, so the viewer
shows exactly what was scored.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable
from functools import cache
from typing import Any

from scorer.episodes.base import Observation, SettingsError
from scorer.episodes.engine import make_episode, step_on_reply
from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.registry.fidelity import Departure, all_departures
from scorer.render.png import SERVE_LEVEL
from scorer.scoring.results import cut

VIEWS = "Views and boards"  # the departures section on what a model sees (scorer.registry.fidelity)
MAX_SHOWN_CHARS = 20_000  # a reply or prompt this long is cut in the page (the scorer read it all)


def episode_views(rows: Iterable[KeyRow], predictions: dict[str, Prediction], per_config: int) -> list[dict[str, Any]]:
    """Up to ``per_config`` logged episodes of each config, replayed for the viewer."""
    shown: dict[str, int] = {}
    views = []
    for row in rows:
        prediction = predictions.get(row.id)
        if row.task != "episode" or prediction is None or prediction.episode is None:
            continue
        if shown.get(row.config, 0) >= per_config:
            continue
        view = replayed(row, prediction.episode)
        if view is not None:
            shown[row.config] = shown.get(row.config, 0) + 1
            views.append(view)
    return views


def replayed(row: KeyRow, log: dict[str, Any]) -> dict[str, Any] | None:
    """The steps of one log; None when its settings are refused (the scorer calls it invalid)."""
    replies = log.get("replies")
    if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
        return None
    recorded = log.get("recorded")
    try:
        # with what a paper's own run decided (``recorded``), as the scorer replays it
        episode = make_episode(row, log.get("settings") or {}, recorded)
    except SettingsError:
        return None
    observation, _ = episode.reset()
    steps = []
    for reply in replies:
        if episode.done:
            break
        result = step_on_reply(episode, reply)
        steps.append(_step(observation, reply, result.info))
        observation = result.observation
    steps.append(_step(observation, None, None))  # what the episode showed at its end
    success = bool(episode.outcome().get("success"))
    outcome = "success" if success else "failure"
    return {
        "id": row.id,
        "config": row.config,
        "outcome": outcome,
        "note": recorded_note(row, recorded),
        "steps": steps,
    }


def recorded_note(row: KeyRow, recorded: Any) -> str:
    """For a replay of a paper's released run: its model answered that run's images, not the
    ones shown here. What each was comes from the family's departure on its images."""
    if not isinstance(recorded, dict):
        return ""
    note = f"Replayed from {recorded.get('source')}: the model's replies answered that run's images, not these."
    drawn = images_departure(row.config)
    if drawn is not None:
        note += f" The model saw {drawn.paper}. Shown here: {drawn.ours}."
    return note


@cache
def images_departure(config: str) -> Departure | None:
    """The departure of ``config``'s views that nothing restores: the paper's images are not ours."""
    return next(
        (
            d
            for d in all_departures()
            if d.section == VIEWS and f"`{config}`" in d.configs and d.restore.startswith("none")
        ),
        None,
    )


def _step(observation: Observation, reply: str | None, info: dict[str, Any] | None) -> dict[str, Any]:
    # The server's PNG level, not the build's: the pixels are the same, drawn and encoded in half
    # the CPU (a mini build's episodes: 2.8-3.1 against 5.0-6.6 s), for a report 24% larger.
    return {
        "images": [base64.b64encode(png).decode("ascii") for png in observation.images_png(SERVE_LEVEL)],
        "prompt": cut(observation.text, MAX_SHOWN_CHARS),
        "reply": cut(reply, MAX_SHOWN_CHARS),
        "info": None if info is None else _info_text(info),
    }


def _info_text(info: dict[str, Any]) -> str:
    return "\n".join(f"{key}: {json.dumps(value, sort_keys=True)}" for key, value in info.items() if key != "step")
