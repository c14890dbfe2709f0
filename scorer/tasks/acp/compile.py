"""Compiled planning tasks for the planner fallback (ACPBench Hard, section 5).

- reach: the goal is the atom;
- areach: the goal is the action's precondition;
- nexta: the question's goal, from the state after the action;
- land: "p not achieved": plans may never make p true. The paper adds a fact
  that every achiever of p deletes and the goal requires; for an achiever
  that adds p unconditionally that is the same as forbidding the achiever,
  which is how the lifted form below writes it: a new static predicate
  ``planarium-target-P`` holds for p's arguments only, and every action that
  adds ``(P ...)`` gets the precondition ``(not (planarium-target-P ...))``.

Two writers:

- **lifted** (the default): the row's PDDL domain, edited as s-expressions
  (action costs removed, so costs are plan lengths as in the paper; action
  schemas renamed ``planarium-<name>`` so none shares a predicate's name, which
  unified-planning refuses), and a new problem whose objects, ``:init`` (the
  state) and goal are written from the grounded Task. Planners ground it
  themselves, fast.
- **ground**: every atom a 0-ary predicate ``f<i>``, every ground action a 0-ary
  action ``a<i>``, conditional effects kept. Used only for the landmark test
  when p is added by a conditional or quantified effect, which the lifted
  edit cannot express. Reading a ground task is slow in unified-planning
  (about 10 s for a thousand actions), which the planner's time bound covers.

Everything written comes from the row's PDDL and the Task (its atom names and
its own rendering of preconditions and goals), never from reply text: the
answer only chose which atom or action to ask about, after the vocabulary
accepted it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from scorer.pddl import GroundAction, Task, bit_indices

from .sexpr import SExpr, keyword_value, read_sexpr, sections, typed_names, write_sexpr

NOT_ACHIEVED = "not-achieved"
TARGET_PREFIX = "planarium-target-"
ACTION_PREFIX = "planarium-"
COST_EFFECTS = frozenset({"increase", "decrease"})
_INNERMOST_GROUP = re.compile(r"\([^()]*\)")


@dataclass(frozen=True)
class CompiledTask:
    domain: str
    problem: str
    form: str  # "lifted" | "ground"


def compiled_task(
    domain_pddl: str, task: Task, state: int, goal_pddl: str, never_achieve: int | None = None
) -> CompiledTask:
    """``task`` from ``state`` with the goal ``goal_pddl`` (Task-rendered text over
    Task atom names, e.g. an action's ``precondition_text()``); with
    ``never_achieve`` (an atom index) plans may never make that atom true."""
    define = read_sexpr(domain_pddl)
    target = None if never_achieve is None else task.atoms[never_achieve][1:-1].split()
    domain = _lifted_domain(define, None if target is None else target[0])
    if domain is None:
        return _ground_task(task, state, goal_pddl, never_achieve)
    extra_init = [] if target is None else ["(" + " ".join([TARGET_PREFIX + target[0], *target[1:]]) + ")"]
    problem = _lifted_problem(define, task, state, goal_pddl, extra_init)
    return CompiledTask(write_sexpr(domain) + "\n", problem, "lifted")


# -- lifted ---------------------------------------------------------------------


def _lifted_domain(define: SExpr, target: str | None) -> list[SExpr] | None:
    """The edited domain; None when ``target`` is added by a conditional or
    quantified effect (the lifted edit cannot forbid only that effect)."""
    assert isinstance(define, list)
    edited: list[SExpr] = []
    for part in define:
        head = _head(part)
        if head == ":functions":
            continue
        if isinstance(part, str):  # the keyword `define` itself
            edited.append(part)
            continue
        if head == ":requirements":
            part = _requirements(part)
        elif head == ":predicates" and target is not None:
            part = [*part, *_target_declaration(part, target)]
        elif head == ":action":
            action = _action(part, target)
            if action is None:
                return None
            part = action
        edited.append(part)
    if not any(_head(part) == ":requirements" for part in edited):
        edited.insert(2, [":requirements", ":strips", ":negative-preconditions"])
    return edited


def _requirements(part: list[SExpr]) -> list[SExpr]:
    kept = [item for item in part if not (isinstance(item, str) and item.lower() == ":action-costs")]
    if not any(isinstance(item, str) and item.lower() in (":negative-preconditions", ":adl") for item in kept):
        kept.append(":negative-preconditions")
    return kept


def _target_declaration(predicates: list[SExpr], target: str) -> list[SExpr]:
    for declaration in predicates[1:]:
        if isinstance(declaration, list) and _head(declaration) == target:
            return [[TARGET_PREFIX + target, *declaration[1:]]]
    raise ValueError(f"predicate {target} is not declared")


def _action(form: list[SExpr], target: str | None) -> list[SExpr] | None:
    effect = _without_costs(keyword_value(form, ":effect"))
    forbidden: list[SExpr] = []
    if target is not None:
        unconditional, conditional = _adds_of(effect, target)
        if conditional:
            return None
        forbidden = [["not", [TARGET_PREFIX + target, *add[1:]]] for add in unconditional]
    precondition = keyword_value(form, ":precondition")
    parts = _conjuncts(precondition) + forbidden
    rebuilt: list[SExpr] = [":action", ACTION_PREFIX + str(form[1])]
    rebuilt += [":parameters", keyword_value(form, ":parameters") or []]
    if parts:
        rebuilt += [":precondition", ["and", *parts]]
    rebuilt += [":effect", effect if effect is not None else ["and"]]
    return rebuilt


def _without_costs(effect: SExpr | None) -> SExpr | None:
    if not isinstance(effect, list):
        return effect
    kept: list[SExpr] = []
    for part in effect:
        if _head(part) not in COST_EFFECTS:
            edited = _without_costs(part)
            kept.append(part if edited is None else edited)
    return kept


def _adds_of(effect: SExpr | None, predicate: str) -> tuple[list[list[SExpr]], bool]:
    """(unconditional top-level adds of ``predicate``, whether it is also added conditionally)."""
    unconditional: list[list[SExpr]] = []
    conditional = False
    for part in _conjuncts(effect):
        head = _head(part)
        if head == predicate and isinstance(part, list):
            unconditional.append(part)
        elif head in ("when", "forall"):
            conditional = conditional or _adds_anywhere(part, predicate)
    return unconditional, conditional


def _adds_anywhere(expr: SExpr, predicate: str) -> bool:
    if not isinstance(expr, list) or _head(expr) == "not":
        return False
    if _head(expr) == "when":
        return _adds_anywhere(expr[2], predicate) if len(expr) > 2 else False
    return _head(expr) == predicate or any(_adds_anywhere(part, predicate) for part in expr[1:])


def _conjuncts(expr: SExpr | None) -> list[SExpr]:
    if expr is None or expr == []:
        return []
    if _head(expr) == "and" and isinstance(expr, list):
        return list(expr[1:])
    return [expr]


def _head(expr: SExpr) -> str | None:
    if isinstance(expr, list) and expr and isinstance(expr[0], str):
        return expr[0].lower()
    return None


def state_problem(domain_pddl: str, task: Task, state: int, name: str) -> str:
    """A PDDL problem of ``task`` whose ``:init`` is ``state`` (the goal unchanged):
    the problem a static question about ``state`` carries."""
    return _lifted_problem(read_sexpr(domain_pddl), task, state, task.goal_text(), [], name)


def _lifted_problem(
    define: SExpr, task: Task, state: int, goal_pddl: str, extra_init: list[str], name: str = "planarium-compiled"
) -> str:
    assert isinstance(define, list)
    domain_name = next((part[1] for part in define if isinstance(part, list) and _head(part) == "domain"), "unknown")
    constants = {name.lower() for section in sections(define, ":constants") for name, _ in typed_names(section[1:])}
    objects = [(obj, kind) for obj, kind in task.objects.items() if obj.lower() not in constants]
    init = task.true_atoms(state) + extra_init
    return _problem_text(str(domain_name), _declared(objects), init, goal_pddl, name)


def _declared(objects: list[tuple[str, str]]) -> str:
    """Objects grouped by type, in order of first appearance: "c0 c1 - car l0 - location"."""
    if all(kind == "object" for _, kind in objects):
        return " ".join(obj for obj, _ in objects)
    by_type: dict[str, list[str]] = {}
    for obj, kind in objects:
        by_type.setdefault(kind, []).append(obj)
    return " ".join(f"{' '.join(names)} - {kind}" for kind, names in by_type.items())


def _problem_text(domain_name: str, objects: str, init: Iterable[str], goal: str, name: str) -> str:
    return "\n".join(
        [
            f"(define (problem {name})",
            f"  (:domain {domain_name})",
            f"  (:objects {objects})" if objects else "",
            "  (:init",
            *_wrapped(list(init)),
            "  )",
            f"  (:goal {goal})",
            ")",
            "",
        ]
    )


# -- ground (fallback) ----------------------------------------------------------


class _GroundWriter:
    """Renders a Task as a ground PDDL task and collects the atoms it mentions."""

    def __init__(self, task: Task, banned: int) -> None:
        self.task = task
        self.banned = banned
        self.mentioned: set[int] = set()

    def atom(self, index: int) -> str:
        self.mentioned.add(index)
        return f"(f{index})"

    def atoms(self, mask: int) -> list[str]:
        return [self.atom(index) for index in bit_indices(mask)]

    def formula(self, text: str) -> str:
        """Rename the atoms of a Task-rendered formula ("(and (at a b) (not ...))")."""

        def rename(match: re.Match[str]) -> str:
            index = self.task.atom_index.get(match.group(0))
            return match.group(0) if index is None else self.atom(index)  # "(and)" etc. stay

        return _INNERMOST_GROUP.sub(rename, text)

    def action(self, action: GroundAction) -> str:
        has_precondition = action.pre_pos or action.pre_neg or action.pre_general is not None
        precondition = self.formula(action.precondition_text()) if has_precondition else "(and)"
        effects = self._outcome(action.add, action.delete)
        for effect in action.cond_effects:
            condition = self.atoms(effect.cond_pos) + [f"(not {a})" for a in self.atoms(effect.cond_neg)]
            outcome = self._outcome(effect.add, effect.delete)
            effects.append(f"(when (and {' '.join(condition)}) (and {' '.join(outcome)}))")
        return (
            f"  (:action a{action.index}\n    :parameters ()\n    :precondition {precondition}\n"
            f"    :effect (and {' '.join(effects)}))"
        )

    def _outcome(self, add: int, delete: int) -> list[str]:
        outcome = self.atoms(add) + [f"(not {a})" for a in self.atoms(delete)]
        if add & self.banned:
            outcome.append(f"(not ({NOT_ACHIEVED}))")
        return outcome


def _ground_task(task: Task, state: int, goal_pddl: str, never_achieve: int | None) -> CompiledTask:
    writer = _GroundWriter(task, 0 if never_achieve is None else 1 << never_achieve)
    actions = [writer.action(action) for action in task.actions]
    goal = writer.formula(goal_pddl)
    predicates = [f"(f{index})" for index in sorted(writer.mentioned)]
    init = [f"(f{index})" for index in sorted(writer.mentioned) if state >> index & 1]
    if never_achieve is not None:
        goal = f"(and {goal} ({NOT_ACHIEVED}))"
        predicates.append(f"({NOT_ACHIEVED})")
        init.append(f"({NOT_ACHIEVED})")
    domain = "\n".join(
        [
            "(define (domain planarium-ground)",
            "  (:requirements :adl)",
            "  (:predicates " + " ".join(predicates) + ")",
            *actions,
            ")",
            "",
        ]
    )
    return CompiledTask(domain, _problem_text("planarium-ground", "", init, goal, "planarium-compiled"), "ground")


def _wrapped(atoms: list[str], per_line: int = 6) -> list[str]:
    return ["    " + " ".join(atoms[i : i + per_line]) for i in range(0, len(atoms), per_line)]
