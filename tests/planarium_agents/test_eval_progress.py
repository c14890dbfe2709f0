"""``planarium eval``'s bar counts rows as they finish with the default executor, whose
parts (one per worker) each report their rows; before, the executor's bar counted parts
(``rows 1/2`` for most of a run)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support.scripted_endpoint import ScriptedEndpoint

PLANARIUM = str(Path(sys.executable).parent / "planarium")
ROOT = Path(__file__).resolve().parents[2]
REPLY_S = 0.2  # each reply's wait: the run lasts seconds, so the bar is drawn many times
BAR = re.compile(r"rows:\s+\d+%\|[^|]*\|\s*(\d+)/(\d+)")


def _slow_yes(body: dict[str, Any]) -> str:
    time.sleep(REPLY_S)
    return "Yes"


def test_the_bar_counts_rows_as_they_finish(mini_data: Path, tmp_path: Path) -> None:
    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: the default executor makes one part, which shows its own bars of replies")
    out = tmp_path / "run"
    configs = "blocksworld-ground,blocksworld-episodes"
    args = ["eval", "--model", "openai:m", "--configs", configs, "--data", str(mini_data), "--out", str(out)]
    args += ["--limit", "120", "--settings", '{"max_steps": 2}', "--no-cache"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with ScriptedEndpoint(_slow_yes) as endpoint:
        run = subprocess.run(
            [PLANARIUM, *args, "--base-url", endpoint.url], capture_output=True, text=True, env=env, timeout=300
        )
    assert run.returncode == 0, run.stderr[-3000:]
    rows = len((out / "predictions.jsonl").read_text().splitlines())  # one line per row asked
    drawn = [(int(m[1]), int(m[2])) for m in BAR.finditer(run.stderr)]
    assert drawn and {total for _, total in drawn} == {rows}, drawn  # rows, not parts
    assert drawn[-1][0] == rows
    moving = {done for done, _ in drawn if 0 < done < rows}
    assert len(moving) >= 5, drawn  # it moved as rows finished, not once per part
    steps = [int(found) for found in re.findall(r"steps=(\d+)", run.stderr)]
    assert steps and steps[-1] >= 9, run.stderr[-2000:]  # the episodes' turns, each row at least one
