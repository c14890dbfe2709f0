"""ACPBench Hard's own reading of an answer: its parser (``paper_parse.py``) and its
evaluators' rules (``src/evaluators``), kind by kind, against the source's own key where
the row has one (an imported row's ``source_key``: the answer field of ACPBench Hard's
record, disputed or not), else against ours written in the source's form. Where an
evaluator asks its planner, our oracle answers (``paper_planner.py``).

The rules, as the released code applies them:

- app: the parsed actions, each with its inner spaces collapsed, lower-cased, as a set,
  equal the key's (lower-cased). Every parenthesised group of the reply counts.
- prog: one or two parsed lists (a missing second one is empty); both sets equal.
- reach: with an empty key (nothing unreachable), only "None" is right; otherwise an
  atom of the key is right and the planner decides any other: a false static fact can
  never hold (right), a true one or a reachable atom is wrong, a name that is not an atom
  of the task (and "None") fails the planner call (wrong).
- areach: likewise for actions, compared with the key as written; a text that is not an
  action of the task has no preconditions (wrong); one whose static precondition is
  false is unreachable (right).
- val: the parsed digits equal the index as text ("03" is not 3); "None" is no index.
- just: a non-empty list, shorter than the plan the question gives (cut out of the
  question text, as the evaluator does; our rows: the plan as the PDDL spells it), a
  subsequence of it compared case-sensitively, and a plan. The "simplified plan:" form is
  lower-cased first.
- land: "None" is right iff the key has no landmark; a landmark of the key is right; any
  other name is wrong (no planner: the source asked only where every atom is classified;
  our own rows, whose keys may not classify every atom, ask our oracle for the rest).
- nexta: an action the key says decreases h* is right; one it says does not, or one not
  in its undecided list, is wrong; the planner decides the undecided ones (our stand-in
  first gives an action the verdict of one of the key's that it mirrors by swapping two
  interchangeable objects).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.pddl import PDDLError, normalize_name
from scorer.tasks.base import NOT_A_RESPONSE, Judgement, Reason

from . import paper_planner
from .judge import Case, judge_land
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


def _verdict(right: bool | None, parsed: Any, detail: str) -> Judgement:
    if right is None:
        return Judgement(0.0, Reason.UNDECIDED, parsed, f"undecided: the planner hit its bound ({detail})")
    return Judgement(1.0, Reason.CORRECT, parsed, detail) if right else Judgement(0.0, Reason.WRONG, parsed, detail)


def _fixed(action: str) -> str:
    """The evaluator's fix_action_name: empty words between the parentheses dropped."""
    return "(" + " ".join(word.strip() for word in action[1:-1].split(" ") if word) + ")"


def _cleaned(actions: list[str]) -> list[str]:
    """The evaluator's cleanup_answer of a list of actions."""
    cleaned: list[str] = []
    for action in actions:
        text = action if action.startswith("(") else action[action.index("(") :] if "(" in action else ""
        if not text.endswith(")"):
            text = text[: text.rfind(")") + 1] if ")" in text else ""
        text = text.lower().replace(")\n(", ")######(").replace("),(", ")######(").replace(") (", ")######(")
        cleaned += text.split("######")
    return cleaned


def _lowered(names: list[str]) -> list[str]:
    return [name.lower() for name in names]


# -- the source's key, or ours in its form ---------------------------------------------------

UNSTORED = "(no stored example)"  # stands for "some answer exists" when our key stores none


def source_key(row: KeyRow) -> Any:
    """The key ACPBench Hard's evaluator reads: an imported row's source answer field as it
    is, else ours in the same form."""
    key = row.answer_key
    if "source_key" in key:
        return key["source_key"]
    kind = acp_kind(row.meta["acp_task"]).name
    if kind == "app":
        return key["applicable"]
    if kind == "prog":
        return {"pos": key["pos"], "neg": key["neg"]}
    if kind == "reach":
        return [] if key["none_correct"] else [n[1:-1] for n in key["unreachable"]] or [UNSTORED[1:-1]]
    if kind == "areach":
        return [] if key["none_correct"] else key["unreachable"] or [UNSTORED]
    if kind == "val":
        return -1 if key["index"] is None else key["index"]
    if kind == "land":
        return {"yes": key["landmarks"], "no": key.get("non_landmarks", [])}
    if kind == "nexta":
        decided = _normal(key["yes"]) | _normal(key["no"])
        maybe = [] if key["complete"] else [a for a in key["applicable"] if normalize_name(a) not in decided]
        return {"yes": key["yes"], "no": key["no"], "maybe": maybe, "opt": key["opt"]}
    return None


def _normal(names: list[str]) -> set[str]:
    return {normalize_name(n) for n in names}


def _planner_text(row: KeyRow) -> tuple[str, str]:
    return row.domain_pddl, row.problem_pddl


# -- the evaluators ----------------------------------------------------------------------------


