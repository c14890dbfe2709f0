"""ACPBench Hard's own parser, case by case, against the notes on its released code
(``../shared/anchors/acpbench.md``, section 4: grammar, error recovery, visitor and the
evaluator's pre-cleaning). None is the evaluator's PARSER ERROR."""

from __future__ import annotations

import pytest

from scorer.tasks.acp.paper_parse import paper_answer, paper_parse

# (start rule, reply, what the paper's parser returns)
FORM_CASES = [
    # "First answer" extraction: act, action_name and index stop at the first item.
    ("act", "First (a b) then (c d)", "(a b)"),
    ("action_name", "First (a b) then (c d)", "(a b)"),
    ("index", "Step 1: ... is 4", "1"),
    ("index", "The answer is 3.", "3"),
    # "None" before the first "(" is the None answer, also as the start of a word.
    ("act", "None", "None"),
    ("act", "Nonetheless (at a b)", "None"),
    ("act", "The answer is none", None),  # lower-case "none" is not the literal
    # Free-text parentheses are read; "?" and punctuation are skipped; ")" is supplied.
    ("act", "(i.e., foo) (at a b)", "(i foo)"),
    ("act", "(move ?x ?y)", "(move x y)"),
    ("act", "(at a b", "(at a b)"),
    ("act", "(At A B)", "(At A B)"),  # case kept (the evaluators lower-case later)
    # Newlines are deleted, not turned into spaces.
    ("act", "(at a\nb)", "(at ab)"),
    # action_list collects every group of the reply, brackets and commas skipped.
    ("action_list", "x (a b) y [(c d), (e f)]", ["(a b)", "(c d)", "(e f)"]),
    ("action_list", "Because (p q) holds: [(a b)]", ["(p q)", "(a b)"]),
    ("action_list", "no actions at all", []),
    # progression_list: two bracketed lists; a single list is no answer.
    ("progression_list", "[(a b)] []", [["(a b)"], []]),
    ("progression_list", "[(a b), (c d)] [(e f)]", [["(a b)", "(c d)"], ["(e f)"]]),
    ("progression_list", "[(a), (b)]", None),
    ("progression_list", "[(a b)] [(a b)]", [["(a b)"]]),  # equal lists come back as one
    # action_name needs parentheses; index needs digits (the fed pattern is no number).
    ("action_name", "move a b", None),
    ("index", "None", None),
    ("index", "no digits here", None),
]


@pytest.mark.parametrize(("form", "text", "expected"), FORM_CASES)
def test_the_paper_parser_reads_as_its_code_does(form: str, text: str, expected: object) -> None:
    assert paper_parse(form, text) == expected


# (kind, reply, parse): the evaluator's pre-cleaning of prog and just replies.
KIND_CASES = [
    # prog: labels without brackets become two lists (lower-cased, "*" removed).
    ("prog", "**Positive effects**: (A b) (c d)\n**Negative effects**: (e f)", [["(a b)", "(c d)"], ["(e f)"]]),
    # ... but not when a "[" occurs anywhere: then the grammar reads the text as it is.
    ("prog", "Positive effects: [(a b)] Negative effects: [(e f)]", [["(a b)"], ["(e f)"]]),
    # just: after the first "simplified plan:", up to a second one, lower-cased.
    ("just", "Plan: (x y). Simplified plan: (A b) (c d)", ["(a b)", "(c d)"]),
    ("just", "Simplified plan: (a b) simplified plan: (c d)", ["(a b)"]),
    ("just", "(A b) (c d)", ["(A b)", "(c d)"]),
    ("app", "(a b)\n(c d)", ["(a b)", "(c d)"]),
    ("reach", "Nonetheless (at a b)", "None"),
    ("nexta", "None of them; take (a b)", "(a b)"),  # action_name has no None
    ("val", "Index 2, since action 3 ...", "2"),
]


@pytest.mark.parametrize(("kind", "text", "expected"), KIND_CASES)
def test_the_evaluator_pre_cleans_prog_and_just(kind: str, text: str, expected: object) -> None:
    assert paper_answer(kind, text) == expected
