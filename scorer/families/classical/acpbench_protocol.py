"""ACPBench Hard's generative protocol, as its lm-eval task files define it.

ACPBench's task files (``configs/tasks/acp_gen_chat/*.yaml``, ``_gen_yaml_2shot``; their
shots, question templates and generation settings are kept in
``prompts/acpbench-gen-2shot.json``, source and license in ``prompts/SOURCE.md``) ask each
question 2-shot: the kind's two fixed examples (``first_n`` sampler), each rendered with the
kind's ``doc_to_text`` (``{{context}} {{question}}`` and the kind's instruction sentence)
and followed by its answer, then the question rendered the same way. lm-eval lays them out
in two ways, both kept:

- for a chat model (``--apply_chat_template --fewshot_as_multiturn``): a user turn per
  example, an assistant turn with its answer, and the question as the last user turn (the
  row's ``messages``);
- as one text (no chat template): ``example answer`` pairs joined by lm-eval's default
  delimiters (a space before the target, a blank line after it), then the question (the
  row's ``prompt``).

It decodes greedily (temperature 0.0) for at most 1,000 new tokens and stops at the task
file's ``until`` strings (``scorer.registry.papers``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from scorer.episodes.base import Message

PROTOCOL_FILE = Path(__file__).with_name("prompts") / "acpbench-gen-2shot.json"
TARGET_DELIMITER = " "  # lm-eval's defaults (the task files set neither)
FEWSHOT_DELIMITER = "\n\n"


@cache
def protocol() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(PROTOCOL_FILE.read_text(encoding="utf-8"))
    return loaded


def question_text(kind: str, context: str, question: str) -> str:
    """The kind's ``doc_to_text`` rendered as lm-eval's jinja renders it (the fields as they are)."""
    template: str = protocol()["kinds"][kind]["doc_to_text"]
    return template.replace("{{context}}", context).replace("{{question}}", question)


def _shots(kind: str) -> list[tuple[str, str]]:
    return [(question_text(kind, s["context"], s["question"]), s["answer"]) for s in protocol()["kinds"][kind]["shots"]]


def two_shot_messages(kind: str, context: str, question: str) -> list[Message]:
    """The question as lm-eval sends it to a chat model: example turns, then the question."""
    turns = [
        message for text, answer in _shots(kind) for message in (Message("user", text), Message("assistant", answer))
    ]
    return [*turns, Message("user", question_text(kind, context, question))]


def two_shot_text(kind: str, context: str, question: str) -> str:
    """The question as lm-eval renders it as one text: each example with its answer, then the question."""
    examples = "".join(f"{text}{TARGET_DELIMITER}{answer}{FEWSHOT_DELIMITER}" for text, answer in _shots(kind))
    return examples + question_text(kind, context, question)


def generation() -> dict[str, Any]:
    """The task files' generation settings: ``until``, ``max_gen_toks``, ``temperature``."""
    settings: dict[str, Any] = protocol()["generation"]
    return settings
