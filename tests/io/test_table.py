"""format_table: an lm-eval-harness-like markdown table."""

from __future__ import annotations

import pytest

from scorer.io.table import format_table


def test_results_table_layout() -> None:
    rows = [
        ["blocksworld-ground", "all", "accuracy", 0.75, 0.0433, 100],
        ["blocksworld-ground", "hard", "yes_rate", 0.5, None, 3],
    ]
    assert format_table(rows, ["config", "difficulty", "metric", "value", "stderr", "n"]) == "\n".join(
        [
            "|config            |difficulty|metric  | value|±  |stderr|  n|",
            "|------------------|----------|--------|-----:|---|-----:|--:|",
            "|blocksworld-ground|all       |accuracy|0.7500|±  |0.0433|100|",
            "|blocksworld-ground|hard      |yes_rate|0.5000|   |     -|  3|",
        ]
    )


def test_given_plus_minus_column_is_not_doubled() -> None:
    table = format_table([["acc", 0.5, "±", 0.01]], ["metric", "value", "±", "stderr"])
    assert table.splitlines()[0] == "|metric| value|±  |stderr|"
    assert table.count("±") == 2


def test_floats_get_four_decimals_ints_stay_whole_none_is_dash() -> None:
    table = format_table([[1 / 3, 7, None]], ["x", "y", "z"])
    assert table.splitlines()[2] == "|0.3333|  7|-  |"


def test_every_line_has_the_same_width_and_column_count() -> None:
    rows = [["a", 1.0, 2], ["a much longer name", 123.456789, 100000]]
    lines = format_table(rows, ["name", "value", "n"]).splitlines()
    assert len({len(line) for line in lines}) == 1
    assert all(line.count("|") == 4 for line in lines)


def test_pipes_and_newlines_in_cells_cannot_break_the_table() -> None:
    lines = format_table([["a|b", "two\nlines"]], ["k", "v"]).splitlines()
    assert len(lines) == 3
    assert lines[2] == "|a\\|b|two lines|"


def test_booleans_are_text_not_numbers() -> None:
    assert format_table([[True]], ["flag"]).splitlines()[1] == "|----|"


def test_empty_rows_give_header_and_separator() -> None:
    assert format_table([], ["config", "n"]) == "|config|n  |\n|------|---|"


def test_row_of_the_wrong_length_is_an_error() -> None:
    with pytest.raises(ValueError, match="row 1"):
        format_table([["a", 1], ["b"]], ["k", "v"])
