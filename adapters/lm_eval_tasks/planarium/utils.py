"""lm-evaluation-harness hooks of Planarium's text configs: scoring goes through
Planarium's own scorer (``scorer.harness``), never a re-implementation.

    lm_eval --model hf --model_args pretrained=NAME --include_path adapters/lm_eval_tasks --tasks planarium_acp_hard
"""

from __future__ import annotations

from typing import Any

from scorer.harness import harness_metrics


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    return harness_metrics(doc, results[0])
