"""The conformance vectors (``adapters/conformance/vectors.json``): their rows are the
build's rows, and ``score``, ``scorer.scoring.harness`` and every adapter (lm-eval, lmms-eval,
inspect_ai) reproduce each expected verdict exactly."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pyarrow.parquet as pq
import pytest

from adapters.conformance import load_vectors, question_vectors
from scorer.io.dataset import KEY_COLUMNS, read_checksums
from scorer.scoring.harness import judge_response, judgement_record
from scorer.scoring.run import score_file

ADAPTERS = Path(__file__).resolve().parents[2] / "adapters"
VECTORS = load_vectors()


def load_utils(harness: str) -> ModuleType:
    """A task folder's utils.py, loaded by path as the harness itself loads it."""
    path = ADAPTERS / harness / "planarium" / "utils.py"
    spec = importlib.util.spec_from_file_location(f"{harness}_utils", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_vectors_cover_every_built_config_and_kind(mini_data: Path) -> None:
    built = {Path(relative).parts[-2] for relative in read_checksums(mini_data)}
    rows = VECTORS["rows"].values()
    assert {row["id"].split("/")[0] for row in rows} == built
    reasons = Counter(v["expected"]["reason"] for v in VECTORS["vectors"])
    assert {"correct", "wrong", "unparsable", "invalid", "success", "failure"} <= set(reasons)


def test_the_vector_rows_are_the_builds_rows(mini_data: Path) -> None:
    built: dict[str, dict[str, Any]] = {}
    for relative in sorted(read_checksums(mini_data)):
        for record in pq.read_table(mini_data / relative, columns=KEY_COLUMNS).to_pylist():
            built[record["id"]] = record
    for row_id, record in VECTORS["rows"].items():
        assert {name: record[name] for name in KEY_COLUMNS} == built[row_id], f"{row_id} drifted from the build"


def test_score_reproduces_every_vector(mini_data: Path, tmp_path: Path) -> None:
    # A predictions file holds one line per id, so the vectors are scored in rounds.
    rounds: list[dict[str, dict[str, Any]]] = []
    for vector in VECTORS["vectors"]:
        free = next((r for r in rounds if vector["id"] not in r), None)
        if free is None:
            rounds.append(free := {})
        free[vector["id"]] = vector
    for number, chosen in enumerate(rounds):
        path = tmp_path / f"round{number}.jsonl"
        path.write_text(
            "".join(
                json.dumps({k: v for k, v in vector.items() if k != "expected"}) + "\n" for vector in chosen.values()
            )
        )
        configs = {row_id.split("/")[0] for row_id in chosen}
        run = score_file(path, mini_data, tmp_path / f"round{number}.json", configs=configs)
        judgements = {row.id: judgement for row, judgement in run.grading.rows}
        for row_id, vector in chosen.items():
            assert judgement_record(judgements[row_id]) == vector["expected"], row_id


@pytest.mark.parametrize(("record", "response", "expected"), question_vectors(VECTORS))
def test_the_harness_judge_reproduces_every_vector(record: dict, response: str, expected: dict) -> None:
    assert judge_response(record, response) == expected


@pytest.mark.parametrize("harness", ["lm_eval_tasks", "lmms_eval_tasks"])
def test_process_results_reproduces_every_vector(harness: str) -> None:
    utils = load_utils(harness)
    for record, response, expected in question_vectors(VECTORS):
        assert utils.process_results(record, [response]) == {"score": expected["score"]}, record["id"]


def test_an_episode_row_is_refused_by_the_harness_judge() -> None:
    episode = next(row for row in VECTORS["rows"].values() if row["task"] == "episode")
    with pytest.raises(ValueError, match="is an episode"):
        judge_response(episode, "move red cube left")
