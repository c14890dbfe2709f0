"""Whether a result ran the paper's protocol, or which settings departed from it.

The protocol of a config is its defaults: each episode row played in its family's default
mode with that mode's default settings (for the row), questions asked with the ``prompt``
column, the model sampled as the config's paper states (``ConfigSpec.sampling``), and no
guided decoding. A result that changed any of them (a larger ``max_steps``, another
``fail_prob``, ``--variant cot``, temperature 0 where the paper sampled at 1, ...) is
off-protocol: its numbers do not compare with the paper's, nor with on-protocol runs.

``results.json`` carries, per config, ``protocol: {"on": bool, "departures": {setting:
value}}``, and ``unrecorded``: what the file cannot tell (a predictions file scored by
``score`` does not say how its model was sampled or which prompt column it was sent).
Defaults are asked of each row's mode (``make_episode`` with no settings) and of each
config's spec: no family is named here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from scorer.io.dataset import KeyRow

PAPER_VARIANT = "prompt"  # the prompt column each config's paper sends
EPISODE_TASK = "episode"  # rows played step by step: their settings are logged per row
DEPARTURES = "departures"  # the key of a row's outcome that lists its settings off the defaults
UNRECORDED_EPISODES = "episode settings"


def episode_departures(row: KeyRow, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The logged ``settings`` of an episode row that differ from the defaults: another mode
    than the family's first, or a setting of the chosen mode off its default for this row.
    A SettingsError (settings the mode refuses) is the caller's to handle."""
    from scorer.episodes.engine import episode_settings
    from scorer.registry import mode_for

    default_mode = mode_for(row.domain, None).name
    chosen = episode_settings(row, settings)  # the settings as the mode reads them (types, defaults)
    defaults = episode_settings(row, {"mode": chosen.get("mode", default_mode)})
    departures = {key: value for key, value in chosen.items() if key not in defaults or defaults[key] != value}
    if chosen.get("mode", default_mode) != default_mode:
        departures["mode"] = chosen["mode"]
    return departures


def merged_departures(outcomes: Iterable[Any]) -> dict[str, Any]:
    """The departures of a config's rows (``DEPARTURES`` of each row's outcome): a setting's
    value when every row that departs agrees, else the list of its distinct values."""
    values: dict[str, dict[str, Any]] = {}
    for outcome in outcomes:
        if not isinstance(outcome, dict):
            continue
        for key, value in (outcome.get(DEPARTURES) or {}).items():
            values.setdefault(key, {})[json.dumps(value, sort_keys=True)] = value
    return {
        key: next(iter(seen.values())) if len(seen) == 1 else [seen[k] for k in sorted(seen)]
        for key, seen in sorted(values.items())
    }


def config_protocol(
    config: str, task: str, row_departures: dict[str, Any] | None, run: Mapping[str, Any]
) -> dict[str, Any]:
    """The protocol entry of one config. ``row_departures``: the episode rows' departures
    (``merged_departures``; None when they were not recorded, as in an older results file);
    ``run``: the record of the run that asked the model (``scorer.scoring.provenance``)."""
    settings = run.get("settings") or {}
    departures: dict[str, Any] = {}
    unrecorded: list[str] = []
    if task == EPISODE_TASK:
        if row_departures is None:
            unrecorded.append(UNRECORDED_EPISODES)
        departures.update(row_departures or {})
    if not settings.get("gold"):  # the answer keys were asked of no model
        if task != EPISODE_TASK:
            variant = run.get("variant")
            if variant is None:
                unrecorded.append("variant")
            elif variant != PAPER_VARIANT:
                departures["variant"] = variant
        sampled = (settings.get("sampling_by_config") or {}).get(config)
        off_sampling = sampling_departure(config, sampled) if isinstance(sampled, dict) else None
        if off_sampling is None:
            unrecorded.append("sampling")
        elif off_sampling:
            departures["sampling"] = off_sampling
        if settings.get("constrained"):
            departures["constrained"] = True
    entry: dict[str, Any] = {"on": not departures, "departures": departures}
    if unrecorded:
        entry["unrecorded"] = unrecorded
    return entry


def sampling_departure(config: str, sampled: Mapping[str, Any]) -> dict[str, Any] | None:
    """The sampling a config was asked with when it is not its paper's ({} when it is; None
    when no registered config says what its paper's is). ``max_tokens`` is not compared."""
    from scorer.registry import configs

    spec = configs().get(config)
    if spec is None:
        return None
    expected = {"temperature": 0.0, **spec.sampling.settings}  # as `eval --sampling paper` sends it
    given = {key: value for key, value in sampled.items() if key != "max_tokens"}
    return {} if _same(given, expected) else given


def _same(given: Mapping[str, Any], expected: Mapping[str, Any]) -> bool:
    if set(given) != set(expected):
        return False
    return all(
        float(value) == float(expected[key])
        if isinstance(value, int | float) and isinstance(expected[key], int | float)
        else value == expected[key]
        for key, value in given.items()
    )


def protocol_of(document: Mapping[str, Any], config: str) -> dict[str, Any]:
    """The protocol of ``config`` in a results document; computed from its run record where
    the file predates the flag (its episode settings are then unrecorded)."""
    entry = document.get("configs", {}).get(config) or {}
    found = entry.get("protocol")
    if isinstance(found, dict) and "on" in found:
        return found
    run = document.get("run")
    return config_protocol(config, str(entry.get("task", "")), None, run if isinstance(run, dict) else {})


def describe(departures: Mapping[str, Any]) -> str:
    """``max_steps=40, fail_prob=0.1``: the departures as one line."""
    return ", ".join(f"{key}={_value_text(value)}" for key, value in departures.items())


def _value_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)
