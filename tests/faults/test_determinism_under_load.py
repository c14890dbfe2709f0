"""The same build gives the same bytes whatever the load: the mini acp-hard build, with cold
planner caches, kept on one core beside a process that spins on it, gives the shards of the
build the session made beside nothing (no stored key may depend on elapsed time). The build
gets half a core at most, less than beside two hogs on two cores (a third of the machine), and
the other core stays with the rest of the suite."""

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
    core = {min(os.sched_getaffinity(0))}
    with cpu_hogs(1, cores=core):
        build = subprocess.Popen([*command, "--out", str(out)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        os.sched_setaffinity(build.pid, core)  # before it starts its pool: the pool's processes inherit it
        _, stderr = build.communicate()
    assert build.returncode == 0, stderr.decode()[-2000:]
    shards = sorted((mini_data / "data" / CONFIG).glob("*.parquet"))
    assert shards
    for shard in shards:
        assert (out / "data" / CONFIG / shard.name).read_bytes() == shard.read_bytes(), shard.name