def _app(row: KeyRow, answer: PaperAnswer) -> Judgement:
    answered = _cleaned([_fixed(a) for a in _strings(answer)])
    right = set(_lowered(source_key(row))) == set(answered)
    return _verdict(right, sorted(set(answered)), "the set of applicable actions" if right else "not the set")


def _prog(row: KeyRow, answer: PaperAnswer) -> Judgement:
    lists = [_strings(part) for part in answer] if isinstance(answer, list) else []
    if not 1 <= len(lists) <= 2:
        return _verdict(False, None, f"{len(lists)} lists, not one or two")
    positive, negative = _cleaned(lists[0]), _cleaned(lists[1]) if len(lists) == 2 else []
    key = source_key(row)
    right = set(_lowered(key["pos"])) == set(positive) and set(_lowered(key["neg"])) == set(negative)
    return _verdict(right, [sorted(positive), sorted(negative)], "both effect sets" if right else "the sets differ")


def _reach(row: KeyRow, answer: PaperAnswer) -> Judgement:
    key = [f"({x.strip().lower()})" for x in source_key(row)]
    text = str(answer).strip().lower()
    if not key:
        return _verdict(text == "none", text, "nothing is unreachable: only None is right")
    if text in key:
        return _verdict(True, text, "an unreachable proposition of the key")
    unreachable = paper_planner.atom_unreachable(*_planner_text(row), text)
    return _verdict(unreachable, text, "the planner: unreachable" if unreachable else "the planner: not unreachable")


def _areach(row: KeyRow, answer: PaperAnswer) -> Judgement:
    key = source_key(row)
    text = str(answer).strip().lower()
    if not key:
        return _verdict(text == "none", text, "every action can become applicable: only None is right")
    if text in key:
        return _verdict(True, text, "an unreachable action of the key")
    unreachable = paper_planner.action_unreachable(*_planner_text(row), text)
    return _verdict(unreachable, text, "the planner: unreachable" if unreachable else "the planner: not unreachable")


def _val(row: KeyRow, answer: PaperAnswer) -> Judgement:
    index = int(source_key(row))
    expected = "None" if index == -1 else str(index)
    text = str(answer).strip().lower()
    return _verdict(expected.lower() == text, text, f"the index is {expected}")


def _just(row: KeyRow, answer: PaperAnswer) -> Judgement:
    actions = [_fixed(a) for a in _strings(answer)]
    if not actions:
        return _verdict(False, actions, "an empty plan")
    key = row.answer_key
    plan = key["source_plan"] if "source_plan" in key else [_as_spelled(row, name) for name in key["plan"]]
    if len(plan) <= len(actions):
        return _verdict(False, actions, "not shorter than the given plan")
    if not _is_subsequence(actions, plan):
        return _verdict(False, actions, "not a subsequence of the given plan (compared case-sensitively)")
    valid = paper_planner.is_plan(*_planner_text(row), actions)
    return _verdict(valid, actions, "still a plan" if valid else "not a plan")


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


def _land(row: KeyRow, answer: PaperAnswer) -> Judgement:
    yes = _lowered(source_key(row)["yes"])
    text = str(answer).strip().lower()
    if "(dummy val1)" in yes:
        return _verdict(False, text, "the key is a dummy (the evaluator scores 0)")
    if text in yes:
        return _verdict(True, text, "a landmark of the key")
    if text == "none":
        return _verdict(not yes, text, "None: right iff the key has no landmark")
    key = row.answer_key
    if "source_key" not in key and not key.get("complete", True):  # our own key may not classify it
        judged = judge_land(_case(row, ParsedAnswer("act", names=(text,))))
        if judged.reason is Reason.INVALID:
            return Judgement(0.0, Reason.WRONG, text, f"not one of the task's: {judged.detail}")
        return judged
    return _verdict(False, text, "not a landmark of the key")


def _nexta(row: KeyRow, answer: PaperAnswer) -> Judgement:
    key = source_key(row)
    text = str(answer).strip().lower()
    if text in _lowered(key["yes"]):
        return _verdict(True, text, "it decreases the distance to the goal")
    if text in _lowered(key["no"]):
        return _verdict(False, text, "applicable, not towards the goal")
    if text not in _lowered(key["maybe"]):
        return _verdict(False, text, "not applicable (in no list of the key)")
    opt = key.get("opt")
    closer = paper_planner.on_optimal_plan(
        *_planner_text(row), text, None if opt is None else int(opt), key["yes"], key["no"]
    )
    return _verdict(closer, text, "the planner: one step closer" if closer else "the planner: not closer")


def _strings(answer: Any) -> list[str]:
    return [item for item in answer if isinstance(item, str)] if isinstance(answer, list) else []


def _case(row: KeyRow, answer: ParsedAnswer) -> Case:
    return Case(row, row.answer_key, Vocabulary.from_json(row.answer_key["vocabulary"]), answer)


_RULES: dict[str, Callable[[KeyRow, PaperAnswer], Judgement]] = {
    "app": _app,
    "prog": _prog,
    "reach": _reach,
    "areach": _areach,
    "val": _val,
    "just": _just,
    "land": _land,
    "nexta": _nexta,
}
