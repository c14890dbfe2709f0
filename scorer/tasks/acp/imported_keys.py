"""ACPBench Hard's own answer keys (ACPBench Hard's published records) converted to ours.

For each source record (its PDDL problem's ``:init`` is the question state):

- app, prog, val, just: the key is computed from the PDDL (all exact and cheap);
- reach, areach, land, nexta: when the states reachable from the question
  state fit under the exact cap (``Source.graph``), the key is our exact key;
  otherwise it is the source key (their known sets, h*) with every entry our
  oracle disproves moved to the other side (an "unreachable" atom shown
  reachable, a landmark shown avoidable, an improving action shown not to
  improve), and a None answer refuted when our evidence finds a counterexample.

Each kind's converter is declared with the kind (``question_kinds.py``). The
source's gold answer is kept, in our answer syntax, as ``source_answer``; the
evidence lists what our checks found against the source key.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorer.pddl import Task, bfs, bit_indices, normalize_name, validate_plan

from . import keys
from .analysis import SEARCH_STATES, ExactFacts, ProblemGraph, pruned_action_examples
from .oracle import get_oracle
from .reference import answer_list, progression_text
from .relaxed import proves_landmark, relaxed_reachable
from .vocabulary import fluent_mask

Key = dict[str, Any]
_GROUP = re.compile(r"\([^()]*\)")


@dataclass(frozen=True)
class Converted:
    key: Key  # our key fields (no kind / vocabulary yet)
    source_answer: str  # the source's gold answer, in our answer syntax
    exact: bool
    evidence: list[str]  # what our checks found against the source key


@dataclass(frozen=True)
class Source:
    """One source record with its grounded task (whose :init is the question state)."""

    record: dict[str, Any]
    task: Task
    domain_pddl: str
    graph: ProblemGraph | None  # the explicit state graph, when it fits under the exact cap

    @property
    def answer(self) -> Any:
        return self.record["answer"]


# -- exact kinds ----------------------------------------------------------------------


def convert_app(source: Source) -> Converted:
    record, task = source.record, source.task
    theirs = [normalize_name(a) for a in record["answer"]]
    ours = [a.name for a in task.applicable(task.init)]
    evidence = [_why_not_applicable(task, name) for name in theirs if name not in ours]
    evidence += [f"{name} is applicable and missing" for name in ours if name not in theirs]
    return Converted({"applicable": ours}, answer_list(record["answer"]), True, evidence)


def _why_not_applicable(task: Task, name: str) -> str:
    action = task.action(name)
    if action is None:
        return f"{name} is not a ground action of the task"
    positive, negative = action.precondition_atoms()
    false = [a for a in positive if not task.holds(task.init, a)]
    true = [a for a in negative if task.holds(task.init, a)]
    return f"{name} is not applicable: {', '.join(false + [f'(not {a})' for a in true])} fails"


def convert_prog(source: Source) -> Converted:
    record, task = source.record, source.task
    pos, neg = record["answer"]["pos"], record["answer"]["neg"]
    gold = progression_text(pos, neg)
    wanted = ({normalize_name(a) for a in pos}, {normalize_name(a) for a in neg})
    candidates = _prog_candidates(record["question"], task)
    for action in candidates:
        key = keys.prog_key(task, task.init, action)
        if (set(key["pos"]), set(key["neg"])) == wanted:
            return Converted(key, gold, True, [])
    if len(candidates) == 1:
        key = keys.prog_key(task, task.init, candidates[0])
        evidence = [f"the action is {candidates[0]}: positive effects {key['pos']}, negative effects {key['neg']}"]
        return Converted(key, gold, True, evidence)
    # The action is named only in words; without a unique match, keep the source's sets.
    return Converted({"action": None, "pos": pos, "neg": neg}, gold, False, [])


def _prog_candidates(question: str, task: Task) -> list[str]:
    """Applicable actions whose objects are exactly the objects the question names."""
    match = re.search(r'action "(.*?)" into', question)
    words = re.findall(r"[\w-]+", match.group(1).lower()) if match else []
    named = sorted(w for w in words if w in task.objects)
    return [a.name for a in task.applicable(task.init) if sorted(a.name[1:-1].split()[1:]) == named]


def _sequence(question: str, pattern: str) -> list[str]:
    return [normalize_name(g) for g in _written(question, pattern)]


def _written(question: str, pattern: str) -> list[str]:
    """The actions of the question's sequence as the question writes them."""
    match = re.search(pattern, question, re.S)
    return _GROUP.findall(match.group(1)) if match else []


