"""Reference predictions made from the answer keys: gold (must score 100%) and wrong (0%).

They prove the harness: a gold run that is not 100%, or a wrong run that is not 0%,
means the scorer and the build disagree.
"""

from __future__ import annotations

import json

from scorer.dataset import KeyedDataset
from scorer.families import task_kinds
from scorer.predictions import Prediction

REFERENCE_KINDS = ("gold", "wrong")


def reference_predictions(dataset: KeyedDataset, kind: str) -> dict[str, Prediction]:
    predictions = {}
    for line, row in enumerate(dataset.rows.values(), start=1):
        fields = task_kinds()[row.task].reference(kind, row)
        predictions[row.id] = Prediction(row.id, line, fields.get("response"), fields.get("episode"), kind)
    return predictions


def reference_lines(dataset: KeyedDataset, kind: str) -> list[str]:
    lines = []
    for p in reference_predictions(dataset, kind).values():
        fields = {"response": p.response} if p.response is not None else {"episode": p.episode}
        lines.append(json.dumps({"id": p.id, **fields, "model": kind}))
    return lines
