"""Judging one dataset row's response as another harness holds it: the row as a plain
mapping (a Hugging Face dataset record: ``answer_key`` and ``meta`` as JSON text) and the
model's raw text. The inspect_ai, lm-eval and lmms-eval adapters (``adapters/``) call
this, so a port scores exactly as ``score`` does; the conformance vectors check it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.tasks.base import Judgement


def key_row(record: Mapping[str, Any]) -> KeyRow:
    """A KeyRow from a dataset record; the config is the first part of the row's id."""
    missing = [name for name in ("id", "domain", "task", "answer_key", "meta") if name not in record]
    if missing:
        raise ValueError(f"row {record.get('id', '?')!r} lacks field(s) {', '.join(missing)}")

    def decoded(name: str) -> Any:
        value = record[name]
        return json.loads(value) if isinstance(value, str) else dict(value)

    return KeyRow(
        id=record["id"],
        config=str(record["id"]).split("/", 1)[0],
        domain=record["domain"],
        task=record["task"],
        difficulty=record.get("difficulty", ""),
        domain_pddl=record.get("domain_pddl", ""),
        problem_pddl=record.get("problem_pddl", ""),
        answer_key=decoded("answer_key"),
        meta=decoded("meta"),
    )


def judgement_record(judgement: Judgement) -> dict[str, Any]:
    """A judgement as plain JSON values: ``{"score", "reason", "parsed", "detail"}``."""
    fields = {
        "score": judgement.score,
        "reason": judgement.reason.value,
        "parsed": judgement.parsed,
        "detail": judgement.detail,
    }
    return json.loads(json.dumps(fields))


def judge_response(record: Mapping[str, Any], response: str) -> dict[str, Any]:
    """The judgement of one raw response to one question row, as ``judgement_record``."""
    from scorer.registry import task_kinds

    row = key_row(record)
    if row.task == "episode":
        raise ValueError(f"row {row.id!r} is an episode: play it through the rollout server, not as one response")
    return judgement_record(task_kinds()[row.task].judge(row, Prediction(row.id, 1, response, None, None)))


def harness_metrics(record: Mapping[str, Any], response: str) -> dict[str, float]:
    """What lm-eval's and lmms-eval's ``process_results`` return: the row's score under the
    metric name their task YAMLs aggregate (a mean, as ``score`` reports accuracy)."""
    return {"score": judge_response(record, response)["score"]}
