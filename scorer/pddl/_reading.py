"""Reading PDDL text into a unified-planning Problem, refusing what we cannot ground.

Our grounder covers STRIPS + ADL-lite. Anything else must fail loudly here
rather than be silently mis-grounded later.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from unified_planning.model import Action, FNode, InstantaneousAction, Problem
from unified_planning.model.effect import Effect, EffectKind

from ._environment import up_environment
from ._errors import PDDLParseError, UnsupportedPDDL

# unified-planning's environment (names, expression manager) is process-global and not
# thread-safe, and so is the one reader this module keeps: the rollout server reads from
# many request threads at once. Re-entrant: parse_task holds it around reading and grounding.
UP_LOCK = threading.RLock()
# Domain texts whose syntax tree and actions are kept: a build reads hundreds of problems of a few domains.
DOMAINS_KEPT = 32

_COMMENT = re.compile(r";[^\n]*")
_UNSUPPORTED_SECTIONS = {
    r"\(\s*:derived\b": "derived predicates (:derived)",
    r"\(\s*:durative-action\b": "durative actions",
    r"\(\s*:process\b": "processes",
    r"\(\s*:event\b": "events",
}
# Numeric features are not refused by kind: (increase (total-cost) ...) makes
# UP call a problem numeric, so numeric use is checked structurally instead.
_UNSUPPORTED_KIND_GROUPS = ("TIME", "CONSTRAINTS_KIND", "SIMULATED_ENTITIES")


def read_problem(domain_pddl: str, problem_pddl: str) -> Problem:
    """Parse PDDL text with unified-planning and check it is ADL-lite planning (no numbers, no time)."""
    _refuse_unsupported_sections(domain_pddl)
    try:
        problem = parse_model(domain_pddl, problem_pddl)
    except Exception as error:  # the reader raises many unrelated types
        raise PDDLParseError(f"cannot parse PDDL: {error}") from error
    _refuse_unsupported_model(problem)
    return problem


def parse_model(domain_pddl: str, problem_pddl: str) -> Problem:
    """``PDDLReader.parse_problem_string``, step by step, so that the reader (whose grammar
    takes milliseconds to build) and each domain's syntax tree and actions are made once per
    process: unified-planning parses the domain text again with every problem and builds its
    actions anew, most of a small problem's reading. The model is built from the trees by the
    reader's own code, so it is the same Problem; a reader without those steps (another
    version) is used as is."""
    from unified_planning.io.utils import parse_string

    reader = _reader()
    steps = ("_pp_domain", "_pp_problem", "_parse_problem", "_totalcost")
    if not all(hasattr(reader, step) for step in steps):
        with UP_LOCK:
            return reader.parse_problem_string(domain_pddl, problem_pddl)
    domain_text, problem_text = _normal(domain_pddl), _normal(problem_pddl)
    with UP_LOCK, _packrat_off():  # the model's building parses each action's parameters too
        problem_tree = parse_string(reader._pp_problem, problem_text, parse_all=True)
        domain = _domain(domain_text)
        reader._totalcost = None  # the one state a parse leaves behind (the domain's total-cost fluent)
        if domain.actions is None or "metric" in problem_tree:
            # a metric of action costs takes the cost effects out of the problem's actions
            return reader._parse_problem(domain.tree, domain_text, problem_tree, problem_text)
        problem = reader._parse_problem(domain.without_actions, domain_text, problem_tree, problem_text)
        problem.add_actions([action.clone() for action in domain.actions])  # clones: a problem's own, as before
        return problem


@contextmanager
def _packrat_off() -> Iterator[None]:
    """pyparsing's packrat memo off while PDDL is parsed. Importing ``unified_planning.io``
    turns it on for the whole process (for its ANML grammar), and the PDDL grammar, which
    does not backtrack enough to profit, parses 2-4x slower with it (a problem of a few blocks:
    29 ms against 8). Memoizing changes no result; the switch is process-global, so it is
    put back for pyparsing's other users."""
    from pyparsing import ParserElement

    if not getattr(ParserElement, "_packratEnabled", False) or not hasattr(ParserElement, "_parseNoCache"):
        yield
        return
    with ParserElement.packrat_cache_lock:
        memoizing = ParserElement._parse
        ParserElement._packratEnabled, ParserElement._parse = False, ParserElement._parseNoCache
    try:
        yield
    finally:
        with ParserElement.packrat_cache_lock:
            ParserElement._packratEnabled, ParserElement._parse = True, memoizing


def _normal(text: str) -> str:
    return text.replace("\t", " ").lower()  # what parse_problem_string does first


@lru_cache(maxsize=1)
def _reader() -> Any:
    from unified_planning.io import PDDLReader

    environment = up_environment()
    environment.credits_stream = None  # unified-planning prints credits otherwise
    return PDDLReader(environment)


