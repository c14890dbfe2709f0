"""ACPBench Hard's own reading of an answer: its parser (``paper_parse.py``) and its
evaluator's rules, kind by kind, against our key (the paper's planner calls are our
oracle's; the two agree wherever both decide).

The evaluator's rules, as its released code applies them (``src/evaluators``):

- app: the set of parsed actions, each with its inner spaces collapsed and lower-cased,
  equals the set of applicable actions. Every parenthesised group of the reply counts.
- prog: one or two parsed lists (the second, when absent, is empty); both sets equal.
- reach: with no unreachable proposition, only "None" is right; otherwise "None" is
  wrong (the planner is handed the goal "none" and fails), a stored or proven
  unreachable proposition is right, and so is a static fact that is false now (the
  planner proves it unreachable); a static fact that holds is wrong. A name that is not
  an atom of the task is wrong (the planner fails on it).
- areach: likewise for actions; an action that is not one of the task's is wrong.
- val: the parsed digits equal the index as text ("03" is not 3); "None" is no index.
- just: a non-empty list, shorter than the given plan, a subsequence of it compared
  case-sensitively with the plan as the PDDL spells it (a lower-cased reply to a plan
  of upper-case actions never matches), and a plan (every step applicable, the goal
  reached). The "simplified plan:" form is lower-cased first.
- land: "None" is right iff there is no non-trivial landmark; a landmark is right; any
  other name is wrong.
- nexta: an action that decreases the distance to the goal.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from scorer.dataset import KeyRow
from scorer.pddl import PDDLError, normalize_name, validate_plan
from scorer.predictions import Prediction
from scorer.tasks.base import NOT_A_RESPONSE, Judgement, Reason

from .judge import Case, judge_areach, judge_land, judge_nexta, judge_reach, static_fact_judgement
from .paper_parse import PaperAnswer, paper_answer
from .parse import ParsedAnswer
from .question_kinds import acp_kind
from .vocabulary import Vocabulary

PDDL_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
NO_ANSWER = "the paper's parser found no answer (its PARSER ERROR)"
SOURCE = "ACPBench Hard's figure 7 grammar + evaluator"


def judge_paper(row: KeyRow, prediction: Prediction) -> Judgement:
    if prediction.response is None:
        return NOT_A_RESPONSE
    kind = row.meta["acp_task"]
    answer = paper_answer(kind, prediction.response)
    if answer is None:
        return Judgement(0.0, Reason.UNPARSABLE, None, NO_ANSWER)
    try:
        return _RULES[acp_kind(kind).name](row, answer)
    except (PDDLError, ValueError) as error:  # the row's own PDDL, not the reply, failed
        return Judgement(0.0, Reason.UNDECIDED, None, f"undecided: the row's PDDL could not be used: {error}")


def _verdict(right: bool, parsed: Any, detail: str) -> Judgement:
    return Judgement(1.0, Reason.CORRECT, parsed, detail) if right else Judgement(0.0, Reason.WRONG, parsed, detail)


def _fixed(action: str) -> str:
    """The evaluator's fix_action_name: empty words between the parentheses dropped."""
    return "(" + " ".join(word.strip() for word in action[1:-1].split(" ") if word) + ")"


def _lower_set(actions: list[str]) -> set[str]:
    return {_fixed(action).lower() for action in actions}


def _key_set(names: list[str]) -> set[str]:
    return {normalize_name(name) for name in names}


def _app(row: KeyRow, answer: PaperAnswer) -> Judgement:
    answered = _lower_set(_strings(answer))
    right = answered == _key_set(row.answer_key["applicable"])
    return _verdict(right, sorted(answered), "the set of applicable actions" if right else "not the set")


