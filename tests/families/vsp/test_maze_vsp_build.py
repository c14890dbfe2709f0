"""Mini build of maze-vsp: rows read back through datasets, prompts carry one marker per
image, in-context examples are held out from test (the first one per level a dev row), and
gold scores 100% and wrong 0% per question."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from datasets import load_dataset

from scorer.families.vsp.configs.maze_vsp import CONFIG, FEWSHOT_K
from scorer.io.dataset import load_keys
from scorer.scoring.grading import grade
from scorer.scoring.references import reference_predictions

QUESTIONS = ("main", "T1", "T2", "T3", "T4")


@pytest.fixture(scope="module")
def test_rows(mini_data: Path) -> list[dict]:
    return list(load_dataset(str(mini_data), CONFIG, split="test"))


def test_prompts_have_one_marker_per_image(test_rows: list[dict]) -> None:
    for row in test_rows:
        assert row["prompt"].count("<image>") == len(row["images"]) == 3
        assert row["fewshot"].count("<image>") == len(row["fewshot_images"]) == 3 + FEWSHOT_K
        assert row["fewshot_images"][-1].tobytes() == row["images"][-1].tobytes()


def test_fewshot_examples_are_held_out_and_the_first_is_a_dev_row(mini_data: Path, test_rows: list[dict]) -> None:
    dev = list(load_dataset(str(mini_data), CONFIG, split="dev"))
    dev_images = {(r["difficulty"], json.loads(r["meta"])["level"], r["images"][-1].tobytes()) for r in dev}
    test_images = {row["images"][-1].tobytes() for row in test_rows}
    assert len(dev) * 2 == len(test_rows)  # mini: 1 dev row per question and level, 2 test rows
    for row in test_rows:
        level = json.loads(row["meta"])["level"]
        shots = [shot.tobytes() for shot in row["fewshot_images"][2:-1]]
        assert (row["difficulty"], level, shots[0]) in dev_images  # dev publishes the first example of each level
        assert not set(shots) & test_images  # no example is a test map
        assert row["fewshot"].startswith(row["prompt"].split("\n", 1)[0])


@pytest.mark.parametrize("split", ["test", "dev"])
@pytest.mark.parametrize(("kind", "value"), [("gold", 1.0), ("wrong", 0.0)])
def test_references_score_per_question(mini_data: Path, split: str, kind: str, value: float) -> None:
    dataset = load_keys(mini_data, split, {CONFIG})
    report = grade(dataset, reference_predictions(dataset, kind)).configs[CONFIG]
    assert set(report.groups) == {"all", *QUESTIONS, "mean"}
    assert report.counts["unparsable"] == 0
    for group, metrics in report.groups.items():
        values = {m.name: m.value for m in metrics}
        assert all(values[name] == value for name in values if name.startswith("accuracy")), group
        if group == "main":
            assert values["optimal"] == value
