"""A config made from a paper's own data plays its episodes as the paper's code did by default
(``Mode.paper_defaults``: the paper's parser and the mode's paper settings); Planarium's
generated configs keep their own defaults, and a setting given explicitly wins and is
recorded as a departure. Driven by the registry: every imported episodic config, every mode
of its family."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from scorer.episodes.base import PARSER_SETTING
from scorer.episodes.engine import make_episode
from scorer.episodes.protocol import episode_departures
from scorer.io.dataset import load_keys
from scorer.registry import configs, families, family_of, listed_configs


def test_a_papers_own_episodes_play_with_its_settings(mini_data: Path) -> None:
    rows = load_keys(mini_data, "test").rows.values()
    checked = []
    for listed in listed_configs():
        if not (listed.importer and listed.task == "episode"):
            continue
        built = next(r for r in rows if r.task == "episode" and family_of(r.domain).name == listed.family)
        as_paper = replace(built, config=listed.name)  # the same problem, as a row of the paper's own config
        family = families()[listed.family]
        for mode in family.modes:
            paper = mode.paper_defaults()
            played = make_episode(as_paper, {"mode": mode.name}).settings
            ours = make_episode(built, {"mode": mode.name}).settings
            assert {key: played[key] for key in paper} == paper, (listed.name, mode.name)
            assert all(ours[key] != value for key, value in paper.items()), (listed.name, mode.name)
            if PARSER_SETTING in paper:  # asked for explicitly, ours is recorded as a departure
                given = {"mode": mode.name, PARSER_SETTING: "ours"}
                other_mode = {} if mode is family.modes[0] else {"mode": mode.name}
                assert episode_departures(as_paper, given) == {PARSER_SETTING: "ours", **other_mode}
            checked.append((listed.name, mode.name))
    imported = [name for name, spec in configs().items() if spec.imported and spec.task == "episode"]
    assert {name for name, _ in checked} == set(imported)
