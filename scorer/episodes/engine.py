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
from scorer.episodes.slidegeom import SlideGeomEpisode

MODES: dict[str, Callable[[KeyRow, dict[str, Any]], Episode]] = {
    "planner": PlannerEpisode,
    "grounder": GrounderEpisode,
    "slidegeom": SlideGeomEpisode,
}
# The row domains each mode can play (a mode reads its own domain's rows); absent: any.
MODE_DOMAINS: dict[str, tuple[str, ...]] = {
    "planner": ("blocksworld",),
    "grounder": ("blocksworld",),
    "slidegeom": ("slidegeom",),
}
# The mode a row plays when the settings name none.
DEFAULT_MODES: dict[str, str] = {"blocksworld": "planner", "slidegeom": "slidegeom"}
FALLBACK_MODE = "planner"


def register_mode(name: str, factory: Callable[[KeyRow, dict[str, Any]], Episode],
                  domains: tuple[str, ...] = ()) -> None:
    """Add a mode; ``domains`` lists the row domains it plays (empty: any)."""
    MODES[name] = factory
    if domains:
        MODE_DOMAINS[name] = domains


def make_episode(row: KeyRow, settings: Mapping[str, Any] | None = None) -> Episode:
    """A fresh episode; ``settings["mode"]`` picks the mode (by default the row domain's:
    planner for blocksworld, slidegeom for slidegeom)."""
    if row.task != "episode":
        raise SettingsError(f"row {row.id} is a {row.task!r} question, not an episode")
    chosen = dict(settings or {})
    mode = chosen.setdefault("mode", DEFAULT_MODES.get(row.domain, FALLBACK_MODE))
    if mode not in MODES:
        raise SettingsError(f"unknown mode {mode!r}; known: {', '.join(sorted(MODES))}")
    domains = MODE_DOMAINS.get(mode, ())
    if domains and row.domain not in domains:
        suggestion = f" (use mode {DEFAULT_MODES[row.domain]!r})" if row.domain in DEFAULT_MODES else ""
        raise SettingsError(f"mode {mode!r} plays {' or '.join(domains)} rows, but row {row.id} is a "
                            f"{row.domain} row{suggestion}")
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
