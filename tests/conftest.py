"""Shared fixtures: one mini dataset built once per test session into a temp folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from data_build.build import build
from data_build.spec import BuildSettings

MINI = BuildSettings(size="mini", seed=0, show_progress=False)

# Property tests without their own max_examples run hypothesis's default number of examples in
# `make test`; `make fuzz` (HYPOTHESIS_PROFILE=fuzz) runs them fifty times longer.
settings.register_profile("ci", deadline=None)
settings.register_profile("fuzz", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def mini_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("parquet")
    build(out, None, MINI)
    return out
