"""Scoring kitchen episodes: gold succeeds with step ratio 1, wrong fails by Max_Repeats;
AsgardBench's metrics come per task type with standard errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorer.dataset import load_keys
from scorer.references import reference_lines
from scorer.scoring import score_file

CONFIG = "kitchen-episodes"


def _metrics(results: Path) -> dict[str, Any]:
    return json.loads(results.read_text())["configs"][CONFIG]["metrics"]


def test_gold_succeeds_at_the_expert_pace(mini_data: Path, tmp_path: Path) -> None:
    run = score_file(None, mini_data, tmp_path / "gold.json", gold=True, configs={CONFIG})
    metrics = _metrics(run.results_path)
    overall = metrics["all"]
    assert overall["success"]["value"] == 1.0 and overall["goals_reached"]["value"] == 1.0
    assert overall["step_ratio"]["value"] == 1.0 and overall["undoable_rate"]["value"] == 0.0
    assert overall["end[Success]"]["value"] == 1.0 and overall["end[Max_Repeats]"]["value"] == 0.0
    assert {"coffee", "cook_egg", "turn_on_tv"} <= set(metrics)  # per task type


def test_wrong_ends_by_repeats_with_every_step_unparsable(mini_data: Path, tmp_path: Path) -> None:
    dataset = load_keys(mini_data, "test", {CONFIG})
    predictions = tmp_path / "wrong.jsonl"
    predictions.write_text("".join(line + "\n" for line in reference_lines(dataset, "wrong")))
    overall = _metrics(score_file(predictions, mini_data, tmp_path / "wrong.json", configs={CONFIG}).results_path)[
        "all"
    ]
    assert overall["success"]["value"] == 0.0 and overall["end[Max_Repeats]"]["value"] == 1.0
    assert overall["unparsable_rate"]["value"] == 1.0 and overall["steps"]["value"] == 8.0
    assert overall["goals_reached"]["value"] < 1.0 and overall["goals_reached"]["stderr"] is not None
