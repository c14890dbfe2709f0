"""Ground formula algebra against brute-force truth tables."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.pddl._formula import (
    Conj,
    Disj,
    Formula,
    Lit,
    compile_test,
    make_conj,
    make_disj,
    negate,
    split_literals,
    to_dnf,
)

ATOMS = 4
STATES = range(1 << ATOMS)


def truth(formula: Formula, state: int) -> bool:
    """Reference semantics, written independently of the code under test."""
    if isinstance(formula, bool):
        return formula
    if isinstance(formula, Lit):
        return bool(state >> formula.atom & 1) == formula.positive
    if isinstance(formula, Conj):
        return all(truth(part, state) for part in formula.parts)
    assert isinstance(formula, Disj)
    return any(truth(part, state) for part in formula.parts)


literals = st.builds(Lit, st.integers(0, ATOMS - 1), st.booleans())
formulas = st.recursive(
    st.one_of(literals, st.booleans()),
    lambda children: st.one_of(
        st.lists(children, max_size=4).map(make_conj),
        st.lists(children, max_size=4).map(make_disj),
    ),
    max_leaves=12,
)


@given(st.lists(formulas, max_size=4))
def test_conj_and_disj_keep_meaning(parts: list[Formula]) -> None:
    conj, disj = make_conj(parts), make_disj(parts)
    for state in STATES:
        assert truth(conj, state) == all(truth(part, state) for part in parts)
        assert truth(disj, state) == any(truth(part, state) for part in parts)


@given(formulas)
@settings(max_examples=200)
def test_negate_compile_dnf_and_split_agree(formula: Formula) -> None:
    test = compile_test(formula)
    dnf = to_dnf(formula)
    for state in STATES:
        expected = truth(formula, state)
        assert truth(negate(formula), state) != expected
        assert test(state) == expected
        assert any(state & pos == pos and not state & neg for pos, neg in dnf) == expected
    if formula is not False:
        pos, neg, rest = split_literals(formula)
        for state in STATES:
            split_value = state & pos == pos and not state & neg and truth(rest, state)
            assert split_value == truth(formula, state)


def test_contradiction_and_tautology_fold() -> None:
    p = Lit(0, True)
    assert make_conj([p, Lit(0, False)]) is False
    assert make_disj([p, Lit(0, False)]) is True
    assert make_conj([p, True, p]) == p
    assert to_dnf(False) == [] and to_dnf(True) == [(0, 0)]


def test_truth_table_helper_covers_all_states() -> None:
    # Guard for the reference itself: a 2-literal conjunction has exactly 1/4 models.
    formula = make_conj([Lit(0, True), Lit(1, False)])
    models = [bits for bits in product([0, 1], repeat=2) if truth(formula, bits[0] | bits[1] << 1)]
    assert models == [(1, 0)]
