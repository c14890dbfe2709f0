"""lmms-eval hooks of Planarium's question configs (images and text): the images go to
the model as lmms-eval's visuals, the text without its ``<image>`` markers (lmms-eval's
models place the images themselves), and scoring goes through Planarium's own scorer
(``scorer.harness``), never a re-implementation.

    lmms-eval --model llava_onevision --model_args pretrained=NAME --include_path adapters/lmms_eval_tasks \
        --tasks planarium_blocksworld_ground
"""

from __future__ import annotations

from typing import Any

from scorer.harness import harness_metrics

MARKER = "<image>"


def doc_to_visual(doc: dict[str, Any]) -> list[Any]:
    return [image.convert("RGB") for image in doc.get("images") or []]


def doc_to_text(doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, str] | None = None) -> str:
    kwargs = lmms_eval_specific_kwargs or {}
    text = "\n".join(line for line in doc["prompt"].split("\n") if line.strip() != MARKER).replace(MARKER, "")
    return f"{kwargs.get('pre_prompt', '')}{text}{kwargs.get('post_prompt', '')}"


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    return harness_metrics(doc, results[0])
