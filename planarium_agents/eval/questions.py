"""Question rows -> chat requests -> one response each, with a progress bar.

The request of a row is its prompt column (the variant), its images, its task kind's
system part (sent in the system role) and, with ``constrained``, the kind's answer
format. Responses are collected as they come (the cache stores each one at once).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

from tqdm import tqdm

from planarium_agents.eval.cache import CachedModel
from planarium_agents.eval.inputs import question_inputs
from planarium_agents.eval.models import ChatRequest, Draw
from planarium_agents.openai_agent import Completion
from scorer.io.dataset import KeyRow
from scorer.registry import task_kind


def question_request(row: KeyRow, observation: dict[str, object], variant: str, constrained: bool) -> ChatRequest:
    kind = task_kind(row.task)
    answer = kind.answer_format(row, variant) if constrained and kind.answer_format else None
    return ChatRequest(observation, kind.system_prompts, answer, Draw(row.id))


def ask_questions(
    model: CachedModel,
    rows: Sequence[KeyRow],
    data: Path,
    split: str,
    variant: str,
    constrained: bool,
    show_progress: bool = True,
) -> dict[str, Completion]:
    """One completion per row, by id (a failed one has ``text`` None)."""
    inputs = {}
    for config in sorted({row.config for row in rows}):
        inputs.update(question_inputs(data, split, config, variant))
    requests = [question_request(row, inputs[row.id].observation(), variant, constrained) for row in rows]
    answers: dict[str, Completion] = {}
    failed = 0
    lock = threading.Lock()
    with tqdm(total=len(rows), desc=f"{model.spec} questions", unit="row", disable=not show_progress) as bar:

        def done(index: int, completion: Completion) -> None:
            nonlocal failed
            with lock:
                answers[rows[index].id] = completion
                failed += completion.text is None
                bar.update(1)
                bar.set_postfix(cache_hits=model.hits, failed=failed, refresh=False)

        model.complete(requests, done)
    return answers
