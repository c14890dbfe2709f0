"""Three scored submissions of the mini dataset, each in its own folder as a maintainer
stores them (predictions.jsonl + results.json + rows): gold, wrong, and a mix of the two."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.io.dataset import load_keys
from scorer.scoring.references import reference_lines
from scorer.scoring.run import score_file

MODELS = ("gold-model", "wrong-model", "mixed-model")


def submission_lines(mini_data: Path, model: str) -> list[str]:
    """The predictions of one of MODELS, one JSON line each."""
    gold = reference_lines(load_keys(mini_data), "gold")
    wrong = reference_lines(load_keys(mini_data), "wrong")
    chosen = {"gold-model": gold, "wrong-model": wrong}.get(model)
    if chosen is None:  # every third row wrong, and some replies no reader can parse
        chosen = [w if i % 3 == 0 else g for i, (g, w) in enumerate(zip(gold, wrong))]
        chosen = [_unparsable(line) if i % 7 == 1 else line for i, line in enumerate(chosen)]
    return [json.dumps({**json.loads(line), "model": model}) for line in chosen]


def _unparsable(line: str) -> str:
    record = json.loads(line)
    return json.dumps({**record, "response": "I cannot tell."}) if "response" in record else line


@pytest.fixture(scope="session")
def submissions(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """SUBMISSIONS/<model>/{predictions.jsonl, results.json, results.rows.jsonl}."""
    root = tmp_path_factory.mktemp("submissions")
    for model in MODELS:
        folder = root / model
        folder.mkdir()
        (folder / "predictions.jsonl").write_text("".join(line + "\n" for line in submission_lines(mini_data, model)))
        score_file(folder / "predictions.jsonl", mini_data, folder / "results.json")
    return root


@pytest.fixture(scope="session")
def results_files(submissions: Path) -> list[Path]:
    return [submissions / model / "results.json" for model in MODELS]
