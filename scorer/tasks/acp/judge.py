"""Judging one ACP answer, kind by kind, as ACPBench Hard defines it (section 5).

Order, for every kind: parse the reply (``parse.py``; no answer: unparsable)
and refuse a PDDL formula (both in ``kind.judge_text``); refuse any name
outside the task's vocabulary (invalid, with the reason); then the key's
look-ups; only then, for an answer the key does not decide, the task itself:
parsed from the row's PDDL and handed, with the index of a vocabulary atom or
action, to the oracle, whose bounds may leave the answer undecided (score 0,
counted). Each kind's judge is declared with the kind (``question_kinds.py``).

Rules (section 5), with our vocabulary made explicit:

- app: the SET of answered actions equals the set of applicable ones.
- prog: both sets equal: positive effects (false now, true after) and
  negative effects (true now, false after).
- reach: None is right iff no proposition is unreachable; a proposition is
  right iff it is unreachable (a stored example, absent from a complete
  reachable set, or proven by the oracle: goal = the atom). A static fact
  (of a predicate no action changes) is not one of the propositions the
  question is about: invalid in our configs, where naming a false one
  (a missing road, a city a place is not in) would answer the question
  without any reasoning about reachability. In a config imported from
  ACPBench Hard's own records (its key carries ``source_answer``) the paper's
  judgement is the default: its planner proves a false static fact
  unreachable, so it is right, and a true one holds, so it is wrong.
- areach: likewise for actions; a well-formed action whose static
  precondition is false can never apply; otherwise goal = its precondition.
- val: the index of the first inapplicable action, 0-based; an index outside
  the sequence is invalid.
- just: a proper subsequence of the given plan that is still a plan (the
  paper's relaxation of "remove one action or two consecutive ones").
- land: None is right iff there is no non-trivial landmark; a proposition
  true now or in the goal is trivial and wrong; otherwise right iff every
  plan makes it true (the p-not-achieved compilation).
- nexta: an applicable action a with h*(s[a]) = h*(s) - 1.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from scorer.io.dataset import KeyRow
from scorer.pddl import Task, allow_shared_names, normalize_name, parse_task_variant, validate_plan
from scorer.tasks.base import Judgement, Reason

from .oracle import Decision, get_oracle
from .vocabulary import Checked, Vocabulary

if TYPE_CHECKING:  # parse.py reads each kind's form from the registry, which holds these judges
    from .parse import ParsedAnswer

TASK_CACHE_SIZE = 32
# With error_used_name off (see load_task), unified-planning still warns once per name shared by
# an action and a predicate, which is legal PDDL: the import printed dozens of these lines.
warnings.filterwarnings("ignore", r"Name \S+ already defined", UserWarning, r"unified_planning\.")


@dataclass(frozen=True)
class Case:
    """One answer to judge: the row, its key and vocabulary, the parsed answer."""

    row: KeyRow
    key: dict[str, Any]
    vocabulary: Vocabulary
    answer: ParsedAnswer

    @property
    def task(self) -> Task:
        return load_task(self.row.domain_pddl, self.row.problem_pddl)


@lru_cache(maxsize=TASK_CACHE_SIZE)
def load_task(domain_pddl: str, problem_pddl: str) -> Task:
    """The row's task (its :init is the question state), parsed once per row text, and
    grounded once for all the rows whose problems differ only in their :init."""
    allow_shared_names()
    return parse_task_variant(domain_pddl, problem_pddl)


# -- judgements -----------------------------------------------------------------------


def _right(answer: Any, detail: str) -> Judgement:
    return Judgement(1.0, Reason.CORRECT, answer, detail)


def _wrong(answer: Any, detail: str) -> Judgement:
    return Judgement(0.0, Reason.WRONG, answer, detail)


def _invalid(answer: Any, detail: str) -> Judgement:
    return Judgement(0.0, Reason.INVALID, answer, detail)


def _decided(answer: Any, decision: Decision, right_when: bool, claim: str) -> Judgement:
    if decision.holds is None:
        return Judgement(0.0, Reason.UNDECIDED, answer, f"undecided: {decision.evidence}")
    if decision.holds == right_when:
        return _right(answer, f"{claim}: {decision.evidence}")
    return _wrong(answer, f"not {claim}: {decision.evidence}")


def _checked_names(names: tuple[str, ...], check: Callable[[str], Any]) -> tuple[list[str], str]:
    """Normalised names, or the first vocabulary problem."""
    checked = []
    for name in names:
        result = check(name)
        if result.name is None:
            return [], result.reason
        checked.append(result.name)
    return checked, ""


# -- kinds --------------------------------------------------------------------------


def judge_app(case: Case) -> Judgement:
    names, problem = _checked_names(case.answer.names, case.vocabulary.check_action)
    if problem:
        return _invalid(list(case.answer.names), problem)
    answered, expected = set(names), {normalize_name(n) for n in case.key["applicable"]}
    if answered == expected:
        return _right(sorted(answered), "exactly the applicable actions")
    extra, missing = sorted(answered - expected), sorted(expected - answered)
    parts = ([f"not applicable: {', '.join(extra[:3])}"] if extra else []) + (
        [f"missing {len(missing)} applicable action(s)"] if missing else []
    )
    return _wrong(sorted(answered), "; ".join(parts))


def judge_prog(case: Case) -> Judgement:
    positive, problem = _checked_names(case.answer.names, case.vocabulary.check_atom)
    negative, problem_neg = _checked_names(case.answer.negative, case.vocabulary.check_atom)
    if problem or problem_neg:
        return _invalid([list(case.answer.names), list(case.answer.negative)], problem or problem_neg)
    shown = [sorted(set(positive)), sorted(set(negative))]
    right_pos = set(positive) == {normalize_name(n) for n in case.key["pos"]}
    right_neg = set(negative) == {normalize_name(n) for n in case.key["neg"]}
    if right_pos and right_neg:
        return _right(shown, "both lists of effects are exact")
    wrong_lists = [name for name, right in (("positive", right_pos), ("negative", right_neg)) if not right]
    return _wrong(shown, f"the {' and '.join(wrong_lists)} effects differ")


def _none_or_name(case: Case, check: Callable[[str], Checked], none_right: str, none_wrong: str) -> Judgement | str:
    """reach, areach, land: the judgement on a None answer (right iff the key says so) or on a
    name outside the vocabulary; otherwise the answer's name as the vocabulary writes it."""
    if case.answer.is_none:
        return _right("None", none_right) if case.key["none_correct"] else _wrong("None", none_wrong)
    checked = check(case.answer.names[0])
    if checked.name is None:
        return _invalid(case.answer.names[0], checked.reason)
    return checked.name


