"""The registry of ACP question kinds: one declaration per kind, looked up by name."""

from __future__ import annotations

import pytest

from scorer.tasks.acp import ACP_KINDS, KINDS, acp_kind
from scorer.tasks.acp.parse import FORMS, parse_answer


def test_the_kinds_are_the_papers_eight_in_table_2_order() -> None:
    assert KINDS == ("app", "prog", "reach", "areach", "val", "just", "land", "nexta")
    assert [acp_kind(name) for name in KINDS] == list(ACP_KINDS)


def test_an_unknown_kind_is_a_one_line_error_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown ACP question kind 'plan'; expected one of app, prog, .*nexta"):
        acp_kind("plan")


def test_the_parser_reads_each_kinds_declared_form() -> None:
    assert {kind.form for kind in ACP_KINDS} == set(FORMS)
    # just's answer is read after the paper's label; app, of the same form, reads the first list.
    text = "[(a x)] Simplified plan: [(b y)]"
    assert parse_answer("just", text).names == ("(b y)",)  # type: ignore[union-attr]
    assert parse_answer("app", text).names == ("(a x)",)  # type: ignore[union-attr]
