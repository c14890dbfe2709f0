"""The scripted agents on slidegeom episodes, through `planarium run` and the real server:
optimal completes every episode on an optimal path in each view; random only makes
moves that change the board, and repeats exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorer.cli import main
from scorer.scoring.run import score_file

CONFIG = "slidegeom-episodes"


def _play(mini_data: Path, log: Path, agent: str, settings: dict) -> dict:
    args = [
        "run",
        "--agent",
        agent,
        "--config",
        CONFIG,
        "--data",
        str(mini_data),
        "--spawn",
        "--out",
        str(log),
        "--settings",
        json.dumps(settings),
        "--seed",
        "5",
    ]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    run = score_file(log, mini_data, log.with_suffix(".results.json"), configs={CONFIG})
    return json.loads(run.results_path.read_text())["configs"][CONFIG]["metrics"]["all"]


@pytest.mark.parametrize("view", ["3d", "2d", "text"])
def test_optimal_completes_every_episode_without_deviation(mini_data: Path, tmp_path: Path, view: str) -> None:
    metrics = _play(mini_data, tmp_path / "optimal.jsonl", "optimal", {"view": view})
    assert metrics["success"]["value"] == 1.0 and metrics["step_deviation"]["value"] == 0.0
    assert metrics[f"success[view={view}]"]["value"] == 1.0 and metrics["ineffective_moves"]["value"] == 0.0


def test_random_moves_change_the_board_and_repeat(mini_data: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    metrics = _play(mini_data, first, "random", {"view": "text"})
    _play(mini_data, second, "random", {"view": "text"})
    assert sorted(first.read_text().splitlines()) == sorted(second.read_text().splitlines())
    assert metrics["legal_rate"]["value"] == 1.0  # never a blocked move or a bad command
    assert metrics["occupied_destination"]["value"] == metrics["illegal_commands"]["value"] == 0.0
    assert metrics["ineffective_moves"]["value"] > 0