@dataclass(frozen=True)
class _Domain:
    tree: Any  # the domain's syntax tree
    without_actions: Any  # the same tree without its actions: a problem read on it gets none
    actions: tuple[Action, ...] | None  # built once; None where a problem must build its own


@lru_cache(maxsize=DOMAINS_KEPT)
def _domain(domain_text: str) -> _Domain:
    """A domain's syntax tree and its actions, made once however many problems are read on it.
    The actions are what the reader's own code builds from the domain alone. A problem's part
    (its objects, :init and :goal) never changes them, except in the domains whose problems
    need the actions as they read: the hierarchical ones (a method's subtasks name actions)
    and the contingent ones; those build their actions with every problem, as before."""
    from unified_planning.io.utils import parse_string

    reader = _reader()
    tree = parse_string(reader._pp_domain, domain_text, parse_all=True)
    reader._totalcost = None
    model = reader._parse_problem(tree, domain_text, None, None)
    if type(model) is not Problem:
        return _Domain(tree, tree, None)
    without_actions = tree.copy()
    if "actions" in without_actions:
        del without_actions["actions"]
    return _Domain(tree, without_actions, tuple(model.actions))


def _refuse_unsupported_sections(domain_pddl: str) -> None:
    # The UP reader fails on :derived with an unhelpful pyparsing error, so
    # look for these sections before parsing.
    text = _COMMENT.sub("", domain_pddl).lower()
    for pattern, feature in _UNSUPPORTED_SECTIONS.items():
        if re.search(pattern, text):
            raise UnsupportedPDDL(f"unsupported PDDL feature: {feature}")


def _refuse_unsupported_model(problem: Problem) -> None:
    for action in problem.actions:
        if not isinstance(action, InstantaneousAction):
            raise UnsupportedPDDL(f"unsupported action kind {type(action).__name__}: {action.name}")
    for condition in _conditions(problem):
        _refuse_numeric_condition(condition)
    for action in problem.actions:
        for effect in action.effects:
            _refuse_unsupported_effect(action.name, effect)
    _refuse_unsupported_kind(problem)


def _refuse_unsupported_kind(problem: Problem) -> None:
    if not _may_be_timed_or_simulated(problem):
        return
    features = sorted(problem.kind.features)  # a set: sorted, so the message names the same one in every process
    for group in _UNSUPPORTED_KIND_GROUPS:
        for feature in features:
            if _feature_group(feature) == group:
                raise UnsupportedPDDL(f"unsupported PDDL feature: {feature.lower()}")
    if problem.timed_effects or problem.timed_goals or problem.trajectory_constraints:
        raise UnsupportedPDDL("unsupported PDDL feature: timed or trajectory constructs")


def _may_be_timed_or_simulated(problem: Problem) -> bool:
    """Whether the problem's kind can hold a feature of the refused groups. Its actions are all
    instantaneous (checked first), so only these set one (unified-planning's ``_kind_factory``);
    computing the kind walks every expression, a tenth of reading a problem, so it is computed
    only then, for the exact message."""
    return bool(
        problem.timed_effects
        or problem.timed_goals
        or problem.trajectory_constraints
        or list(getattr(problem, "processes", ()))
        or list(getattr(problem, "events", ()))
        or any(getattr(action, "simulated_effect", None) is not None for action in problem.actions)
    )


def _feature_group(feature: str) -> str | None:
    from unified_planning.model.problem_kind import FEATURES

    return next((group for group, names in FEATURES.items() if feature in names), None)


def _conditions(problem: Problem) -> Iterator[FNode]:
    yield from problem.goals
    for action in problem.actions:
        yield from action.preconditions
        for effect in action.effects:
            yield effect.condition


def _refuse_numeric_condition(node: FNode) -> None:
    for sub in _walk(node):
        if sub.is_fluent_exp() and not sub.fluent().type.is_bool_type():
            raise UnsupportedPDDL(f"unsupported PDDL feature: numeric fluent {sub.fluent().name} in a condition")
        if sub.is_le() or sub.is_lt() or sub.is_plus() or sub.is_minus() or sub.is_times() or sub.is_div():
            raise UnsupportedPDDL(f"unsupported PDDL feature: numeric expression {sub}")


def _refuse_unsupported_effect(action_name: str, effect: Effect) -> None:
    if effect.fluent.type.is_bool_type():
        if effect.kind != EffectKind.ASSIGN or not effect.value.is_bool_constant():
            raise UnsupportedPDDL(f"unsupported effect in {action_name}: {effect}")
        return
    if effect.kind == EffectKind.INCREASE and effect.fluent.fluent().arity == 0:
        return  # (increase (total-cost) ...): a cost, ignored by the grounder
    raise UnsupportedPDDL(f"unsupported PDDL feature: numeric effect in {action_name}: {effect}")


def _walk(node: FNode) -> Iterator[FNode]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(current.args)
