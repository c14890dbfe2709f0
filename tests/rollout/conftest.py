"""Fixtures: the blocksworld-episodes mini dataset (built once) and servers on free loopback ports."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rollout_client import StartServer

from data_build.build import build
from data_build.spec import BuildSettings
from scorer.rollout import RolloutServer, serve


@pytest.fixture(scope="session")
def episode_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("episodes-parquet")
    build(out, "blocksworld-episodes", BuildSettings(size="mini", show_progress=False))
    return out


@pytest.fixture
def start(episode_data: Path, tmp_path: Path) -> Iterator[StartServer]:
    """Start servers on free ports (log in tmp_path unless given); all are shut down after the test."""
    started: list[RolloutServer] = []

    def start_one(**options: object) -> RolloutServer:
        options.setdefault("log", tmp_path / "episodes.jsonl")
        server = serve(episode_data, port=0, **options)  # type: ignore[arg-type]
        started.append(server)
        return server

    yield start_one
    for server in started:
        server.shutdown()


@pytest.fixture
def server(start: StartServer) -> RolloutServer:
    return start()
