"""``episode_settings`` reads the settings an episode plays with without making it (the
scorer asks twice per replayed row, and a grounder's start plans): for every episodic
config of the mini build and every mode of its family, the settings of a made episode, or
the same SettingsError. Driven by the registry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorer.episodes.base import PARSER_SETTING, SettingsError
from scorer.episodes.engine import episode_settings, make_episode
from scorer.io.dataset import KeyRow, load_keys
from scorer.registry import family_of


def _read(read: Any, row: KeyRow, settings: dict[str, Any]) -> dict[str, Any] | str:
    try:
        return read(row, settings)
    except SettingsError as error:
        return f"SettingsError: {error}"


def _variants(row: KeyRow, mode: str, paper_parser: str) -> list[dict[str, Any]]:
    """The mode's defaults, each setting off them where its type allows, and settings it refuses."""
    defaults = make_episode(row, {"mode": mode}).settings
    variants: list[dict[str, Any]] = [{}, {"mode": mode}, {"mode": mode, "no such setting": 1}]
    for key, value in defaults.items():
        if isinstance(value, bool):
            variants.append({"mode": mode, key: not value})
        elif isinstance(value, int | float):
            variants += [{"mode": mode, key: value + 1}, {"mode": mode, key: -1}, {"mode": mode, key: "x"}]
        elif isinstance(value, str) and key != "mode":
            variants.append({"mode": mode, key: "no such value"})
    if paper_parser:
        variants.append({"mode": mode, PARSER_SETTING: "paper"})
    return variants


def test_episode_settings_are_the_made_episodes(mini_data: Path) -> None:
    rows: dict[str, KeyRow] = {}
    for row in load_keys(mini_data, "test").rows.values():
        if row.task == "episode":
            rows.setdefault(row.config, row)
    compared = refused = 0
    for config, row in rows.items():
        for mode in family_of(row.domain).modes:
            for settings in _variants(row, mode.name, mode.paper_parser):
                made = _read(lambda r, s: make_episode(r, s).settings, row, settings)
                assert _read(episode_settings, row, settings) == made, (config, settings)
                compared += 1
                refused += isinstance(made, str)
    assert len(rows) >= 4 and 0 < refused < compared
