"""The conformance suite: what every family must satisfy, parametrized by the registry.

Nothing here names a family, a config, a mode or a domain. The parameters come from
``scorer.registry`` at collection time, so a new family (one more line in the registry)
gets every check below with no test edits:

* ``built_config`` - every config a family declares with ``imported == False``. On the
  session's mini build (``mini_data``): ``datasets.load_dataset`` reads each split back
  with the ids and row count the shards hold and every image decodes; the card has the
  config's YAML entry and its ``## <config>`` section; the gold answers score 1 and the
  wrong reference 0 on every row; rebuilding that one config into a fresh folder gives
  byte-identical shards. Imported configs (``planarium import``) are left to their
  family's import tests here: they need the paper's files, and their gold is not 100%
  where the paper's keys are disputed.
* ``episode_mode`` - every (episodic built config, mode its family offers), and every
  imported episodic config whose ``ConfigSpec.external`` folder ../shared/external holds
  (imported into a copy of the mini build, ``episode_data``; skipped when absent). The optimal
  agent plays the first rows through the real rollout server on loopback and wins them
  all; each logged episode replays step by step to what the client saw; a tampered log
  earns nothing it did not earn (added outcome fields are ignored, edited replies score
  what a fresh replay of them scores, bad settings are invalid, rule-changing settings are
  rejected or recorded in the scored outcome). The random agent supplies losing logs.
* ``domain`` - every domain a family declares. On the smallest problem (by PDDL length) of
  that domain in the mini build, a corpus of valid and invalid plans gets the same verdict
  (and the same first failing step) from our ``validate_plan`` and from unified-planning's
  sequential plan validator.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conformance_cases import (
    EXTERNAL,
    PLAYED_ROWS,
    EpisodeMode,
    PlayFn,
    built_configs,
    declared_domains,
    episode_modes,
)
from recording_client import Play, RecordingClient

from planarium_agents import make_agent
from planarium_agents.runner import run_episodes
from scorer.io.dataset import KeyRow, load_keys
from scorer.registry import configs
from scorer.rollout import RolloutServer, serve


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that takes ``built_config``, ``episode_mode`` or ``domain`` runs once for each
    the registry declares; the ids name it, so a failure says which one broke."""
    cases: dict[str, Callable[[], list]] = {
        "built_config": built_configs,
        "episode_mode": episode_modes,
        "domain": declared_domains,
    }
    for argument, listed in cases.items():
        if argument in metafunc.fixturenames:
            metafunc.parametrize(argument, listed(), ids=str)


@pytest.fixture(scope="session")
def conformance_server(episode_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RolloutServer]:
    server = serve(episode_data, port=0, log=tmp_path_factory.mktemp("conformance-log") / "episodes.jsonl")
    yield server
    server.shutdown()


@pytest.fixture(scope="session")
def plays(episode_data: Path, conformance_server: RolloutServer) -> PlayFn:
    """``plays(episode_mode, agent)``: the first test rows of the config played by ``agent``
    through the server, each with what the client received; played once per session."""
    keys = load_keys(episode_data)
    played: dict[tuple[EpisodeMode, str], list[Play]] = {}

    def play(case: EpisodeMode, agent: str) -> list[Play]:
        spec = configs()[case.config]
        if spec.imported and not (EXTERNAL / str(spec.external)).is_dir():
            pytest.skip(f"{case.config} is imported from ../shared/external/{spec.external}, which is absent")
        if (case, agent) not in played:
            rows = [row for row in keys.rows.values() if row.config == case.config][:PLAYED_ROWS]
            played[(case, agent)] = _play(conformance_server.url, rows, case.mode, agent)
        return played[(case, agent)]

    return play


def _play(url: str, rows: list[KeyRow], mode: str, agent: str) -> list[Play]:
    assert rows, "the mini build has no test rows for this config"
    client = RecordingClient(url)
    report = run_episodes(client, make_agent(agent), rows, {"mode": mode}, agent)
    assert not report.errors, report.errors
    return client.plays(rows, report.logs)