def convert_val(source: Source) -> Converted:
    record, task = source.record, source.task
    sequence = _sequence(record["question"], r'sequence of actions: "(.*)"')
    key = keys.val_key(task, task.init, sequence)
    evidence = []
    if key["index"] != record["answer"]:
        evidence.append(_val_evidence(task, sequence, key["index"]))
    return Converted(key, str(record["answer"]), True, evidence)


def _val_evidence(task: Task, sequence: list[str], index: int | None) -> str:
    if index is None:
        return "every action of the sequence is applicable in turn"
    checked = validate_plan(task, sequence, start=task.init)
    return f"actions 0..{index - 1} apply in turn; action {index}: {checked.message}"


_PLAN_PATTERN = r'Simplify the plan "(.*)" by removing'


def convert_just(source: Source) -> Converted:
    record, task = source.record, source.task
    written = _written(record["question"], _PLAN_PATTERN)
    plan = [normalize_name(action) for action in written]
    removable = keys.removable_parts(task, task.init, plan)
    key = {"plan": plan, "removable": removable}
    kept = [_removal(plan, example) for example in record["answer"]]
    examples = [None if positions is None else [plan[i] for i in positions] for positions in kept]
    evidence = [
        _removal_problem(task, example, shorter) for example, shorter in zip(record["answer"], examples, strict=True)
    ]
    # The gold answer keeps the question's spelling: ACPBench's evaluator compares the actions
    # with the question's plan case-sensitively (some domains write their actions upper-case).
    first = next((positions for positions in kept if positions is not None), range(len(plan)))
    return Converted(key, answer_list([written[i] for i in first]), True, [e for e in evidence if e])


def _removal_problem(task: Task, example: list[str], shorter: list[str] | None) -> str | None:
    """Why removing ``example`` does not leave a plan (None: it does)."""
    if shorter is None:
        return f"removing {example}: no such part of the plan"
    checked = validate_plan(task, shorter, start=task.init)
    return None if checked.valid else f"removing {example} leaves no plan: {checked.message or 'goal not reached'}"


def _removal(plan: list[str], example: list[str]) -> list[int] | None:
    """The positions of ``plan`` kept after their removable part: [action, "k"] (its k-th
    occurrence) or [a1, a2, "-1"] (a pair); None when the plan has no such part."""
    names = [normalize_name(a) for a in example[:-1]]
    if len(names) == 1:
        positions = [i for i, a in enumerate(plan) if a == names[0]]
        k = int(example[-1]) - 1
        return [i for i in range(len(plan)) if i != positions[k]] if 0 <= k < len(positions) else None
    for i in range(len(plan) - 1):
        if plan[i : i + 2] == names:
            return [j for j in range(len(plan)) if j not in (i, i + 1)]
    return None


# -- reach and areach -------------------------------------------------------------------


def convert_reach(source: Source) -> Converted:
    record, task, graph = source.record, source.task, source.graph
    theirs = [normalize_name(f"({a})") for a in record["answer"]]
    gold = theirs[0] if theirs else "None"
    if graph is not None:
        key = keys.reach_key(ExactFacts(task, task.init, graph))
        assert key is not None
        return Converted(key, gold, True, _reach_evidence(task, theirs, key))
    unreachable, reachable, evidence = _sorted_out(theirs, lambda atom: _atom_reachable(source, atom))
    none_correct = not theirs
    if none_correct:
        found = _relaxed_unreachable_atoms(task)
        if found:
            none_correct = False
            unreachable = found[:1]
            evidence.append(f"{found[0]} can never hold: the delete relaxation never reaches it")
    fields = {"unreachable": unreachable, "reachable": reachable, "complete": False, "none_correct": none_correct}
    return Converted(fields, gold, False, evidence)


