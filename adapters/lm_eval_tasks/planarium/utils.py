"""lm-evaluation-harness hooks of Planarium's text configs: scoring goes through
Planarium's own scorer (``scorer.scoring.harness``), never a re-implementation. These configs'
prompts (ACPBench Hard's) have no system part, so the flat prompt column is the whole
message, as their ``messages`` twin says; lm-eval applies the model's chat template to it
with ``--apply_chat_template``.

    lm_eval --model hf --model_args pretrained=NAME --include_path adapters/lm_eval_tasks --tasks planarium_acp_hard
"""

from __future__ import annotations

from typing import Any

from scorer.scoring.harness import harness_metrics


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    return harness_metrics(doc, results[0])
