"""Fixtures of the fault suite: a small real dataset (one config of the mini build) to break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from fault_data import SMALL_CONFIG, rewrite_checksums


@pytest.fixture
def small_data(mini_data: Path, tmp_path: Path) -> Path:
    """A complete dataset folder holding only SMALL_CONFIG's shards, with their checksums.json."""
    out = tmp_path / "data"
    shutil.copytree(mini_data / "data" / SMALL_CONFIG, out / "data" / SMALL_CONFIG)
    rewrite_checksums(out)
    return out
