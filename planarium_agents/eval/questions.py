"""Question rows -> chat requests -> one response each, with a progress bar.

The request of a row is its prompt column (the variant), its images, its task kind's
system part (sent in the system role) and, with ``constrained``, the kind's answer
format. Responses are collected as they come (the cache stores each one at once).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from tqdm import tqdm

from planarium_agents.eval.cache import CachedModel
from planarium_agents.eval.inputs import question_inputs
from planarium_agents.eval.models import ChatRequest, Draw
from planarium_agents.openai_agent import Completion
from scorer.io.dataset import KeyRow
from scorer.registry import task_kind


def question_request(
    row: KeyRow, observation: dict[str, object], variant: str, constrained: bool, sample: int = 0
) -> ChatRequest:
    """The row's request as its ``sample``-th draw (``eval --samples``: a sampled request is
    asked once per sample; at temperature 0 the cache answers every sample alike)."""
    kind = task_kind(row.task)
    answer = kind.answer_format(row, variant) if constrained and kind.answer_format else None
    return ChatRequest(observation, kind.system_prompts, answer, Draw(row.id, 0, sample))


def ask_questions(
    model: CachedModel,
    rows: Sequence[KeyRow],
    data: Path,
    split: str,
    variant: str,
    constrained: bool,
    show_progress: bool = True,
    samples: int = 1,
    on_reply: Callable[[], None] = lambda: None,
) -> dict[str, list[Completion]]:
    """``samples`` completions per row, by id, in sample order (a failed one has ``text`` None);
    ``on_reply`` is called as each completion comes (a part of an eval run reports it)."""
    inputs = {}
    for config in sorted({row.config for row in rows}):
        inputs.update(question_inputs(data, split, config, variant))
    asked = [(row, sample) for row in rows for sample in range(samples)]
    requests = [question_request(row, inputs[row.id].observation(), variant, constrained, s) for row, s in asked]
    found: dict[tuple[str, int], Completion] = {}
    failed = 0
    lock = threading.Lock()
    with tqdm(total=len(asked), desc=f"{model.spec} questions", unit="reply", disable=not show_progress) as bar:

        def done(index: int, completion: Completion) -> None:
            nonlocal failed
            with lock:
                row, sample = asked[index]
                found[(row.id, sample)] = completion
                failed += completion.text is None
                bar.update(1)
                bar.set_postfix(cache_hits=model.hits, failed=failed, refresh=False)
            on_reply()

        model.complete(requests, done)
    return {row.id: [found[(row.id, sample)] for sample in range(samples)] for row in rows}
