"""ACP answer keys: what each kind stores, built from a state's facts.

Every key is a JSON object with ``kind``, the task's ``vocabulary``
(``vocabulary.py``) and the fields below. Names are normalised ground names,
"(at c1 l2)". "complete" means the key decides every answer by look-up; a key
that is not complete holds the known sets of ACPBench Hard, section 4, and the
oracle decides the rest at scoring time.

==========  ===================================================================
kind        fields
==========  ===================================================================
app         ``applicable``: every applicable action.
prog        ``action``; ``pos``: atoms false now and true after it; ``neg``:
            atoms true now and false after it.
reach       ``unreachable``: known unreachable propositions (examples);
            ``reachable``: known reachable ones (ALL of them when ``complete``);
            ``none_correct``: no proposition is unreachable.
areach      the same for actions (``reachable``: actions applicable in some
            reachable state; a well-formed action not among them is
            unreachable when ``complete``).
val         ``sequence``; ``index``: 0-based position of its first inapplicable
            action (null if there is none).
just        ``plan``; ``removable``: every (start, length) with length 1 or 2
            whose removal leaves a plan.
land        ``trivial``: propositions true now or in the goal; ``landmarks``:
            known landmarks; ``candidates``: propositions every known plan
            makes true (so any other is a known non-landmark), or null;
            ``non_landmarks``: known non-landmarks (imported keys);
            ``complete``; ``none_correct``.
nexta       ``applicable``; ``yes``: actions that decrease h*; ``no``: actions
            that do not; ``opt``: h* of the state; ``complete``: yes and no
            cover every applicable action.
==========  ===================================================================

Imported keys (a paper's own questions) may add ``source_answer``: the gold
answer of the source dataset, which the gold reference uses; ``source_key``: the
source's answer field as it is (the key ACPBench Hard's evaluator reads, which the
paper's reading uses); and for just ``source_plan``: the plan as that evaluator cuts it
out of the question text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.pddl import Task, bit_indices, validate_plan

from .analysis import EvidenceFacts, ExactFacts, pruned_action_examples
from .vocabulary import Vocabulary, fluent_mask

MAX_APPLICABLE = 100  # ACPBench Hard, appendix: app questions only where |A(s)| <= 100
MAX_EXAMPLES = 50  # stored examples of unreachable atoms / actions

Facts = ExactFacts | EvidenceFacts
Key = dict[str, Any]


def with_vocabulary(kind: str, task: Task, fields: Key) -> Key:
    return {"kind": kind, "vocabulary": Vocabulary.of_task(task).to_json(), **fields}


def app_key(task: Task, state: int) -> Key | None:
    applicable = [action.name for action in task.applicable(state)]
    if not 0 < len(applicable) <= MAX_APPLICABLE:
        return None
    return {"applicable": applicable}


def prog_key(task: Task, state: int, action_name: str) -> Key:
    action = task.action(action_name)
    assert action is not None and action.is_applicable(state), action_name
    pos, neg = action.effect_atoms(task, state, changes_only=True)
    return {"action": action.name, "pos": pos, "neg": neg}


def reach_key(facts: Facts) -> Key | None:
    task = facts.task
    fluent = fluent_mask(task)
    unreachable = facts.unreachable_atoms & fluent
    reachable = facts.reachable_atoms & fluent
    complete = facts.exact or (unreachable | reachable) == fluent
    if not complete and not unreachable:
        return None  # neither an example nor a proof that there is none
    return {
        "unreachable": atom_names(task, unreachable)[:MAX_EXAMPLES],
        "reachable": atom_names(task, reachable),
        "complete": complete,
        "none_correct": complete and not unreachable,
    }


def areach_key(facts: Facts) -> Key | None:
    task = facts.task
    pruned = pruned_action_examples(task)
    unreachable = sorted(facts.unreachable_actions)
    reachable = sorted(facts.reachable_actions)
    complete = facts.exact or len(unreachable) + len(reachable) == len(task.actions)
    examples = [task.actions[i].name for i in unreachable][:MAX_EXAMPLES] + pruned
    if not complete and not examples:
        return None
    return {
        "unreachable": examples,
        "reachable": [task.actions[i].name for i in reachable],
        "complete": complete,
        "none_correct": complete and not examples,
    }


def land_key(facts: Facts) -> Key | None:
    task = facts.task
    if task.is_goal(facts.state) or (facts.exact and facts.opt is None):
        return None  # no plan to pass through anything
    landmarks = facts.landmarks
    if facts.exact:
        candidates = landmarks
    else:
        assert isinstance(facts, EvidenceFacts)
        candidates = facts.landmark_candidates & ~facts.landmark_decisions[1]
    complete = candidates == landmarks
    if not complete and not landmarks:
        return None  # "None" could be right or wrong
    return {
        "trivial": atom_names(task, (facts.state | task.goal_pos) & fluent_mask(task)),
        "landmarks": atom_names(task, landmarks),
        "candidates": atom_names(task, candidates),
        "non_landmarks": [],
        "complete": complete,
        "none_correct": complete and not landmarks,
    }


def nexta_key(facts: Facts) -> Key | None:
    task = facts.task
    opt = facts.opt
    if opt is None or opt == 0:
        return None
    good, bad = facts.next_actions
    if not good:
        return None
    applicable = [action.name for action in task.applicable(facts.state)]
    return {
        "applicable": applicable,
        "yes": [task.actions[i].name for i in sorted(good)],
        "no": [task.actions[i].name for i in sorted(bad)],
        "opt": opt,
        "complete": len(good) + len(bad) == len(applicable),
    }


def val_key(task: Task, state: int, sequence: Sequence[str]) -> Key:
    checked = validate_plan(task, sequence, start=state)
    return {"sequence": list(sequence), "index": checked.failed_step}


def just_key(task: Task, state: int, plan: Sequence[str]) -> Key | None:
    removable = removable_parts(task, state, plan)
    if not removable:
        return None
    return {"plan": list(plan), "removable": removable}


def removable_parts(task: Task, state: int, plan: Sequence[str]) -> list[list[int]]:
    """Every [start, length] (length 1 or 2) whose removal from ``plan`` leaves a plan."""
    parts = []
    for length in (1, 2):
        for start in range(len(plan) - length + 1):
            shorter = [*plan[:start], *plan[start + length :]]
            if validate_plan(task, shorter, start=state).valid:
                parts.append([start, length])
    return parts


def atom_names(task: Task, mask: int) -> list[str]:
    atoms = task.atoms
    return [atoms[i] for i in bit_indices(mask)]
