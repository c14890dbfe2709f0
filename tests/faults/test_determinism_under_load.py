"""The same build gives the same bytes whatever the load: the mini acp-hard build, with cold
planner caches, while two processes keep both cores busy, gives the shards of the build the
session made beside nothing (no stored key may depend on elapsed time)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.load import cpu_hogs

CONFIG = "acp-hard"


def test_a_cold_build_beside_a_cpu_hog_stores_the_same_bytes(mini_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "loaded"
    env = {**os.environ, "PLANARIUM_CACHE_DIR": str(tmp_path / "cold-cache")}
    command = [sys.executable, "-m", "scorer", "build", "--configs", CONFIG, "--size", "mini", "--quiet"]
    with cpu_hogs():
        subprocess.run([*command, "--out", str(out)], check=True, capture_output=True, env=env)
    shards = sorted((mini_data / "data" / CONFIG).glob("*.parquet"))
    assert shards
    for shard in shards:
        assert (out / "data" / CONFIG / shard.name).read_bytes() == shard.read_bytes(), shard.name