def judge_reach(case: Case) -> Judgement:
    key = case.key
    if "source_answer" in key and not case.answer.is_none and not key["none_correct"]:
        static = static_fact_judgement(case, case.answer.names[0])
        if static is not None:
            return static
    atom = _none_or_name(
        case, case.vocabulary.check_atom, "every proposition is reachable", "some proposition can never hold"
    )
    if isinstance(atom, Judgement):
        return atom
    looked_up = _look_up(atom, key, "unreachable", "reachable")
    if looked_up is not None:
        return looked_up
    task = case.task
    decision = get_oracle().atom_reachable(case.row.domain_pddl, task, task.init, task.atom_index[atom])
    return _decided(atom, decision, right_when=False, claim="unreachable")


def static_fact_judgement(case: Case, name: str) -> Judgement | None:
    """ACPBench Hard's judgement of a reach answer naming a well-typed static fact (its
    planner, given the fact as the goal, proves a false one unreachable); None when
    ``name`` is not such a fact."""
    atom = case.vocabulary.static_atom(name)
    if atom is None:
        return None
    task = case.task
    if task.holds(task.init, atom):
        return _wrong(atom, "a static fact that holds now, so in every reachable state")
    return _right(atom, "a static fact that is false now, so it can never hold")


def judge_areach(case: Case) -> Judgement:
    key = case.key
    name = _none_or_name(
        case,
        case.vocabulary.check_action,
        "every action can become applicable",
        "some action can never become applicable",
    )
    if isinstance(name, Judgement):
        return name
    looked_up = _look_up(name, key, "unreachable", "reachable")
    if looked_up is not None:
        return looked_up
    task = case.task
    action = task.action(name)
    if action is None:
        return _right(name, "unreachable: its static precondition is false, so it never applies")
    decision = get_oracle().action_reachable(case.row.domain_pddl, task, task.init, action)
    return _decided(name, decision, right_when=False, claim="unreachable")


def _look_up(name: str, key: dict[str, Any], unreachable: str, reachable: str) -> Judgement | None:
    """reach/areach decisions from the key alone; None when the key does not decide."""
    if name in {normalize_name(n) for n in key[unreachable]}:
        return _right(name, "a known unreachable one")
    if name in {normalize_name(n) for n in key[reachable]}:
        return _wrong(name, "it can be reached")
    if key["none_correct"]:
        return _wrong(name, "every one can be reached")
    if key["complete"]:
        return _right(name, "unreachable: absent from the complete reachable set")
    return None


