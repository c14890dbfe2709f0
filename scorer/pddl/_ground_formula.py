"""Grounding unified-planning condition expressions under a parameter binding.

Static atoms (of predicates no action changes) and equalities become
constants right here, and quantifiers are expanded over the typed objects,
so what is left only mentions atoms that can change.

Each expression is first compiled, once, into a closure that grounds it under
a binding (its terms turned into binding look-ups, its static atoms into a set
look-up): grounding a large task evaluates the same few expressions millions
of times, and walking unified-planning's nodes each time cost 20x more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import product
from typing import NoReturn

from unified_planning.model import FNode

from ._bits import bit_indices
from ._errors import UnsupportedPDDL
from ._formula import Formula, Lit, make_conj, make_disj
from ._universe import AtomKey, Universe

Binding = Mapping[str, str]  # parameter / variable name -> object name
# An expression compiled for one polarity: binding -> ground formula.
Grounding = Callable[[Binding], Formula]
TermsReader = Callable[[Binding], tuple[str, ...]]


class FormulaGrounder:
    """Ground FNodes against a universe, the static predicates and the initial state."""

    def __init__(self, universe: Universe, static_predicates: frozenset[str], init: int) -> None:
        self.universe = universe
        self.static_predicates = static_predicates
        self.init = init
        self._facts_by_predicate: dict[str, list[tuple[str, ...]]] | None = None
        self._true_static: set[AtomKey] | None = None
        self._compiled: dict[tuple[FNode, bool], Grounding] = {}

    def ground(self, node: FNode, binding: Binding, negated: bool = False) -> Formula:
        """Ground `node` (or its negation) to a formula in negation normal form."""
        return self.compiled(node, negated)(binding)

    def compiled(self, node: FNode, negated: bool = False) -> Grounding:
        """`node` (or its negation) as a closure from a binding to its ground formula."""
        key = (node, negated)
        found = self._compiled.get(key)
        if found is None:
            found = self._compiled[key] = self._compile(node, negated)
        return found

    def atom_reader(self, fluent_node: FNode) -> Callable[[Binding], int]:
        """A closure from a binding to the index of the atom `fluent_node` names."""
        key_of, atom_of_key = self._key_reader(fluent_node), self.universe.atom_of_key
        return lambda binding: atom_of_key[key_of(binding)]

    def atom_index(self, fluent_node: FNode, binding: Binding) -> int:
        return self.atom_reader(fluent_node)(binding)

    def object_of(self, node: FNode, binding: Binding) -> str:
        return _terms_reader((node,))(binding)[0]

    def true_static_facts(self, predicate: str) -> list[tuple[str, ...]]:
        """Argument tuples of the initially true atoms of `predicate`."""
        if self._facts_by_predicate is None:
            by_predicate: dict[str, list[tuple[str, ...]]] = {}
            for index in bit_indices(self.init):
                name, args = self.universe.atom_keys[index]
                by_predicate.setdefault(name, []).append(args)
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

    # -- compiling ------------------------------------------------------------

    def _compile(self, node: FNode, negated: bool) -> Grounding:
        if node.is_fluent_exp():
            return self._atom(node, negated)
        if node.is_and() or node.is_or():
            return self._junction(node.args, negated, conjunctive=node.is_and() != negated)
        if node.is_not():
            return self.compiled(node.arg(0), not negated)
        if node.is_implies():
            # a -> b == (not a) or b; its negation: a and (not b)
            parts = (self.compiled(node.arg(0), not negated), self.compiled(node.arg(1), negated))
            combine = make_conj if negated else make_disj
            return lambda binding: combine(part(binding) for part in parts)
        if node.is_iff():
            return self._iff(node, negated)
        if node.is_exists() or node.is_forall():
            return self._quantifier(node, negated)
        if node.is_equals():
            terms = _terms_reader(node.args)
            return lambda binding: _all_equal(terms(binding)) != negated
        if node.is_bool_constant():
            value = bool(node.bool_constant_value()) != negated
            return lambda binding: value
        return _refusal(f"unsupported expression in a condition: {node}")

    def _key_reader(self, fluent_node: FNode) -> Callable[[Binding], AtomKey]:
        predicate, terms = fluent_node.fluent().name, _terms_reader(fluent_node.args)
        return lambda binding: (predicate, terms(binding))

    def _atom(self, node: FNode, negated: bool) -> Grounding:
        key_of = self._key_reader(node)
        if node.fluent().name in self.static_predicates:
            true_static = self._true_static_keys()
            return lambda binding: (key_of(binding) in true_static) != negated
        atom_of_key, positive = self.universe.atom_of_key, not negated
        return lambda binding: Lit(atom_of_key[key_of(binding)], positive)

    def _true_static_keys(self) -> set[AtomKey]:
        if self._true_static is None:
            keys = self.universe.atom_keys
            self._true_static = {keys[i] for i in bit_indices(self.init) if keys[i][0] in self.static_predicates}
        return self._true_static

    def _junction(self, args: Sequence[FNode], negated: bool, conjunctive: bool) -> Grounding:
        parts = tuple(self.compiled(arg, negated) for arg in args)
        combine = make_conj if conjunctive else make_disj
        absorbing = not conjunctive

        def ground(binding: Binding) -> Formula:
            # Stop at the first absorbing constant: static pruning makes it common.
            grounded = []
            for part in parts:
                value = part(binding)
                if value is absorbing:
                    return absorbing
                grounded.append(value)
            return combine(grounded)

        return ground

    def _iff(self, node: FNode, negated: bool) -> Grounding:
        left, right = node.arg(0), node.arg(1)
        both = (self.compiled(left), self.compiled(right, negated))
        neither = (self.compiled(left, True), self.compiled(right, not negated))
        return lambda binding: make_disj(
            (make_conj(part(binding) for part in both), make_conj(part(binding) for part in neither))
        )

    def _quantifier(self, node: FNode, negated: bool) -> Grounding:
        variables = node.variables()
        names = tuple(var.name for var in variables)
        values = list(product(*(self.universe.objects_of(var.type.name) for var in variables)))
        body = self.compiled(node.arg(0), negated)
        conjunctive = node.is_forall() != negated
        combine = make_conj if conjunctive else make_disj
        absorbing = not conjunctive

        def ground(binding: Binding) -> Formula:
            parts = []
            inner = dict(binding)
            for chosen in values:
                inner.update(zip(names, chosen))
                part = body(inner)
                if part is absorbing:
                    return absorbing
                parts.append(part)
            return combine(parts)

        return ground


def _terms_reader(args: Iterable[FNode]) -> TermsReader:
    """A closure reading a tuple of terms' objects: a parameter or variable from the
    binding, an object as it is."""
    parts: list[tuple[bool, str]] = []  # (read from the binding, name)
    for arg in args:
        if arg.is_parameter_exp():
            parts.append((True, arg.parameter().name))
        elif arg.is_variable_exp():
            parts.append((True, arg.variable().name))
        elif arg.is_object_exp():
            parts.append((False, arg.object().name))
        else:
            return _refusal(f"unsupported term (objects, parameters and variables only): {arg}")
    if all(bound for bound, _ in parts):
        names = tuple(name for _, name in parts)
        return lambda binding: tuple([binding[name] for name in names])
    frozen = tuple(parts)
    return lambda binding: tuple([binding[name] if bound else name for bound, name in frozen])


def _all_equal(objects: tuple[str, ...]) -> bool:
    return objects[0] == objects[1]


def _refusal(message: str) -> Callable[[Binding], NoReturn]:
    """A closure that refuses when used: a task may hold an expression no binding reaches."""

    def refuse(binding: Binding) -> NoReturn:
        raise UnsupportedPDDL(message)

    return refuse
