"""Reading PDDL text into a unified-planning Problem, refusing what we cannot ground.

Our grounder covers STRIPS + ADL-lite. Anything else must fail loudly here
rather than be silently mis-grounded later.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from unified_planning.environment import get_environment  # not .shortcuts: that imports every engine (0.5 s)
from unified_planning.model import FNode, InstantaneousAction, Problem
from unified_planning.model.effect import Effect, EffectKind

from ._errors import PDDLParseError, UnsupportedPDDL

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
    environment = get_environment()
    environment.credits_stream = None  # unified-planning prints credits otherwise
    try:
        from unified_planning.io import PDDLReader

        problem = PDDLReader(environment).parse_problem_string(domain_pddl, problem_pddl)
    except Exception as error:  # the reader raises many unrelated types
        raise PDDLParseError(f"cannot parse PDDL: {error}") from error
    _refuse_unsupported_model(problem)
    return problem


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
    kind = problem.kind
    for group in _UNSUPPORTED_KIND_GROUPS:
        for feature in kind.features:
            if _feature_group(feature) == group:
                raise UnsupportedPDDL(f"unsupported PDDL feature: {feature.lower()}")
    if problem.timed_effects or problem.timed_goals or problem.trajectory_constraints:
        raise UnsupportedPDDL("unsupported PDDL feature: timed or trajectory constructs")


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
