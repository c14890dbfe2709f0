"""Reference predictions made from the answer keys: gold (must score 100%) and wrong (0%).

They prove the harness: a gold run that is not 100%, or a wrong run that is not 0%,
means the scorer and the build disagree.
"""

from __future__ import annotations

import json

from scorer.dataset import KeyedDataset
from scorer.predictions import Prediction
from scorer.tasks import TASK_KINDS

REFERENCE_KINDS = ("gold", "wrong")


def reference_response(task: str, answer_key: dict, kind: str) -> str:
    task_kind = TASK_KINDS[task]
    return task_kind.gold_response(answer_key) if kind == "gold" else task_kind.wrong_response(answer_key)


def reference_predictions(dataset: KeyedDataset, kind: str) -> dict[str, Prediction]:
    return {
        row.id: Prediction(row.id, line, reference_response(row.task, row.answer_key, kind), None, kind)
        for line, row in enumerate(dataset.rows.values(), start=1)
    }


def reference_lines(dataset: KeyedDataset, kind: str) -> list[str]:
    return [
        json.dumps({"id": p.id, "response": p.response, "model": kind})
        for p in reference_predictions(dataset, kind).values()
    ]