def judge_val(case: Case) -> Judgement:
    key = case.key
    length, expected = len(key["sequence"]), key["index"]
    if case.answer.is_none:
        if expected is None:
            return _right("None", "every action of the sequence is applicable")
        return _wrong("None", f"action {expected} is inapplicable")
    index = case.answer.index
    assert index is not None
    if not 0 <= index < length:
        return _invalid(index, f"index {index} is out of range 0..{length - 1}")
    if index == expected:
        return _right(index, "the first inapplicable action")
    return _wrong(index, f"the first inapplicable action is {expected}")


def judge_just(case: Case) -> Judgement:
    names, problem = _checked_names(case.answer.names, case.vocabulary.check_action)
    if problem:
        return _invalid(list(case.answer.names), problem)
    plan = [normalize_name(a) for a in case.key["plan"]]
    if len(names) >= len(plan):
        return _wrong(names, "not shorter than the given plan")
    if not _is_subsequence(names, plan):
        return _wrong(names, "not a subsequence of the given plan")
    known = _known_removals(plan, case.key["removable"])
    if tuple(names) in known:
        return _right(names, "a known simplification that is still a plan")
    if len(plan) - len(names) <= 2 and _consecutive_removal(names, plan):
        return _wrong(names, "removing that part leaves no plan")
    task = case.task
    checked = validate_plan(task, names, start=task.init)
    if checked.valid:
        return _right(names, "still a plan")
    return _wrong(names, f"not a plan: {checked.message or checked.reason}")


def _is_subsequence(short: list[str], long: list[str]) -> bool:
    remaining = iter(long)
    return all(any(item == other for other in remaining) for item in short)


def _known_removals(plan: list[str], removable: list[list[int]]) -> set[tuple[str, ...]]:
    return {tuple(plan[:start] + plan[start + length :]) for start, length in removable}


def _consecutive_removal(names: list[str], plan: list[str]) -> bool:
    """Whether ``names`` is ``plan`` with one action or two consecutive ones removed
    (all of those were checked at build time)."""
    for length in (1, 2):
        for start in range(len(plan) - length + 1):
            if plan[:start] + plan[start + length :] == names:
                return True
    return False


def judge_land(case: Case) -> Judgement:
    key = case.key
    atom = _none_or_name(
        case, case.vocabulary.check_atom, "there is no non-trivial landmark", "there is a non-trivial landmark"
    )
    if isinstance(atom, Judgement):
        return atom
    if atom in _normal(key["trivial"]):
        return _wrong(atom, "trivial: it holds now or in the goal")
    if atom in _normal(key["landmarks"]):
        return _right(atom, "a known landmark")
    if atom in _normal(key.get("non_landmarks", [])):
        return _wrong(atom, "a known non-landmark")
    candidates = key.get("candidates")
    if candidates is not None and atom not in _normal(candidates):
        return _wrong(atom, "not a landmark: a known plan never makes it true")
    if key["complete"]:
        return _wrong(atom, "not a landmark")
    task = case.task
    decision = get_oracle().is_landmark(case.row.domain_pddl, task, task.init, task.atom_index[atom])
    return _decided(atom, decision, right_when=True, claim="a landmark")


def judge_nexta(case: Case) -> Judgement:
    key = case.key
    checked = case.vocabulary.check_action(case.answer.names[0])
    if checked.name is None:
        return _invalid(case.answer.names[0], checked.reason)
    name = checked.name
    if name in _normal(key["yes"]):
        return _right(name, "it decreases the distance to the goal")
    if name in _normal(key["no"]):
        return _wrong(name, "it does not decrease the distance to the goal")
    if name not in _normal(key["applicable"]):
        return _wrong(name, "not applicable in the current state")
    if key["complete"]:
        return _wrong(name, "it does not decrease the distance to the goal")
    task = case.task
    action = task.action(name)
    assert action is not None
    after = action.apply(task.init)
    decision = get_oracle().goal_distance_is(case.row.domain_pddl, task, after, int(key["opt"]) - 1)
    return _decided(
        name, decision, right_when=True, claim=f"one step closer (h* {key['opt']} -> {int(key['opt']) - 1})"
    )


def _normal(names: list[str]) -> set[str]:
    return {normalize_name(n) for n in names}
