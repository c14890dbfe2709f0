"""ViPlan's released runs and data (``../shared/external``), and its problems imported once
for every test of the replays."""

from __future__ import annotations

from pathlib import Path

import pytest

EXTERNAL = Path(__file__).resolve().parents[3] / "shared" / "external"
RESULTS = EXTERNAL / "viplan-results"
VIPLAN = EXTERNAL / "viplan"


def need_viplan_data() -> None:
    if not (RESULTS / "results" / "final").is_dir() or not VIPLAN.is_dir():
        pytest.skip(f"ViPlan's released runs or data are not here: {RESULTS} or {VIPLAN} is absent")


@pytest.fixture(scope="session")
def viplan_data(request: pytest.FixtureRequest) -> Path:
    """A folder holding `planarium import viplan`'s two configs (``viplan_import``: imported
    once per run, shared with the families' import tests and the conformance plays)."""
    need_viplan_data()
    folder: Path = request.getfixturevalue("viplan_import")
    return folder
