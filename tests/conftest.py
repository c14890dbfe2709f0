"""Shared fixtures: one mini dataset built once per test session into a temp folder."""

from __future__ import annotations

import os
import shutil
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


EXTERNAL = Path(__file__).resolve().parents[2] / "shared" / "external"  # the papers' published data


@pytest.fixture(scope="session")
def episode_data(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mini build, plus the imported episode configs (``ConfigSpec.external``) whose
    papers' files ../shared/external holds: imported once per session (ViPlan's take minutes)."""
    from click.testing import CliRunner

    from scorer.cli import main
    from scorer.families import configs

    out = tmp_path_factory.mktemp("episode-data") / "parquet"
    shutil.copytree(mini_data, out)
    imports = {
        str(spec.importer): EXTERNAL / spec.external
        for spec in configs().values()
        if spec.imported and spec.task == "episode" and spec.external is not None
    }
    for importer, source in imports.items():
        if source.is_dir():
            result = CliRunner().invoke(main, ["import", importer, str(source), "--out", str(out)])
            assert result.exit_code == 0, result.output
    return out
