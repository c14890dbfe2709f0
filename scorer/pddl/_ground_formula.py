"""Grounding unified-planning condition expressions under a parameter binding.

Static atoms (of predicates no action changes) and equalities become
constants right here, and quantifiers are expanded over the typed objects,
so what is left only mentions atoms that can change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import product

from unified_planning.model import FNode

from ._errors import UnsupportedPDDL
from ._formula import Formula, Lit, make_conj, make_disj
from ._universe import Universe

Binding = Mapping[str, str]  # parameter / variable name -> object name


class FormulaGrounder:
    """Ground FNodes against a universe, the static predicates and the initial state."""

    def __init__(self, universe: Universe, static_predicates: frozenset[str], init: int) -> None:
        self.universe = universe
        self.static_predicates = static_predicates
        self.init = init
        self._facts_by_predicate: dict[str, list[tuple[str, ...]]] | None = None

    def ground(self, node: FNode, binding: Binding, negated: bool = False) -> Formula:
        """Ground `node` (or its negation) to a formula in negation normal form."""
        if node.is_fluent_exp():
            return self._atom(node, binding, negated)
        if node.is_and() or node.is_or():
            conjunctive = node.is_and() != negated
            return self._junction(node.args, binding, negated, conjunctive)
        if node.is_not():
            return self.ground(node.arg(0), binding, not negated)
        if node.is_implies():
            # a -> b == (not a) or b; its negation: a and (not b)
            left = self.ground(node.arg(0), binding, not negated)
            right = self.ground(node.arg(1), binding, negated)
            return make_conj((left, right)) if negated else make_disj((left, right))
        if node.is_iff():
            return self._iff(node, binding, negated)
        if node.is_exists() or node.is_forall():
            return self._quantifier(node, binding, negated)
        if node.is_equals():
            first, second = (self.object_of(arg, binding) for arg in node.args)
            return (first == second) != negated
        if node.is_bool_constant():
            return bool(node.bool_constant_value()) != negated
        raise UnsupportedPDDL(f"unsupported expression in a condition: {node}")

    def atom_index(self, fluent_node: FNode, binding: Binding) -> int:
        args = tuple(self.object_of(arg, binding) for arg in fluent_node.args)
        return self.universe.atom_of_key[(fluent_node.fluent().name, args)]

    def object_of(self, node: FNode, binding: Binding) -> str:
        if node.is_parameter_exp():
            return binding[node.parameter().name]
        if node.is_variable_exp():
            return binding[node.variable().name]
        if node.is_object_exp():
            name: str = node.object().name
            return name
        raise UnsupportedPDDL(f"unsupported term (objects, parameters and variables only): {node}")

    def true_static_facts(self, predicate: str) -> list[tuple[str, ...]]:
        """Argument tuples of the initially true atoms of `predicate`."""
        if self._facts_by_predicate is None:
            by_predicate: dict[str, list[tuple[str, ...]]] = {}
            state, keys = self.init, self.universe.atom_keys
            while state:
                low = state & -state
                name, args = keys[low.bit_length() - 1]
                by_predicate.setdefault(name, []).append(args)
                state ^= low
            self._facts_by_predicate = by_predicate
        return self._facts_by_predicate.get(predicate, [])

    def is_static(self, node: FNode) -> bool:
        """True when no dynamic atom occurs in `node` (it grounds to a constant)."""
        stack = [node]
        while stack:
            current = stack.pop()
            if current.is_fluent_exp() and current.fluent().name not in self.static_predicates:
                return False
            stack.extend(current.args)
        return True

    def _atom(self, node: FNode, binding: Binding, negated: bool) -> Formula:
        index = self.atom_index(node, binding)
        if node.fluent().name in self.static_predicates:
            return bool(self.init >> index & 1) != negated
        return Lit(index, not negated)

    def _junction(self, args: Iterable[FNode], binding: Binding, negated: bool, conjunctive: bool) -> Formula:
        # Stop at the first absorbing constant: static pruning makes it common.
        absorbing = not conjunctive
        parts = []
        for arg in args:
            part = self.ground(arg, binding, negated)
            if part is absorbing:
                return absorbing
            parts.append(part)
        return make_conj(parts) if conjunctive else make_disj(parts)

    def _iff(self, node: FNode, binding: Binding, negated: bool) -> Formula:
        left, right = node.arg(0), node.arg(1)
        both = make_conj((self.ground(left, binding), self.ground(right, binding, negated)))
        neither = make_conj((self.ground(left, binding, True), self.ground(right, binding, not negated)))
        return make_disj((both, neither))

    def _quantifier(self, node: FNode, binding: Binding, negated: bool) -> Formula:
        variables = node.variables()
        domains = [self.universe.objects_of(var.type.name) for var in variables]
        body = node.arg(0)
        conjunctive = node.is_forall() != negated
        absorbing = not conjunctive
        parts = []
        for values in product(*domains):
            inner = dict(binding)
            inner.update(zip((var.name for var in variables), values, strict=True))
            part = self.ground(body, inner, negated)
            if part is absorbing:
                return absorbing
            parts.append(part)
        combine: Callable[[Iterable[Formula]], Formula] = make_conj if conjunctive else make_disj
        return combine(parts)
