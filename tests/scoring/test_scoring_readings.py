"""``score`` reports our reading beside the paper's for every config that has one, and
marks the rows they score differently in the rows file."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.io.dataset import load_keys
from scorer.scoring.references import reference_predictions
from scorer.scoring.run import score_file

CONFIG = "blocksworld-ground"


def test_both_readings_side_by_side_with_the_differing_rows(mini_data: Path, tmp_path: Path) -> None:
    gold = reference_predictions(load_keys(mini_data, configs={CONFIG}), "gold")
    lines = []
    for number, (row_id, prediction) in enumerate(sorted(gold.items())):
        reply = str(prediction.response)
        if number % 2:  # ours reads the exact word; ViPlan's startswith does not see "**Yes**"
            reply = f"The answer: **{reply}**"
        lines.append(json.dumps({"id": row_id, "response": reply}))
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


def test_paper_reading_keeps_think_blocks(mini_data: Path, tmp_path: Path) -> None:
    """Ours removes a think block before reading; ViPlan's parser reads the reply whole, so a
    reply that opens with its reasoning is unparsable to it (its first word is ``<think>``)."""
    gold = reference_predictions(load_keys(mini_data, configs={CONFIG}), "gold")
    lines = [
        json.dumps({"id": row_id, "response": f"<think>\nNo idea yet\n</think>\n{prediction.response}"})
        for row_id, prediction in sorted(gold.items())
    ]
    predictions = tmp_path / "predictions.jsonl"
    predictions.write_text("\n".join(lines) + "\n")

    run = score_file(predictions, mini_data, tmp_path / "results.json")

    readings = json.loads(run.results_path.read_text())["configs"][CONFIG]["readings"]
    rows = [json.loads(line) for line in run.rows_path.read_text().splitlines()]
    assert readings["ours"]["value"] == 1.0
    assert readings["paper"]["value"] == 0.0
    assert all(row["paper"]["reason"] == "unparsable" for row in rows)
