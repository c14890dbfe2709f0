"""Every built config scored with two samples per row (issue 42 item 3): the gold and the
wrong reference of each row as its two samples give a mean of 0.5 over samples (its error
over rows, every row's mean being 0.5, is 0) and pass@2 of 1.0; the rows file has one line
per sample with its index. Driven by the registry as the gold / wrong tests are."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.io.dataset import load_keys
from scorer.scoring.references import reference_lines
from scorer.scoring.run import score_file
from scorer.scoring.samples import HEADLINES


def test_gold_and_wrong_samples_give_mean_half_and_pass_at_2_one(
    mini_data: Path, tmp_path: Path, built_config: str
) -> None:
    keys = load_keys(mini_data, "test", {built_config})
    pairs = zip(reference_lines(keys, "gold"), reference_lines(keys, "wrong"), strict=True)
    predictions = tmp_path / "samples.jsonl"
    predictions.write_text("".join(f"{gold}\n{wrong}\n" for gold, wrong in pairs))
    run = score_file(predictions, mini_data, tmp_path / "results.json", configs={built_config}, duplicates="samples")
    assert run.problems == []  # repeated ids are samples, not duplicates to warn of
    entry = json.loads((tmp_path / "results.json").read_text())["configs"][built_config]
    metrics = entry["metrics"]["all"]
    headline = next(name for name in HEADLINES if name in metrics)
    rows = len(keys.rows)
    assert entry["samples"] == {"n": 2, "k": [1, 2]}
    assert metrics[headline]["value"] == 0.5 and metrics[headline]["n"] == rows
    assert metrics["pass@1"]["value"] == 0.5 and metrics["pass@2"]["value"] == 1.0
    if rows >= 2:
        assert (
            metrics[headline]["stderr"] == 0.0
        )  # over rows, each row's mean 0.5; over samples it would be 0.5/sqrt(n)
    assert entry["counts"]["n"] == rows and entry["counts"]["samples"] == 2 * rows
    lines = [json.loads(line) for line in run.rows_path.read_text().splitlines()]
    assert [(line["id"], line["sample"]) for line in lines] == [(i, s) for i in keys.rows for s in (0, 1)]
    assert [line["score"] for line in lines] == [1.0, 0.0] * rows
