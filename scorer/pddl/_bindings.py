"""Enumerating the parameter tuples of an action schema that static facts allow.

Naively grounding every typed tuple is |objects|^arity work; instead the
parameters are bound one at a time and each static conjunct of the
precondition is checked as soon as its parameters are bound. A positive
static atom additionally proposes the candidates for its last parameter
from the true static facts (a hash join), so e.g. (connected ?from ?to)
never tries unconnected pairs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from unified_planning.model import FNode, InstantaneousAction

from ._ground_formula import Binding, FormulaGrounder


def parameter_bindings(action: InstantaneousAction, grounder: FormulaGrounder) -> Iterator[dict[str, str]]:
    """Bindings (parameter name -> object) in declaration order of the objects,
    skipping those whose static precondition part is false."""
    names = [param.name for param in action.parameters]
    domains = [grounder.universe.objects_of(param.type.name) for param in action.parameters]
    plan = _JoinPlan.build(names, domains, _top_conjuncts(action.preconditions), grounder)
    if any(grounder.ground(check, {}) is False for check in plan.unbound_checks):
        return
    yield from _extend(0, {}, names, domains, plan, grounder)


def _extend(
    depth: int,
    binding: dict[str, str],
    names: Sequence[str],
    domains: Sequence[tuple[str, ...]],
    plan: _JoinPlan,
    grounder: FormulaGrounder,
) -> Iterator[dict[str, str]]:
    if depth == len(names):
        yield dict(binding)
        return
    name, checks = names[depth], plan.checks_at[depth]
    proposer = plan.proposers[depth]
    candidates = domains[depth] if proposer is None else proposer.candidates(binding)
    for obj in candidates:
        binding[name] = obj
        if all(grounder.ground(check, binding) is not False for check in checks):
            yield from _extend(depth + 1, binding, names, domains, plan, grounder)
    binding.pop(name, None)


def _top_conjuncts(preconditions: Sequence[FNode]) -> list[FNode]:
    conjuncts: list[FNode] = []
    stack = list(reversed(preconditions))
    while stack:
        node = stack.pop()
        if node.is_and():
            stack.extend(reversed(node.args))
        else:
            conjuncts.append(node)
    return conjuncts


def _parameters_in(node: FNode) -> set[str]:
    found, stack = set(), [node]
    while stack:
        current = stack.pop()
        if current.is_parameter_exp():
            found.add(current.parameter().name)
        stack.extend(current.args)
    return found


@dataclass
class _JoinPlan:
    """Which static conjuncts to check, and which to join on, at each depth."""

    unbound_checks: list[FNode]
    checks_at: list[list[FNode]]
    proposers: list[_StaticProposer | None]

    @classmethod
    def build(
        cls,
        names: Sequence[str],
        domains: Sequence[tuple[str, ...]],
        conjuncts: Sequence[FNode],
        grounder: FormulaGrounder,
    ) -> _JoinPlan:
        position = {name: i for i, name in enumerate(names)}
        plan = cls([], [[] for _ in names], [None] * len(names))
        for conjunct in conjuncts:
            if not grounder.is_static(conjunct):
                continue
            params = _parameters_in(conjunct)
            if not params:
                plan.unbound_checks.append(conjunct)
                continue
            depth = max(position[param] for param in params)
            plan.checks_at[depth].append(conjunct)
            if plan.proposers[depth] is None and conjunct.is_fluent_exp():
                plan.proposers[depth] = _StaticProposer.build(conjunct, names[depth], domains[depth], grounder)
        return plan


@dataclass
class _StaticProposer:
    """Index of a positive static atom: bound arguments -> values of the new parameter."""

    bound_params: tuple[str, ...]
    values_by_key: dict[tuple[str, ...], tuple[str, ...]]

    @classmethod
    def build(cls, atom: FNode, new_param: str, domain: tuple[str, ...], grounder: FormulaGrounder) -> _StaticProposer:
        args = atom.args
        new_position = next(i for i, arg in enumerate(args) if _is_param(arg, new_param))
        bound_positions = [i for i, arg in enumerate(args) if arg.is_parameter_exp() and not _is_param(arg, new_param)]
        bound_params = tuple(args[i].parameter().name for i in bound_positions)
        constants = {i: arg.object().name for i, arg in enumerate(args) if arg.is_object_exp()}
        order = {name: i for i, name in enumerate(domain)}  # the parameter's type may be narrower
        collected: dict[tuple[str, ...], set[str]] = {}
        for fact_args in grounder.true_static_facts(atom.fluent().name):
            value = fact_args[new_position]
            if value in order and all(fact_args[i] == const for i, const in constants.items()):
                key = tuple(fact_args[i] for i in bound_positions)
                collected.setdefault(key, set()).add(value)
        values = {key: tuple(sorted(found, key=order.__getitem__)) for key, found in collected.items()}
        return cls(bound_params, values)

    def candidates(self, binding: Binding) -> tuple[str, ...]:
        return self.values_by_key.get(tuple(binding[name] for name in self.bound_params), ())


def _is_param(node: FNode, name: str) -> bool:
    return bool(node.is_parameter_exp() and node.parameter().name == name)
