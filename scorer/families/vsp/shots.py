"""What the maze and blocks questions share: their prompts with in-context examples
(appendix C's layout: solved examples just before the question asked), the choice of
those examples from dev, and the card's table of rows per question and level."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from string import Template
from typing import Any, Protocol, TypeVar

MAX_SHOTS = 8  # VSP's in-context runs used 0, 1, 2, 4 or 8 examples per level
FEWSHOT_K = 2  # the examples in the ``fewshot`` column


class Asked(Protocol):
    @property
    def task(self) -> str: ...
    @property
    def level(self) -> str: ...
    @property
    def fields(self) -> dict[str, str]: ...


A = TypeVar("A", bound=Asked)


def fill_prompt(template: Template, question: A, shots: Sequence[A], examples: Callable[[Sequence[A]], str]) -> str:
    """``template`` with the question's fields and ``examples(shots)`` in ``${examples}``."""
    if len(shots) > MAX_SHOTS:
        raise ValueError(f"at most {MAX_SHOTS} in-context examples, got {len(shots)}")
    if any(shot.task != question.task for shot in shots):
        raise ValueError("in-context examples must be of the question's own task")
    fields = {"question": "", "candidates": "", "sequence": ""} | question.fields
    return template.substitute(fields, examples=examples(shots))


def example_title(number: int, count: int) -> str:
    return "Example:" if count == 1 else f"Example {number}:"


def shots_for(question: A, dev: list[A]) -> list[A]:
    """The first ``FEWSHOT_K`` dev questions of the same question and level, never itself."""
    same = [q for q in dev if q.task == question.task and q.level == question.level and q is not question]
    return same[:FEWSHOT_K]


def first_per_level(pool: list[A], count: int) -> list[A]:
    """The first ``count`` questions of each question and level of ``pool``, in its order:
    the dev rows a size publishes from its pool of in-context examples (the pool's first
    ones are also the examples ``shots_for`` gives test, so the published ones are among them)."""
    seen: Counter[tuple[str, str]] = Counter()
    kept = []
    for question in pool:
        seen[(question.task, question.level)] += 1
        if seen[(question.task, question.level)] <= count:
            kept.append(question)
    return kept


def question_table(metas: Iterable[dict[str, Any]], tasks: Sequence[str], levels: Callable[[str], list[str]]) -> str:
    """The card's table: for each question, its levels and rows each (``metas`` of test)."""
    counts = Counter((m["question"], m["level"]) for m in metas)
    lines = ["| question | levels (rows each) |", "|---|---|"]
    for task in tasks:
        per = [f"{level} ({counts[(task, level)]})" for level in levels(task) if counts[(task, level)]]
        lines.append(f"| {task} | {', '.join(per)} |")
    return "\n".join(lines)
