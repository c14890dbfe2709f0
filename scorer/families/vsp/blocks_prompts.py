"""The blocks prompts: VSP's own prompt texts (``prompts/blocks-*.txt``, from VSP's
``prompt-text.txt`` files; appendix A prints the same, format instructions included),
each with an ``<image>`` marker for VSP's worked example and one per picture asked about
(the main task: the start and the end), and their in-context form (appendix C): solved
examples just before the final question.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from string import Template

from scorer.families.vsp.blocks_questions import BlocksQuestion
from scorer.families.vsp.shots import example_title, fill_prompt

PROMPTS = Path(__file__).resolve().parent / "prompts"
_PICTURES = {1: "<image>", 2: "The beginning state is:\n\n<image>\n\nThe end state is:\n\n<image>"}
_ASKED = {
    "question": "{}",
    "candidates": "Here are the textual candidates:\n\n{}",
    "sequence": "The action sequence is:\n\n{}",
}


@cache
def _template(task: str) -> Template:
    return Template((PROMPTS / f"blocks-{task.lower()}.txt").read_text())


def blocks_prompt(question: BlocksQuestion, shots: Sequence[BlocksQuestion] = ()) -> str:
    """The question's prompt; with ``shots``, each is shown as its pictures, its own
    question and its worked answer before the question asked. Images, in marker
    order: VSP's example, the shots' pictures, the pictures asked about."""
    return fill_prompt(_template(question.task), question, shots, _examples)


def _examples(shots: Sequence[BlocksQuestion]) -> str:
    blocks = []
    for number, shot in enumerate(shots, start=1):
        title = example_title(number, len(shots))
        pictures = _PICTURES[len(shot.states)]
        asked = "\n\n".join(_ASKED[name].format(text) for name, text in shot.fields.items())
        blocks.append("\n\n".join(part for part in (title, pictures, asked, shot.solution) if part))
    return "".join(block + "\n\n" for block in blocks)
