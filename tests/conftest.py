"""Shared fixtures: one mini dataset built once per test session into a temp folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from data_build.build import build
from data_build.spec import BuildSettings

MINI = BuildSettings(size="mini", seed=0, show_progress=False)


@pytest.fixture(scope="session")
def mini_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("parquet")
    build(out, None, MINI)
    return out
