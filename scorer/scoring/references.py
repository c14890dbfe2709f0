"""Reference predictions made from the answer keys: gold (must score 100%) and wrong (0%).

They prove the harness: a gold run that is not 100%, or a wrong run that is not 0%,
means the scorer and the build disagree.
"""

from __future__ import annotations

import json

from scorer.io.dataset import KeyedDataset, KeyRow
from scorer.io.predictions import Prediction
from scorer.registry import task_kinds

REFERENCE_KINDS = ("gold", "wrong")


def reference_predictions(dataset: KeyedDataset, kind: str) -> dict[str, Prediction]:
    return {row.id: reference_prediction(row, line, kind) for line, row in enumerate(dataset.rows.values(), start=1)}


def reference_lines(dataset: KeyedDataset, kind: str) -> list[str]:
    return [reference_line(p) for p in reference_predictions(dataset, kind).values()]


def reference_prediction(row: KeyRow, line: int, kind: str) -> Prediction:
    """The ``kind`` reference answer to ``row``, as if read from ``line`` of a predictions file."""
    fields = task_kinds()[row.task].reference(kind, row)
    return Prediction(row.id, line, fields.get("response"), fields.get("episode"), kind)


def reference_line(prediction: Prediction) -> str:
    """The predictions-file line of a reference prediction."""
    p = prediction
    fields = {"response": p.response} if p.response is not None else {"episode": p.episode}
    return json.dumps({"id": p.id, **fields, "model": p.model})
