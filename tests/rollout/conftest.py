"""Fixtures: the blocksworld-episodes mini dataset (built once), the same with a train split
(built once, when a test asks for it), and servers on free loopback ports."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from rollout_client import StartServer

from data_build.build import build, build_train
from data_build.spec import BuildSettings
from data_build.train import TrainSettings
from scorer.rollout import RolloutServer, serve


@pytest.fixture(scope="session")
def episode_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("episodes-parquet")
    build(out, "blocksworld-episodes", BuildSettings(size="mini", show_progress=False))
    return out


# slidegeom's train draw takes seconds where blocksworld's enumerates each problem's states (a minute).
TRAIN_CONFIG = "slidegeom-episodes"


@pytest.fixture(scope="session")
def train_data(episode_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``episode_data`` plus a two-row train split of TRAIN_CONFIG (its mini test and dev come with it)."""
    out = tmp_path_factory.mktemp("train-parquet") / "parquet"
    shutil.copytree(episode_data, out)
    build_train(out, TRAIN_CONFIG, TrainSettings(size=2, seed=7, show_progress=False))
    return out


@pytest.fixture
def start(episode_data: Path, tmp_path: Path) -> Iterator[StartServer]:
    """Start servers on free ports (on ``episode_data`` and with the log in tmp_path unless given);
    all are shut down after the test."""
    started: list[RolloutServer] = []

    def start_one(**options: object) -> RolloutServer:
        options.setdefault("log", tmp_path / "episodes.jsonl")
        data = options.pop("data", episode_data)
        server = serve(data, port=0, **options)  # type: ignore[arg-type]
        started.append(server)
        return server

    yield start_one
    for server in started:
        server.shutdown()


@pytest.fixture
def server(start: StartServer) -> RolloutServer:
    return start()
