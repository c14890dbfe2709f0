"""lmms-eval hooks of Planarium's question configs (images and text): the images go to
the model as lmms-eval's visuals, the text without its ``<image>`` markers (lmms-eval's
models place the images themselves), and scoring goes through Planarium's own scorer
(``scorer.scoring.harness``), never a re-implementation. lmms-eval's chat models read
``doc_to_messages``: the row's ``messages`` with their roles (the paper's system
message kept apart) and each image in its marker's place.

    lmms-eval --model llava_onevision --model_args pretrained=NAME --include_path adapters/lmms_eval_tasks \
        --tasks planarium_blocksworld_ground
"""

from __future__ import annotations

from typing import Any

from scorer.scoring.harness import harness_metrics

MARKER = "<image>"


def doc_to_visual(doc: dict[str, Any]) -> list[Any]:
    return [image.convert("RGB") for image in doc.get("images") or []]


def doc_to_text(doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, str] | None = None) -> str:
    kwargs = lmms_eval_specific_kwargs or {}
    text = "\n".join(line for line in doc["prompt"].split("\n") if line.strip() != MARKER).replace(MARKER, "")
    return f"{kwargs.get('pre_prompt', '')}{text}{kwargs.get('post_prompt', '')}"


def doc_to_messages(doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, str] | None = None) -> list[Any]:
    """The row's chat messages as lmms-eval's chat models take them (images as PIL images)."""
    images = iter(doc_to_visual(doc))
    roles = doc.get("messages") or [{"role": "user", "content": doc["prompt"]}]
    messages = []
    for message in roles:
        content: list[dict[str, Any]] = []
        pieces = message["content"].split(MARKER)
        for index, piece in enumerate(pieces):
            if piece.strip():
                content.append({"type": "text", "text": piece.strip()})
            if index < len(pieces) - 1:
                content.append({"type": "image", "url": next(images)})
        messages.append({"role": message["role"], "content": content})
    return messages


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    return harness_metrics(doc, results[0])