def _reach_evidence(task: Task, theirs: list[str], key: Key) -> list[str]:
    if not theirs and not key["none_correct"]:
        return [
            f"{key['unreachable'][0]} can never hold (all {len(key['reachable'])} reachable propositions enumerated)"
        ]
    return [
        f"{atom} holds in some reachable state (explicit state space)" for atom in theirs if atom in key["reachable"]
    ]


def _atom_reachable(source: Source, atom: str) -> bool | None:
    index = source.task.atom_index.get(atom)
    if index is None:
        return None
    return get_oracle().atom_reachable(source.domain_pddl, source.task, source.task.init, index).holds


def _relaxed_unreachable_atoms(task: Task) -> list[str]:
    mask = fluent_mask(task) & ~relaxed_reachable(task, task.init)
    return task.true_atoms(mask)


def convert_areach(source: Source) -> Converted:
    record, task, graph = source.record, source.task, source.graph
    theirs = [normalize_name(a) for a in record["answer"]]
    gold = theirs[0] if theirs else "None"
    if graph is not None:
        key = keys.areach_key(ExactFacts(task, task.init, graph))
        assert key is not None
        evidence = [
            f"{a} applies in some reachable state (explicit state space)" for a in theirs if a in key["reachable"]
        ]
        if not theirs and not key["none_correct"]:
            evidence.append(f"{key['unreachable'][0]} can never become applicable (state space enumerated)")
        return Converted(key, gold, True, evidence)
    unreachable, reachable, evidence = _sorted_out(theirs, lambda name: _action_reachable(source, name))
    none_correct = not theirs
    if none_correct:
        found = pruned_action_examples(task, 1) + _relaxed_unreachable_actions(task)
        if found:
            none_correct = False
            unreachable = found[:1]
            evidence.append(
                f"{found[0]} can never become applicable (static precondition false or "
                "a precondition the delete relaxation never reaches)"
            )
    fields = {"unreachable": unreachable, "reachable": reachable, "complete": False, "none_correct": none_correct}
    return Converted(fields, gold, False, evidence)


def _action_reachable(source: Source, name: str) -> bool | None:
    task = source.task
    action = task.action(name)
    if action is None:
        return False if task.is_well_formed_action(name) else None
    return get_oracle().action_reachable(source.domain_pddl, task, task.init, action).holds


def _relaxed_unreachable_actions(task: Task) -> list[str]:
    reached = relaxed_reachable(task, task.init)
    return [a.name for a in task.actions if a.pre_pos & reached != a.pre_pos]


def _sorted_out(theirs: list[str], reachable: Callable[[str], bool | None]) -> tuple[list[str], list[str], list[str]]:
    """(still unreachable, proven reachable, evidence) for the source's unreachable examples."""
    kept, moved, evidence = [], [], []
    for name in theirs:
        if reachable(name):
            moved.append(name)
            evidence.append(f"{name} is reachable (our oracle found a plan to it)")
        else:
            kept.append(name)
    return kept, moved, evidence


# -- land and nexta --------------------------------------------------------------------------


def convert_land(source: Source) -> Converted:
    record, task, graph = source.record, source.task, source.graph
    yes = [normalize_name(a) for a in record["answer"]["yes"]]
    no = [normalize_name(a) for a in record["answer"]["no"]]
    gold = yes[0] if yes else "None"
    key = None if graph is None else keys.land_key(ExactFacts(task, task.init, graph))
    if key is not None:
        ours = set(key["landmarks"])
        evidence = [
            f"{a} is not a landmark: a goal is reachable without it (explicit state space)"
            for a in yes
            if a not in ours and a not in key["trivial"]
        ]
        evidence += [f"{a} is trivial: it holds now or in the goal" for a in yes if a in key["trivial"]]
        evidence += [f"{a} is a landmark the source lists as a non-landmark" for a in no if a in ours]
        if not yes and ours:
            evidence.append(f"{key['landmarks'][0]} is a non-trivial landmark (state space enumerated)")
        return Converted(key, gold, True, evidence)
    return _land_evidence(source, yes, no, gold)


