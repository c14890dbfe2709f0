"""The VSP baseline answerers: every answer is in its question's format (judged, never
unparsable), the same seed writes the same file, and always-yes scores each yes/no
question at its share of Yes keys."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from scorer.families.vsp.baselines import main
from scorer.io.dataset import load_keys
from scorer.io.predictions import Prediction
from scorer.scoring.grading import Grading, grade

CONFIGS = {"maze-vsp", "blocks-vsp"}


def _write(mini_data: Path, out: Path, *options: str) -> list[dict[str, str]]:
    result = CliRunner().invoke(main, ["--data", str(mini_data), "-o", str(out), *options])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in out.read_text().splitlines()]


def _report(mini_data: Path, predictions: list[dict[str, str]]) -> Grading:
    dataset = load_keys(mini_data, "test", CONFIGS)
    chosen = {p["id"]: p for p in predictions if p["id"] in dataset.rows}
    return grade(dataset, {i: Prediction(i, n, p["response"], None, None) for n, (i, p) in enumerate(chosen.items())})


def test_random_answers_are_judged_and_repeatable(mini_data: Path, tmp_path: Path) -> None:
    first = _write(mini_data, tmp_path / "a.jsonl", "--kind", "random")
    again = _write(mini_data, tmp_path / "b.jsonl", "--kind", "random")
    other = _write(mini_data, tmp_path / "c.jsonl", "--kind", "random", "--seed", "1")
    assert first == again != other
    report = _report(mini_data, first)
    for config in CONFIGS:
        assert report.configs[config].counts["unparsable"] == 0


def test_always_yes_scores_the_share_of_yes_keys(mini_data: Path, tmp_path: Path) -> None:
    report = _report(mini_data, _write(mini_data, tmp_path / "y.jsonl", "--kind", "always-yes"))
    for config in CONFIGS:
        metrics = {m.name: m.value for m in report.configs[config].groups["T4"]}
        assert metrics["accuracy"] == metrics["true_yes_rate"] == 0.5
        assert {m.name: m.value for m in report.configs[config].groups["main"]}["accuracy"] == 0.0
