"""A flood of text in one reply costs its row only: past MAX_REPLY_CHARS the row is invalid at
once, in both readings, with the reason (a 50 MB single-line ACP answer ran for 26 minutes
and 1.58 GB before)."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.io.dataset import load_keys
from scorer.io.predictions import MAX_REPLY_CHARS
from scorer.scoring.references import reference_predictions
from scorer.scoring.run import score_file

CONFIG = "acp-hard"


def test_a_flooded_reply_is_invalid_at_once_and_the_others_are_scored(mini_data: Path, tmp_path: Path) -> None:
    gold = sorted(reference_predictions(load_keys(mini_data, configs={CONFIG}), "gold").items())
    flooded_id = gold[0][0]
    flood = "(a b) [" * (5 * MAX_REPLY_CHARS // 7)  # 25 times the bound, the parsers' worst shapes
    lines = [json.dumps({"id": flooded_id, "response": flood})]
    lines += [json.dumps({"id": row_id, "response": prediction.response}) for row_id, prediction in gold[1:]]
    predictions = tmp_path / "p.jsonl"
    predictions.write_text("\n".join(lines) + "\n")

    run = score_file(predictions, mini_data, tmp_path / "results.json")

    rows = {row["id"]: row for row in map(json.loads, run.rows_path.read_text().splitlines())}
    flooded = rows[flooded_id]
    assert flooded["reason"] == "invalid" and f"at most {MAX_REPLY_CHARS:,} are read" in flooded["detail"]
    assert flooded["paper"]["reason"] == "invalid"
    assert all(row["score"] == 1.0 for row_id, row in rows.items() if row_id != flooded_id)
