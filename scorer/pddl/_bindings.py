"""Enumerating the parameter tuples of an action schema that static facts allow.

Naively grounding every typed tuple is |objects|^arity work; instead the
parameters are bound one at a time and each static conjunct of the
precondition is checked as soon as its parameters are bound. A positive
static atom additionally proposes the candidates for its last parameter
from the true static facts (a hash join), so e.g. (connected ?from ?to)
never tries unconnected pairs.

The variables of a universal conditional effect are bound the same way, with
the static conjuncts of the effect's condition: (forall (?b ?f) (when (and
(in ?o ?b) (faucet-of ?f ?b)) ...)) tries each ?b with only its faucets.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from unified_planning.model import FNode, InstantaneousAction

from ._ground_formula import Binding, FormulaGrounder, Grounding


def parameter_bindings(action: InstantaneousAction, grounder: FormulaGrounder) -> Iterator[dict[str, str]]:
    """Bindings (parameter name -> object) in declaration order of the objects,
    skipping those whose static precondition part is false."""
    names = [param.name for param in action.parameters]
    domains = [grounder.universe.objects_of(param.type.name) for param in action.parameters]
    plan = JoinPlan.build(names, domains, top_conjuncts(action.preconditions), grounder)
    yield from plan.bindings({})


def top_conjuncts(conditions: Sequence[FNode]) -> list[FNode]:
    """The conjuncts of the conjunction of `conditions`, nested ``and`` flattened."""
    conjuncts: list[FNode] = []
    stack = list(reversed(conditions))
    while stack:
        node = stack.pop()
        if node.is_and():
            stack.extend(reversed(node.args))
        else:
            conjuncts.append(node)
    return conjuncts


def _term_name(node: FNode) -> str | None:
    """The name a parameter or quantified variable is bound by; None for other terms."""
    if node.is_parameter_exp():
        name: str = node.parameter().name
        return name
    if node.is_variable_exp():
        name = node.variable().name
        return name
    return None


def names_in(node: FNode) -> set[str]:
    """The parameters and variables `node` names."""
    found, stack = set(), [node]
    while stack:
        current = stack.pop()
        name = _term_name(current)
        if name is not None:
            found.add(name)
        stack.extend(current.args)
    return found


@dataclass
class JoinPlan:
    """Which static conjuncts to check, and which to join on, at each depth: the names
    are bound in order, extending a binding that already holds every other name."""

    names: Sequence[str]
    domains: Sequence[tuple[str, ...]]
    unbound_checks: list[Grounding]
    checks_at: list[list[Grounding]]
    proposers: list[_StaticProposer | None]

    @classmethod
    def build(
        cls,
        names: Sequence[str],
        domains: Sequence[tuple[str, ...]],
        conjuncts: Sequence[FNode],
        grounder: FormulaGrounder,
    ) -> JoinPlan:
        position = {name: i for i, name in enumerate(names)}
        plan = cls(names, domains, [], [[] for _ in names], [None] * len(names))
        for conjunct in conjuncts:
            if not grounder.is_static(conjunct):
                continue
            depths = [position[name] for name in names_in(conjunct) if name in position]
            if not depths:
                plan.unbound_checks.append(grounder.compiled(conjunct))
                continue
            depth = max(depths)
            plan.checks_at[depth].append(grounder.compiled(conjunct))
            if plan.proposers[depth] is None and conjunct.is_fluent_exp():
                plan.proposers[depth] = _StaticProposer.build(conjunct, names[depth], domains[depth], grounder)
        return plan

    def bindings(self, base: Binding) -> Iterator[dict[str, str]]:
        """`base` extended by every tuple of the names the static checks allow, in the
        order of the product of their domains."""
        if any(check(base) is False for check in self.unbound_checks):
            return
        yield from self._extend(0, dict(base))

    def _extend(self, depth: int, binding: dict[str, str]) -> Iterator[dict[str, str]]:
        if depth == len(self.names):
            yield dict(binding)
            return
        name, checks, proposer = self.names[depth], self.checks_at[depth], self.proposers[depth]
        candidates = self.domains[depth] if proposer is None else proposer.candidates(binding)
        for obj in candidates:
            binding[name] = obj
            if all(check(binding) is not False for check in checks):
                yield from self._extend(depth + 1, binding)
        binding.pop(name, None)


@dataclass
class _StaticProposer:
    """Index of a positive static atom: bound arguments -> values of the new name."""

    bound_names: tuple[str, ...]
    values_by_key: dict[tuple[str, ...], tuple[str, ...]]

    @classmethod
    def build(cls, atom: FNode, new_name: str, domain: tuple[str, ...], grounder: FormulaGrounder) -> _StaticProposer:
        args = atom.args
        names = [_term_name(arg) for arg in args]
        new_position = names.index(new_name)
        bound_positions = [i for i, name in enumerate(names) if name is not None and name != new_name]
        bound_names = tuple(str(names[i]) for i in bound_positions)
        constants = {i: arg.object().name for i, arg in enumerate(args) if arg.is_object_exp()}
        order = {name: i for i, name in enumerate(domain)}  # the name's type may be narrower
        collected: dict[tuple[str, ...], set[str]] = {}
        for fact_args in grounder.true_static_facts(atom.fluent().name):
            value = fact_args[new_position]
            if value in order and all(fact_args[i] == const for i, const in constants.items()):
                key = tuple(fact_args[i] for i in bound_positions)
                collected.setdefault(key, set()).add(value)
        values = {key: tuple(sorted(found, key=order.__getitem__)) for key, found in collected.items()}
        return cls(bound_names, values)

    def candidates(self, binding: Binding) -> tuple[str, ...]:
        return self.values_by_key.get(tuple(binding[name] for name in self.bound_names), ())
