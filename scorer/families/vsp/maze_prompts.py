"""The maze prompts: VSP's own prompt texts (``prompts/maze-*.txt``, from VSP's
``prompt-text.txt`` files; appendix A prints the same), each with three ``<image>``
markers (the legend, the worked example, the maze asked about), and their in-context
form (appendix C): solved examples put just before the final question.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from string import Template

from scorer.families.vsp.maze_questions import Question
from scorer.families.vsp.shots import example_title, fill_prompt

PROMPTS = Path(__file__).resolve().parent / "prompts"


@cache
def _template(task: str) -> Template:
    return Template((PROMPTS / f"maze-{task.lower()}.txt").read_text())


def maze_prompt(question: Question, shots: Sequence[Question] = ()) -> str:
    """The question's prompt; with ``shots``, each is shown as an image, its own question
    and its worked answer, before the question asked. Images, in marker order: legend,
    example, one per shot, the maze asked about."""
    return fill_prompt(_template(question.task), question, shots, _examples)


def _examples(shots: Sequence[Question]) -> str:
    blocks = []
    for number, shot in enumerate(shots, start=1):
        title = example_title(number, len(shots))
        asked = _asked(shot)
        blocks.append("\n\n".join(part for part in (title, "<image>", asked, shot.solution) if part))
    return "".join(block + "\n\n" for block in blocks)


def _asked(shot: Question) -> str:
    """What the example asks besides its image (T1's question, T3's candidates, T4's sequence)."""
    if "question" in shot.fields:
        return shot.fields["question"]
    if "candidates" in shot.fields:
        return "Here are the textual candidates:\n\n" + shot.fields["candidates"]
    if "sequence" in shot.fields:
        return "The action sequence is:\n\n" + shot.fields["sequence"]
    return ""
