"""Ground (variable-free) formulas over atom indices, in negation normal form.

The grounder turns unified-planning expressions into these small values so
that static facts, equalities and quantifiers are already resolved. Most
formulas end up as a conjunction of literals and become two bit masks; the
rest (``or``, ``imply``, ...) are compiled to a Python closure over the
integer state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import NamedTuple, TypeAlias

from ._errors import UnsupportedPDDL

# Splitting a conditional effect into disjunctive-normal-form terms can blow
# up; past this many terms the formula is not "ADL-lite" any more.
MAX_DNF_TERMS = 10_000


class Lit(NamedTuple):
    """A ground literal: atom index and polarity."""

    atom: int
    positive: bool


@dataclass(frozen=True)
class Conj:
    """Conjunction of at least two non-constant parts."""

    parts: tuple[Formula, ...]


@dataclass(frozen=True)
class Disj:
    """Disjunction of at least two non-constant parts."""

    parts: tuple[Formula, ...]


Formula: TypeAlias = bool | Lit | Conj | Disj

StateTest = Callable[[int], bool]


class LiteralMasks(NamedTuple):
    """A conjunction split into its literal masks and a general remainder."""

    pos: int
    neg: int
    rest: Formula  # True when the conjunction is all literals


def make_conj(parts: Iterable[Formula]) -> Formula:
    """Conjunction with flattening, constant folding and contradiction check."""
    return _combine(parts, unit=True, zero=False, node=Conj)


def make_disj(parts: Iterable[Formula]) -> Formula:
    """Disjunction with flattening, constant folding and tautology check."""
    return _combine(parts, unit=False, zero=True, node=Disj)


def _combine(parts: Iterable[Formula], unit: bool, zero: bool, node: type[Conj] | type[Disj]) -> Formula:
    kept: list[Formula] = []
    seen_lits: dict[int, bool] = {}
    for part in _flatten(parts, node):
        if part is unit:
            continue
        if part is zero:
            return zero
        if isinstance(part, Lit):
            polarity = seen_lits.get(part.atom)
            if polarity is None:
                seen_lits[part.atom] = part.positive
            elif polarity != part.positive:
                return zero  # p and not p / p or not p
            else:
                continue
        kept.append(part)
    if not kept:
        return unit
    return kept[0] if len(kept) == 1 else node(tuple(kept))


def _flatten(parts: Iterable[Formula], node: type[Conj] | type[Disj]) -> Iterable[Formula]:
    for part in parts:
        if isinstance(part, node):
            yield from part.parts
        else:
            yield part


def negate(formula: Formula) -> Formula:
    """Negation, pushed down to the literals."""
    if isinstance(formula, bool):
        return not formula
    if isinstance(formula, Lit):
        return Lit(formula.atom, not formula.positive)
    if isinstance(formula, Conj):
        return make_disj(negate(part) for part in formula.parts)
    return make_conj(negate(part) for part in formula.parts)


def split_literals(formula: Formula) -> LiteralMasks:
    """Masks of the top-level literals of a (non-False) formula plus the rest."""
    if formula is True:
        return LiteralMasks(0, 0, True)
    if isinstance(formula, Lit):
        return _masks_of([formula], True)
    if isinstance(formula, Conj):
        lits = [part for part in formula.parts if isinstance(part, Lit)]
        others = [part for part in formula.parts if not isinstance(part, Lit)]
        return _masks_of(lits, make_conj(others))
    return LiteralMasks(0, 0, formula)


def _masks_of(lits: Iterable[Lit], rest: Formula) -> LiteralMasks:
    pos = neg = 0
    for lit in lits:
        if lit.positive:
            pos |= 1 << lit.atom
        else:
            neg |= 1 << lit.atom
    return LiteralMasks(pos, neg, rest)


def to_dnf(formula: Formula) -> list[tuple[int, int]]:
    """Disjunctive normal form as (pos mask, neg mask) terms; [] means False."""
    if isinstance(formula, bool):
        return [(0, 0)] if formula else []
    if isinstance(formula, Lit):
        return [(1 << formula.atom, 0) if formula.positive else (0, 1 << formula.atom)]
    if isinstance(formula, Disj):
        terms = [term for part in formula.parts for term in to_dnf(part)]
        return _checked(terms)
    return _dnf_of_conj(formula.parts)


def _dnf_of_conj(parts: Sequence[Formula]) -> list[tuple[int, int]]:
    terms: list[tuple[int, int]] = [(0, 0)]
    for part in parts:
        merged = ((p1 | p2, n1 | n2) for (p1, n1), (p2, n2) in product(terms, to_dnf(part)))
        terms = _checked([(pos, neg) for pos, neg in merged if not pos & neg])
    return terms


def _checked(terms: list[tuple[int, int]]) -> list[tuple[int, int]]:
    if len(terms) > MAX_DNF_TERMS:
        raise UnsupportedPDDL(f"effect condition expands to more than {MAX_DNF_TERMS} DNF terms")
    return terms


def compile_test(formula: Formula) -> StateTest:
    """A fast predicate over integer states (generated code, integers only)."""
    source = f"lambda s: bool({_expression(formula)})"
    # The generated source contains integer literals only, never PDDL text.
    test: StateTest = eval(compile(source, "<pddl-formula>", "eval"))
    return test


def _expression(formula: Formula) -> str:
    if isinstance(formula, bool):
        return repr(formula)
    if isinstance(formula, Lit):
        return f"(s >> {formula.atom} & 1)" if formula.positive else f"(not s >> {formula.atom} & 1)"
    joiner = " and " if isinstance(formula, Conj) else " or "
    return "(" + joiner.join(_expression(part) for part in formula.parts) + ")"


def render(formula: Formula, atoms: Sequence[str]) -> str:
    """PDDL-like text of a formula, for messages and questions."""
    if isinstance(formula, bool):
        return "(and)" if formula else "(or)"
    if isinstance(formula, Lit):
        name = atoms[formula.atom]
        return name if formula.positive else f"(not {name})"
    head = "and" if isinstance(formula, Conj) else "or"
    return f"({head} " + " ".join(render(part, atoms) for part in formula.parts) + ")"