def _land_evidence(source: Source, yes: list[str], no: list[str], gold: str) -> Converted:
    task = source.task
    trivial = keys.atom_names(task, (task.init | task.goal_pos) & fluent_mask(task))
    landmarks, non_landmarks, evidence = [], list(no), []
    for atom in yes:
        index = task.atom_index.get(atom)
        decided = (
            None
            if index is None or atom in trivial
            else get_oracle().is_landmark(source.domain_pddl, task, task.init, index).holds
        )
        if decided is False:
            non_landmarks.append(atom)
            evidence.append(f"{atom} is not a landmark: our oracle found a plan that never makes it true")
        else:
            landmarks.append(atom)
    none_correct = not yes
    if none_correct:
        proven = _relaxed_landmark(task)
        if proven:
            none_correct, landmarks = False, [proven]
            evidence.append(f"{proven} is a landmark: without its achievers the goal is relaxed-unreachable")
    fields = {
        "trivial": trivial,
        "landmarks": landmarks,
        "candidates": None,
        "non_landmarks": non_landmarks,
        "complete": False,
        "none_correct": none_correct,
    }
    return Converted(fields, gold, False, evidence)


def _relaxed_landmark(task: Task) -> str | None:
    plan = bfs(task, max_states=SEARCH_STATES).plan
    if plan is None:
        return None
    state, traversed = task.init, task.init
    for name in plan:
        state = task.successor(state, name)
        traversed |= state
    candidates = traversed & ~(task.init | task.goal_pos) & fluent_mask(task)
    return next(
        (task.atoms[i] for i in bit_indices(candidates) if proves_landmark(task, task.init, i)),
        None,
    )


def convert_nexta(source: Source) -> Converted:
    record, task, graph = source.record, source.task, source.graph
    answer = record["answer"]
    yes = [normalize_name(a) for a in answer["yes"]]
    gold = yes[0]
    key = None if graph is None else keys.nexta_key(ExactFacts(task, task.init, graph))
    if key is not None:
        evidence = []
        if key["opt"] != int(answer["opt"]):
            evidence.append(f"h* of the state is {key['opt']}, not {answer['opt']} (explicit state space)")
        evidence += [f"{a} does not decrease h* (explicit state space)" for a in yes if a not in key["yes"]]
        evidence += [f"{a} decreases h* but is listed as not" for a in answer["no"] if normalize_name(a) in key["yes"]]
        return Converted(key, gold, True, evidence)
    return _nexta_evidence(source, yes, gold)


def _nexta_evidence(source: Source, yes: list[str], gold: str) -> Converted:
    task, answer = source.task, source.answer
    opt, evidence = int(answer["opt"]), []
    searched = bfs(task, max_states=SEARCH_STATES)
    if searched.length is not None and searched.length != opt:
        evidence.append(f"h* of the state is {searched.length}, not {opt} (breadth-first search)")
        opt = searched.length
    good, bad = [], [normalize_name(a) for a in answer["no"]]
    for name in yes:
        action = task.action(name)
        holds = (
            None
            if action is None
            else get_oracle().goal_distance_is(source.domain_pddl, task, action.apply(task.init), opt - 1).holds
        )
        if holds is False:
            bad.append(name)
            evidence.append(f"{name} does not decrease h* ({opt}) by one")
        else:
            good.append(name)
    applicable = [a.name for a in task.applicable(task.init)]
    fields = {"applicable": applicable, "yes": good, "no": bad, "opt": opt, "complete": not answer["maybe"]}
    if not good:
        fields["complete"] = False
    return Converted(fields, gold, False, evidence)
