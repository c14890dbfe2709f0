"""Task kind ``vsp``: one VSP question, judged by the answer form its key names.

VSP asks five questions per scenario (the main task and T1-T4) in one config, so the
row's ``difficulty`` is the question (main, T1, ... T4) and the key's ``form`` says how
to judge the reply:

- ``plan``: a maze plan, "Action plan: L,L,R,U,D", played on the maze (``plan_answer``);
- ``yes-no``: Yes or No after ``<Output>`` (T1, T4);
- ``relation``: the player's place relative to the goal, the exact set of directions (T2);
- ``choice``: one of A-D after ``<Answer>`` (maze T3) or the key's ``marker`` (blocks
  T2 and T3: ``output``);
- ``blocks-plan``: a blocks plan, ``move(red,table)`` lines after ``<Output>``, every
  move legal (``blocks_answer``);
- ``colour``: a colour after ``<Output>`` (blocks T1).

Metrics per group (a question): ``accuracy`` and ``accuracy[<level>]`` per level (the
results table's pivot then reads as VSP's table 8: levels down, questions across);
``optimal`` for plans (both kinds); ``yes_rate`` beside ``true_yes_rate`` for yes/no questions;
``accuracy_vsp`` for relations (VSP's lenient count, see ``short_answers``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.families.vsp.blocks import COLOURS, Stacks
from scorer.families.vsp.blocks_answer import judge_blocks_plan, read_colour
from scorer.families.vsp.maze_text import parse_table
from scorer.families.vsp.paper_readings import SOURCE_MAZE, judge_vsp
from scorer.families.vsp.plan_answer import judge_plan
from scorer.families.vsp.short_answers import CHOICES, read_choice, read_relation, read_yes_no
from scorer.io.dataset import KeyRow
from scorer.tasks.base import Judgement, PaperReading, Reason, ScoredRow, TaskKind, question_judge, rate
from scorer.tasks.stats import Metric

OPPOSITE = {"Above": "Below", "Below": "Above", "Left": "Right", "Right": "Left"}


def judge(reply: str, key: dict[str, Any]) -> Judgement:
    form = key.get("form")
    if form == "plan":
        return judge_plan(reply, parse_table(key["maze"]), int(key["optimal_length"]))
    if form == "yes-no":
        return _compare(read_yes_no(reply), key["answer"], "no Yes or No after <Output>")
    if form == "relation":
        found = read_relation(reply)
        words = None if found is None else sorted(found)
        return _compare(words, sorted(key["answer"]), "no Above, Below, Left or Right after <Output>")
    if form == "choice":
        marker = key.get("marker", "answer")
        return _compare(read_choice(reply, marker), key["answer"], f"no choice A-D after <{marker.capitalize()}>")
    if form == "blocks-plan":
        return judge_blocks_plan(reply, _stacks(key["start"]), _stacks(key["goal"]), int(key["optimal_length"]))
    if form == "colour":
        return _compare(read_colour(reply), key["answer"], "no colour after <Output>")
    raise ValueError(f"answer key form {form!r} is not one of {', '.join(FORMS)}")


FORMS = ("plan", "yes-no", "relation", "choice", "blocks-plan", "colour")


def _stacks(rows: list[list[str]]) -> Stacks:
    return tuple(tuple(stack) for stack in rows)


def _compare(said: Any, truth: Any, missing: str) -> Judgement:
    """Parsed: what the reply said (True/False, the sorted directions, a letter)."""
    if said is None:
        return Judgement(0.0, Reason.UNPARSABLE, detail=missing)
    right = said == truth
    return Judgement(float(right), Reason.CORRECT if right else Reason.WRONG, said)


def aggregate(rows: Sequence[ScoredRow]) -> list[Metric]:
    metrics = [rate("accuracy", [r.judgement.score == 1.0 for r in rows])]
    forms = {r.answer_key["form"] for r in rows}
    if len({r.difficulty for r in rows}) != 1:
        return metrics  # the "all" group mixes questions: only the overall accuracy is meaningful
    for level in sorted({r.meta["level"] for r in rows}, key=_level_order):
        metrics.append(rate(f"accuracy[{level}]", [r.judgement.score == 1.0 for r in rows if r.meta["level"] == level]))
    if forms & {"plan", "blocks-plan"}:
        metrics.append(rate("optimal", [_parsed(r).get("optimal") is True for r in rows]))
    if "yes-no" in forms:
        answered = [r for r in rows if isinstance(r.judgement.parsed, bool)]
        metrics.append(rate("yes_rate", [r.judgement.parsed is True for r in answered]))
        metrics.append(rate("true_yes_rate", [r.answer_key["answer"] is True for r in rows]))
    if "relation" in forms:
        said = [r.judgement.parsed if isinstance(r.judgement.parsed, list) else [] for r in rows]
        metrics.append(rate("accuracy_vsp", [set(r.answer_key["answer"]) <= set(s) for r, s in zip(rows, said)]))
    return metrics


def _parsed(row: ScoredRow) -> dict[str, Any]:
    return row.judgement.parsed if isinstance(row.judgement.parsed, dict) else {}


def _level_order(level: str) -> tuple[str, int]:
    head = level.rstrip("0123456789")
    return head, int(level[len(head) :] or 0)


def reference(kind: str, row: KeyRow) -> dict[str, Any]:
    """Gold: the key itself. Wrong: a plan one move short of the goal (a prefix of a
    shortest plan never reaches it), the other yes/no, the opposite directions, the
    next letter."""
    key, gold = row.answer_key, kind == "gold"
    form = key["form"]
    if form == "plan":
        plan = key["optimal_plan"] if gold else key["optimal_plan"][:-1]
        return {"response": f"Action plan: {','.join(plan)}"}
    if form == "blocks-plan":
        plan = key["optimal_plan"] if gold else key["optimal_plan"][:-1]
        return {"response": "<Output>\n" + "".join(f"{n}. {move}\n" for n, move in enumerate(plan, start=1))}
    if form == "colour":
        colour = key["answer"] if gold else COLOURS[(COLOURS.index(key["answer"]) + 1) % len(COLOURS)]
        return {"response": f"<Output> {colour}"}
    if form == "yes-no":
        return {"response": f"<Output> {'Yes' if key['answer'] == gold else 'No'}"}
    if form == "relation":
        words = key["answer"] if gold else [OPPOSITE[w] for w in key["answer"]]
        return {"response": f"<Output> {','.join(words)}"}
    letter = key["answer"] if gold else CHOICES[(CHOICES.index(key["answer"]) + 1) % len(CHOICES)]
    return {"response": f"<{key.get('marker', 'answer').capitalize()}> {letter}"}


VSP = TaskKind("vsp", question_judge(judge), aggregate, reference, paper=PaperReading(judge_vsp, SOURCE_MAZE))
