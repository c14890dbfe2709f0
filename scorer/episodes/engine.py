"""Make an episode for a row and settings, and replay a logged one.

The rollout server and the scorer both come through here, so a replayed episode
runs the very code the live one ran. The modes come from the row's family.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorer.episodes.base import PARSER_SETTING, Episode, SettingsError, StepResult
from scorer.episodes.recorded import read_recording
from scorer.io.dataset import KeyRow
from scorer.readers.think import strip_think
from scorer.registry.listing import PAPER_READING

if TYPE_CHECKING:
    from scorer.registry.family import Mode


def make_episode(
    row: KeyRow, settings: Mapping[str, Any] | None = None, recorded: Mapping[str, Any] | None = None
) -> Episode:
    """A fresh episode; ``settings["mode"]`` picks one of the modes the row's family
    offers (by default its first). A row of a config made from a paper's own data takes the
    mode's paper defaults (``Mode.paper_defaults``) where ``settings`` leave them unset.
    ``recorded``: the outcomes a paper's own run decided (``scorer.episodes.recorded``), for
    a replay of its released run."""
    mode, chosen = _mode_and_settings(row, settings)
    recording = read_recording(recorded)
    if recording is None:
        return mode.play(row, chosen)
    if mode.play_recorded is None:
        raise SettingsError(f"mode {mode.name!r} replays no recorded outcomes (episode.recorded)")
    return mode.play_recorded(row, chosen, recording)


def episode_settings(row: KeyRow, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The settings ``make_episode(row, settings)`` plays with, read without making the
    episode (whose start may plan); a SettingsError where it would raise one."""
    mode, chosen = _mode_and_settings(row, settings)
    return mode.settings_of(row, chosen)


def _mode_and_settings(row: KeyRow, settings: Mapping[str, Any] | None) -> tuple[Mode, dict[str, Any]]:
    """The mode ``settings`` pick for ``row`` and the settings it is given."""
    # here: families import the engine to build their rows
    from scorer.registry import headline_reading, mode_for

    if row.task != "episode":
        raise SettingsError(f"row {row.id} is a {row.task!r} question, not an episode")
    chosen = dict(settings or {})
    try:
        mode = mode_for(row.domain, chosen.get("mode"))
    except (KeyError, ValueError) as error:
        raise SettingsError(str(error).strip("'\"")) from None
    if headline_reading(row.config) == PAPER_READING:  # a paper's own episodes play as its code did
        chosen = {**mode.paper_defaults(), **chosen}
    chosen["mode"] = mode.name
    return mode, chosen


def step_on_reply(episode: Episode, reply: str) -> StepResult:
    """One step on ``reply`` read without its ``<think>`` block: the live server and replay
    both step here, so reasoning is never read as an action. Under ``parser: paper`` the
    reply is read whole, as the papers' code reads it. The log keeps the reply as the
    model wrote it (replay strips it again)."""
    paper = episode.settings.get(PARSER_SETTING) == "paper"
    result = episode.step(reply if paper else strip_think(reply))
    if episode.replies and episode.replies[-1] != reply:
        episode.replies[-1] = reply
    return result


def replay(
    row: KeyRow, settings: Mapping[str, Any], replies: Sequence[str], recorded: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Feed logged replies through a fresh episode and recompute its outcome.

    Replies after the episode ended are ignored (and counted), so a log can never
    score better than the episode it records.
    """
    episode = make_episode(row, settings, recorded)
    episode.reset()
    used = 0
    for reply in replies:
        if episode.done:
            break
        step_on_reply(episode, reply)
        used += 1
    return {**episode.outcome(), "ignored_replies": len(replies) - used}
