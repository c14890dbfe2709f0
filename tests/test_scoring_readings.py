"""``score`` reports our reading beside the paper's for every config that has one, and
marks the rows they score differently in the rows file."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.dataset import load_keys
from scorer.references import reference_predictions
from scorer.scoring import score_file

CONFIG = "blocksworld-ground"


def test_both_readings_side_by_side_with_the_differing_rows(mini_data: Path, tmp_path: Path) -> None:
    gold = reference_predictions(load_keys(mini_data, configs={CONFIG}), "gold")
    lines = []
    for number, (row_id, prediction) in enumerate(sorted(gold.items())):
        reply = str(prediction.response)
        if number % 2:  # ours reads the exact word; ViPlan's startswith does not see "**Yes**"
            reply = f"The answer: **{reply}**"
        # The think block is removed before both readings: its "No"/"Yes" is never read.
        lines.append(
            json.dumps({"id": row_id, "response": f"<think>{'No' if reply == 'Yes' else 'Yes'}</think>{reply}"})
        )
    predictions = tmp_path / "predictions.jsonl"
    predictions.write_text("\n".join(lines) + "\n")

    run = score_file(predictions, mini_data, tmp_path / "results.json")

    readings = json.loads(run.results_path.read_text())["configs"][CONFIG]["readings"]
    rows = [json.loads(line) for line in run.rows_path.read_text().splitlines()]
    differing = [row for row in rows if row["readings_differ"]]
    assert readings["ours"]["value"] == 1.0
    assert len(differing) == readings["differing_rows"] == len(rows) // 2
    assert readings["paper"]["value"] == 1 - len(differing) / len(rows)
    assert all(row["paper"]["reason"] == "unparsable" and "**" in row["response"] for row in differing)
    assert "cast_to_yes_no" in readings["paper_source"]
