"""Make an episode for a row and settings, and replay a logged one.

The rollout server and the scorer both come through here, so a replayed episode
runs the very code the live one ran.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scorer.dataset import KeyRow
from scorer.episodes.base import Episode, SettingsError
from scorer.episodes.grounder import GrounderEpisode
from scorer.episodes.planner import PlannerEpisode

MODES: dict[str, Callable[[KeyRow, dict[str, Any]], Episode]] = {
    "planner": PlannerEpisode,
    "grounder": GrounderEpisode,
}


def register_mode(name: str, factory: Callable[[KeyRow, dict[str, Any]], Episode]) -> None:
    MODES[name] = factory


def make_episode(row: KeyRow, settings: Mapping[str, Any] | None = None) -> Episode:
    """A fresh episode; ``settings["mode"]`` picks the mode (planner by default)."""
    if row.task != "episode":
        raise SettingsError(f"row {row.id} is a {row.task!r} question, not an episode")
    chosen = dict(settings or {})
    mode = chosen.setdefault("mode", "planner")
    if mode not in MODES:
        raise SettingsError(f"unknown mode {mode!r}; known: {', '.join(sorted(MODES))}")
    return MODES[mode](row, chosen)


def replay(row: KeyRow, settings: Mapping[str, Any], replies: Sequence[str]) -> dict[str, Any]:
    """Feed logged replies through a fresh episode and recompute its outcome.

    Replies after the episode ended are ignored (and counted), so a log can never
    score better than the episode it records.
    """
    episode = make_episode(row, settings)
    episode.reset()
    used = 0
    for reply in replies:
        if episode.done:
            break
        episode.step(reply)
        used += 1
    return {**episode.outcome(), "ignored_replies": len(replies) - used}
