"""Task kind ``ground``: one yes/no question about one state shown as an image.

Asked as ViPlan's Ground prompt (ViPlan, appendix I) with the question after the
keyword "Question:" (ViPlan's code announced that keyword but never wrote it); the
``cot`` column holds the Ground + CoT variant. The answer is parsed by
``parse_yes_no``: the last ``<answer>`` tag, else the first yes/no word. The paper
reading is ViPlan's own (``paper_yes_no``: its first answer tag, then any answer or
word that starts with "yes" or "no").

Metrics: accuracy (overall, per predicate, per view where rows name one, and per true
answer as ViPlan, appendix L measured it), the macro accuracy (the mean of the per-predicate accuracies), and the
yes-rate beside the true yes-rate, which exposes the yes/no bias of appendix L.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.episodes.base import Message
from scorer.io.dataset import KeyRow
from scorer.readers.paper_yes_no import paper_yes_no
from scorer.readers.yes_no import parse_yes_no
from scorer.tasks.base import (
    AnswerFormat,
    Judgement,
    PaperReading,
    Reason,
    ScoredRow,
    TaskKind,
    by_truth,
    macro,
    question_judge,
    rate,
)
from scorer.tasks.stats import Metric

GROUND_SYSTEM = (
    "You are tasked with replying to a question about the given image. You will be given a single "
    'question, defined after the keyword "Question:" and will need to answer it ONLY with Yes or No. '
    "Do not write anything else besides your answer."
)
# Word for word as ViPlan's code sent it (appendix I prints the same), its typo
# "about the an image" and the space ending the first paragraph included.
COT_SYSTEM = (
    "You are tasked with replying to a question about the given image. You will be given a single "
    'question, defined after the keyword "Question:" and will need to first reason about it and then '
    "give a Yes or No answer. The reasoning for your answer should be written within the XML-style "
    '<explanation></explanation> tags. To write the final answer, you should write only "Yes" or '
    '"No" surrounded by <answer></answer> tags. Do not write anything else besides your step-by-step '
    "reasoning and your answer. \n\n"
    "Example output for a question about the an image:\n"
    "```\n"
    "Question: Is there a dog on top of a table?\n"
    "<explanation>\n"
    "First, I will look for a dog in the image. Then, I will check if the dog is on top of a table. "
    "In the image, there is a dog and there is a table, but the dog is not on top of the table. "
    'Therefore, the answer is "No".\n'
    "</explanation>\n"
    "<answer>\n"
    "No\n"
    "</answer>\n"
    "```"
)


def ground_messages(
    question: str, cot: bool = False, system_context: str = "", user_context: str = ""
) -> list[Message]:
    """ViPlan's Ground (or Ground + CoT) prompt as its code sent it: the system message,
    then the user message with one ``<image>`` marker and the question after it.

    A family places its description of the scene where the paper did: ``system_context``
    follows the system part, ``user_context`` comes before the image.
    """
    system = COT_SYSTEM if cot else GROUND_SYSTEM
    if system_context:
        system = f"{system}\n\n{system_context}"
    user = f"<image>\nQuestion: {question}"
    if user_context:
        user = f"{user_context}\n\n{user}"
    return [Message("system", system), Message("user", user)]


def judge(response: str, answer_key: dict[str, Any]) -> Judgement:
    return yes_no_judgement(parse_yes_no(response), answer_key["answer"])


def judge_paper(response: str, answer_key: dict[str, Any]) -> Judgement:
    return yes_no_judgement(paper_yes_no(response), answer_key["answer"])


def yes_no_judgement(said_yes: bool | None, truth: bool) -> Judgement:
    if said_yes is None:
        return Judgement(0.0, Reason.UNPARSABLE)
    correct = said_yes == truth
    reason = Reason.CORRECT if correct else Reason.WRONG
    return Judgement(1.0 if correct else 0.0, reason, "yes" if said_yes else "no")


def aggregate(rows: Sequence[ScoredRow]) -> list[Metric]:
    hits = [r.judgement.score == 1.0 for r in rows]
    metrics = [rate("accuracy", hits)]
    per_predicate = [
        rate(f"accuracy[{predicate}]", [r.judgement.score == 1.0 for r in rows if r.meta["predicate"] == predicate])
        for predicate in sorted({r.meta["predicate"] for r in rows})
    ]
    metrics += per_predicate
    metrics.append(macro("macro_accuracy", per_predicate))
    # Rows that show one question in several views say which (meta "view"): accuracy per view.
    metrics += [
        rate(f"accuracy[view={view}]", [r.judgement.score == 1.0 for r in rows if r.meta.get("view") == view])
        for view in dict.fromkeys(r.meta["view"] for r in rows if "view" in r.meta)
    ]
    metrics += by_truth("accuracy", hits, [bool(r.answer_key["answer"]) for r in rows])
    answered = [r for r in rows if r.judgement.parsed is not None]
    metrics.append(rate("yes_rate", [r.judgement.parsed == "yes" for r in answered]))
    metrics.append(rate("true_yes_rate", [bool(r.answer_key["answer"]) for r in rows]))
    return metrics


def reference(kind: str, row: KeyRow) -> dict[str, Any]:
    says_yes = row.answer_key["answer"] == (kind == "gold")
    return {"response": "Yes" if says_yes else "No"}


# The answers the two system prompts ask for, as lark grammars for guided decoding.
PLAIN_ANSWER = 'start: "Yes" | "No"\n'
COT_ANSWER = (
    'start: "<explanation>" REASONING "</explanation>" "\\n<answer>" ("Yes" | "No") "</answer>"\nREASONING: /[^<]+/\n'
)


def answer_format(row: KeyRow, column: str) -> AnswerFormat:
    return AnswerFormat("grammar", COT_ANSWER if column == "cot" else PLAIN_ANSWER)


GROUND = TaskKind(
    "ground",
    question_judge(judge),
    aggregate,
    reference,
    system_prompts=(GROUND_SYSTEM, COT_SYSTEM),
    answer_format=answer_format,
    paper=PaperReading(question_judge(judge_paper), "ViPlan's parse_output + cast_to_yes_no (startswith)"),
    aggregate_meta=("predicate",),
)
