"""Scoring kitchen episodes: gold succeeds with step ratio 1, wrong fails by Max_Repeats;
AsgardBench's metrics come per task type with standard errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorer.io.dataset import load_keys
from scorer.scoring.references import reference_lines
from scorer.scoring.run import score_file

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


def test_a_hard_limit_ending_counts_as_max_steps_as_asgardbench_counts_it(mini_data: Path, tmp_path: Path) -> None:
    """AsgardBench records a hard-limit stop with fail_reason MAX_STEPS and the step extension
    HIT_HARD_LIMIT (its model_tester's two-tier check): both shares are 1 for such a run."""
    row = next(r for r in load_keys(mini_data, "test", {CONFIG}).rows.values())
    cycle = ["FIND Fridge", "FIND Cabinet", "FIND Drawer"]
    plan = row.answer_key["expert_plan"]
    replies = [f"<answer>\nAction: {a}\n</answer>" for a in cycle * 3 + ["FIND Toaster"] + cycle * 60]
    predictions = tmp_path / "hard.jsonl"
    line = {"id": row.id, "episode": {"settings": {}, "replies": replies}}
    predictions.write_text(json.dumps(line) + "\n")
    overall = _metrics(score_file(predictions, mini_data, tmp_path / "hard.json", configs={CONFIG}).results_path)
    scored = json.loads((tmp_path / "hard.rows.jsonl").read_text().splitlines()[0])
    if scored["parsed"]["end"] != "Hit_Hard_Limit":  # the row's objects decide whether novelty extends
        raise AssertionError(
            f"expected a hard-limit ending for {row.id} ({len(plan)} expert steps): {scored['parsed']}"
        )
    ended = {k: v["value"] for k, v in overall["all"].items() if k.startswith("end[")}
    assert ended["end[Max_Steps]"] == ended["end[Hit_Hard_Limit]"] == 1.0
