"""The ACP answer parser, rule by rule (see the docstring of scorer/tasks/acp/parse.py)."""

from __future__ import annotations

import gc
import time

import pytest

from scorer.tasks.acp.parse import MAX_INDEX_DIGITS, MAX_SCAN_CHARS, ParsedAnswer, parse_answer


def names(kind: str, text: str) -> tuple[str, ...] | None:
    parsed = parse_answer(kind, text)
    return None if parsed is None else parsed.names


# -- rule 1: window -------------------------------------------------------------------


def test_only_the_text_after_the_last_think_block_is_read() -> None:
    assert names("reach", "<think>maybe (at a b)</think>\n(at c d)") == ("(at c d)",)
    assert names("reach", "<THINK>(x y)</Think> <think>(z w)</think> (at c d)") == ("(at c d)",)


def test_an_answer_beyond_the_scan_cap_is_not_seen() -> None:
    assert parse_answer("reach", "x " * (MAX_SCAN_CHARS // 2) + "(at a b)") is None
    assert names("reach", "x " * (MAX_SCAN_CHARS // 2 - 10) + "(at a b)") == ("(at a b)",)


# -- rule 2: tokens --------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Nonetheless (at a b)", "NoneType (at a b)", "none-such (at a b)"])
def test_words_that_start_with_none_are_not_none(text: str) -> None:
    assert names("reach", text) == ("(at a b)",)


@pytest.mark.parametrize("text", ["None", "none.", "**NONE**", "Answer: None, since (at a b) holds"])
def test_none_as_a_whole_word_in_any_case(text: str) -> None:
    parsed = parse_answer("reach", text)
    assert parsed is not None and parsed.is_none


def test_newlines_separate_names_like_spaces() -> None:
    assert names("reach", "(at\na\nb)") == ("(at a b)",)
    assert names("app", "[(a x)\n(b y)]") == ("(a x)", "(b y)")


# -- rule 3: groups ----------------------------------------------------------------------


def test_variables_and_punctuation_inside_a_group_are_dropped() -> None:
    assert names("nexta", "(move ?x, ?y)") == ("(move x y)",)
    assert names("nexta", "(i.e., foo)") == ("(i e foo)",)


def test_case_is_kept_for_the_vocabulary_to_normalise() -> None:
    assert names("nexta", "(DRIVE-TRUCK t1 l1-1)") == ("(DRIVE-TRUCK t1 l1-1)",)


def test_groups_without_a_name_are_skipped() -> None:
    assert names("nexta", "() (1) (?) (load p1 t1)") == ("(load p1 t1)",)


def test_a_missing_closing_parenthesis_is_supplied_at_the_end() -> None:
    assert names("nexta", "the answer is (load p1 t1") == ("(load p1 t1)",)


def test_redundant_outer_parentheses_are_removed() -> None:
    assert names("nexta", "((load p1 t1))") == ("(load p1 t1)",)
    assert names("app", "((a x) (b y))") == ("(a x)", "(b y)")


@pytest.mark.parametrize("text", ["(not (at a b))", "(and (at a b) (at c d))", "(:goal (at a b))"])
def test_a_pddl_formula_is_a_formula_never_the_atom_inside(text: str) -> None:
    parsed = parse_answer("reach", text)
    assert parsed is not None and parsed.formula is not None and not parsed.names


# -- rule 4: act, action_name, index ----------------------------------------------------------


def test_act_is_the_first_group_or_none() -> None:
    assert names("reach", "First (a b) then (c d)") == ("(a b)",)
    parsed = parse_answer("land", "None of them; but (a b)")
    assert parsed is not None and parsed.is_none


def test_action_name_drops_none() -> None:
    assert names("nexta", "None is obvious, (a b) is best") == ("(a b)",)
    assert parse_answer("nexta", "None") is None


@pytest.mark.parametrize(
    ("text", "index"),
    [("3", 3), ("The answer is 3.", 3), ("Step 1: ... is 4", 1), ("index 007", 7), ("-1", -1)],
)
def test_index_is_the_first_number(text: str, index: int) -> None:
    parsed = parse_answer("val", text)
    assert parsed is not None and parsed.index == index


def test_numbers_inside_actions_are_not_indices() -> None:
    parsed = parse_answer("val", "(sail l1 2) fails, at index 5")
    assert parsed is not None and parsed.index == 5


def test_a_huge_number_reads_as_out_of_range_without_converting() -> None:
    parsed = parse_answer("val", "9" * 1_000_000)
    assert parsed is not None and parsed.index == 10**MAX_INDEX_DIGITS


def test_index_none_and_no_number() -> None:
    parsed = parse_answer("val", "None of them fails")
    assert parsed is not None and parsed.is_none
    assert parse_answer("val", "the third one") is None


# -- rule 5: action lists -------------------------------------------------------------------


def test_bracketed_list_up_to_its_closing_bracket() -> None:
    assert names("app", "Answer: [(a x), (b y)] and also (c z)") == ("(a x)", "(b y)")


def test_innermost_bracketed_list_counts() -> None:
    assert names("app", "[[(a x)], [(b y)]]") == ("(a x)",)


def test_unbracketed_run_ends_at_the_first_other_word() -> None:
    text = "The applicable actions are (a x), (b y) and (c z). Because (d w) is not"
    assert names("app", text) == ("(a x)", "(b y)", "(c z)")


def test_numbering_and_bullets_do_not_end_a_run() -> None:
    assert names("app", "1. (a x)\n2. (b y)\n- (c z)") == ("(a x)", "(b y)", "(c z)")


def test_empty_bracketed_list() -> None:
    parsed = parse_answer("app", "[]")
    assert parsed is not None and parsed.names == ()


def test_just_reads_after_the_simplified_plan_label() -> None:
    text = "Removing (a x) breaks it. **Simplified plan:** (b y), (c z)"
    assert names("just", text) == ("(b y)", "(c z)")
    assert names("app", text) == ("(a x)",)  # the label is only for just


# -- rule 6: progression lists ------------------------------------------------------------------


def test_two_bracketed_lists() -> None:
    parsed = parse_answer("prog", "[(a x), (b y)] [(c z)]")
    assert parsed == ParsedAnswer("progression_list", names=("(a x)", "(b y)"), negative=("(c z)",))


def test_empty_negative_list_and_single_list() -> None:
    assert parse_answer("prog", "[(a x)] []") == ParsedAnswer("progression_list", names=("(a x)",))
    assert parse_answer("prog", "[(a x), (b y)]") == ParsedAnswer("progression_list", names=("(a x)", "(b y)"))


def test_labelled_effects_the_evaluator_form() -> None:
    text = "**Positive Effects**: (a x), (b y)\n**Negative Effects**: (c z)"
    assert parse_answer("prog", text) == ParsedAnswer("progression_list", names=("(a x)", "(b y)"), negative=("(c z)",))


def test_labelled_effects_with_none_and_in_either_order() -> None:
    text = "Negative effects: none. Positive effects: [(a x)]"
    assert parse_answer("prog", text) == ParsedAnswer("progression_list", names=("(a x)",))


def test_no_list_is_unparsable() -> None:
    assert parse_answer("prog", "(a x) (b y)") is None


def test_a_formula_inside_a_list_is_reported() -> None:
    parsed = parse_answer("prog", "[(not (a x))] []")
    assert parsed is not None and parsed.formula == "(not (a x))"


# -- linear time ------------------------------------------------------------------------------------


def _cpu_seconds(kind: str, text: str) -> float:
    """CPU time (other processes on the machine do not count) with the collector paused: a
    parse that makes 50,000 frames triggers full collections whose cost grows with the heap,
    which is the collector's growth, not the parser's."""
    gc.disable()
    try:
        started = time.process_time()
        parse_answer(kind, text)
        return time.process_time() - started
    finally:
        gc.enable()


@pytest.mark.parametrize("unit", ["a", "(", ")", "[", "(a b) ", "word ", "1", " ", "(a [b] 1, none) ", "</think>"])
def test_parsing_time_grows_linearly(unit: str) -> None:
    """Within the window the parser reads, ten times the text costs about ten times the time
    (quadratic would be a hundred); a ratio, not a time, so a loaded machine does not fail it."""
    small, large = unit * (MAX_SCAN_CHARS // 10 // len(unit)), unit * (MAX_SCAN_CHARS // len(unit))
    for kind in ("app", "prog", "reach", "val", "just", "nexta"):
        # the faster of two small parses (a cheap second look); below 5 ms, timer resolution dominates
        base = max(min(_cpu_seconds(kind, small), _cpu_seconds(kind, small)), 0.005)
        assert _cpu_seconds(kind, large) < 30 * base, (unit, kind)


@pytest.mark.parametrize("kind", ["app", "just"])
def test_a_text_far_past_the_window_costs_what_the_window_costs(kind: str) -> None:
    """Ten megabytes of open brackets (the costliest unit above) are read no further than the window."""
    window, huge = "(" * MAX_SCAN_CHARS, "(" * (10 * 2**20)
    assert _cpu_seconds(kind, huge) < 3 * max(_cpu_seconds(kind, window), 0.005)
