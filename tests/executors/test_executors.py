"""Executors: the same results, in the same order, whatever runs them; a build byte-identical on each."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from data_build.build import build
from scorer.executors import Executor, make_executor
from scorer.executors.local import LocalExecutor
from scorer.families.blocksworld import problems as bw_problems
from scorer.io.errors import PlanariumError
from tests.conftest import MINI

# ground and acp-hard spread their work over the executor; episodes (on ground's problem set)
# and collision are built whole, side by side
CONFIGS = "blocksworld-ground,blocksworld-episodes,acp-hard,collision"


def _build(out: Path, executor: Executor) -> dict[str, str]:
    bw_problems._MADE.clear()  # the problem set is made again, on this executor
    try:
        return build(out, CONFIGS, replace(MINI, executor=executor))
    finally:
        executor.close()


def _session_build(mini_data: Path) -> dict[str, str]:
    """CONFIGS' shards in the session's mini build, sha256 by path. It was built on a pool
    (tests/conftest.py), and test_two_builds_are_byte_identical holds it equal, byte for
    byte, to a build in one process: what a build on another executor must equal."""
    every = json.loads((mini_data / "checksums.json").read_text())
    return {path: digest for path, digest in every.items() if path.split("/")[1] in CONFIGS.split(",")}


def test_make_executor_reads_the_spec() -> None:
    assert make_executor("local:3").workers == 3
    assert make_executor("local").workers >= 1
    for bad in ("local:0", "local:two", "spark", "ray-ish"):
        with pytest.raises(PlanariumError, match="--executor"):
            make_executor(bad)


def test_local_map_keeps_the_order_of_the_items() -> None:
    executor = LocalExecutor(2)
    try:
        items = [f"{n}" * (n % 7) for n in range(200)]
        assert executor.map(len, items) == [len(i) for i in items]
        assert executor.map(len, []) == []
    finally:
        executor.close()


HELD: list[str] = []


def _held(_: int) -> list[str]:
    return list(HELD)


def test_fresh_workers_are_forked_at_once_with_what_this_process_holds() -> None:
    """A build forks its workers right after preparing what the configs share, before it
    drives configs from other threads: later changes here are not the workers'."""
    executor = LocalExecutor(2)
    try:
        HELD.append("prepared")
        executor.fresh_workers()
        HELD.append("after the fork")
        assert executor.map(_held, [0, 1, 2, 3]) == [["prepared"]] * 4
    finally:
        HELD.clear()
        executor.close()


def test_a_build_is_byte_identical_on_one_or_two_local_workers(mini_data: Path, tmp_path: Path) -> None:
    assert _build(tmp_path, LocalExecutor(2)) == _session_build(mini_data)


def test_a_ray_build_is_byte_identical_to_a_local_one(mini_data: Path, tmp_path: Path, ray_started: bool) -> None:
    pytest.importorskip("ray", reason="ray is not installed: pip install 'planarium[ray]' to run this test")
    from scorer.executors.ray_cluster import RayExecutor

    executor = RayExecutor(None, cpus=2)
    assert executor.workers == 2
    checksums = _build(tmp_path, executor)
    assert checksums == _session_build(mini_data)
    assert json.loads((tmp_path / "checksums.json").read_text()) == checksums


ORPHAN_PARENT = """
import os, sys, time
from scorer.executors.local import LocalExecutor

def pid(_: int) -> int:
    time.sleep(0.01)
    return os.getpid()

executor = LocalExecutor(2)
print(" ".join(str(p) for p in sorted(set(executor.map(pid, list(range(40)))))), flush=True)
time.sleep(600)  # killed before this ends
"""


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"  # a zombie has exited; only its entry waits to be reaped


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process states from /proc (Linux)")
def test_local_workers_exit_when_their_parent_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", ORPHAN_PARENT], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    workers = [int(pid) for pid in parent.stdout.readline().split()]
    assert workers and all(_running(pid) for pid in workers)
    parent.kill()  # SIGKILL: the pool gets no chance to stop its workers
    parent.wait()
    for _ in range(600):  # a guard against hanging, not a time bound: they exit within about a second
        if not any(_running(pid) for pid in workers):
            break
        time.sleep(0.1)
    assert not any(_running(pid) for pid in workers)