def _prog(row: KeyRow, answer: PaperAnswer) -> Judgement:
    lists = [_strings(part) for part in answer] if isinstance(answer, list) else []
    if not 1 <= len(lists) <= 2:
        return _verdict(False, None, f"{len(lists)} lists, not one or two")
    positive, negative = _lower_set(lists[0]), _lower_set(lists[1]) if len(lists) == 2 else set()
    key = row.answer_key
    right = positive == _key_set(key["pos"]) and negative == _key_set(key["neg"])
    return _verdict(right, [sorted(positive), sorted(negative)], "both effect sets" if right else "the sets differ")


def _single(
    judge: Callable[[Case], Judgement], static_facts: bool = False
) -> Callable[[KeyRow, PaperAnswer], Judgement]:
    """reach, areach, land, nexta: None and names outside the task as the evaluator
    treats them, every other name by our judge of the kind (the same rule)."""

    def rule(row: KeyRow, answer: PaperAnswer) -> Judgement:
        text = str(answer).strip().lower()
        key = row.answer_key
        if text == "none":  # right only where the key has no answer; the planner fails on the goal "none"
            return _verdict(key.get("none_correct", False), "None", "None")
        case = _case(row, ParsedAnswer("act", names=(text,)))
        if static_facts and not key.get("none_correct", False):
            static = static_fact_judgement(case, text)
            if static is not None:
                return static
        judged = judge(case)
        if judged.reason is Reason.INVALID:  # the evaluator's planner or grounder fails on it: wrong
            return Judgement(0.0, Reason.WRONG, text, f"not one of the task's: {judged.detail}")
        return judged

    return rule


def _val(row: KeyRow, answer: PaperAnswer) -> Judgement:
    expected = row.answer_key["index"]
    text = str(answer).strip().lower()
    right = expected is not None and str(expected) == text
    return _verdict(right, text, f"the index is {expected}")


def _just(row: KeyRow, answer: PaperAnswer) -> Judgement:
    actions = [_fixed(a) for a in _strings(answer)]
    if not actions:
        return _verdict(False, actions, "an empty plan")
    plan = [_as_spelled(row, name) for name in row.answer_key["plan"]]
    if len(plan) <= len(actions):
        return _verdict(False, actions, "not shorter than the given plan")
    if not _is_subsequence(actions, plan):
        return _verdict(False, actions, "not a subsequence of the given plan (compared case-sensitively)")
    task = Case(row, row.answer_key, _vocabulary(row), ParsedAnswer("action_list")).task
    checked = validate_plan(task, [normalize_name(a) for a in actions], start=task.init)
    return _verdict(checked.valid, actions, "still a plan" if checked.valid else f"not a plan: {checked.message}")


def _is_subsequence(short: list[str], long: list[str]) -> bool:
    remaining = iter(long)
    return all(any(item == other for other in remaining) for item in short)


def _as_spelled(row: KeyRow, name: str) -> str:
    """An action of the key as the PDDL text spells its words (the paper's questions do)."""
    spelling = _spellings(row.domain_pddl, row.problem_pddl)
    return "(" + " ".join(spelling.get(word, word) for word in name[1:-1].split()) + ")"


@lru_cache(maxsize=32)
def _spellings(domain_pddl: str, problem_pddl: str) -> dict[str, str]:
    spelling: dict[str, str] = {}
    for word in PDDL_WORD.findall(domain_pddl + "\n" + problem_pddl):
        spelling.setdefault(word.lower(), word)
    return spelling


def _strings(answer: Any) -> list[str]:
    return [item for item in answer if isinstance(item, str)] if isinstance(answer, list) else []


def _case(row: KeyRow, answer: ParsedAnswer) -> Case:
    return Case(row, row.answer_key, _vocabulary(row), answer)


def _vocabulary(row: KeyRow) -> Vocabulary:
    return Vocabulary.from_json(row.answer_key["vocabulary"])


_RULES: dict[str, Callable[[KeyRow, PaperAnswer], Judgement]] = {
    "app": _app,
    "prog": _prog,
    "reach": _single(judge_reach, static_facts=True),
    "areach": _single(judge_areach),
    "val": _val,
    "just": _just,
    "land": _single(judge_land),
    "nexta": _single(judge_nexta),
}
