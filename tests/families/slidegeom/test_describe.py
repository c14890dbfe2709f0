"""Board-state description scoring (iVISPAR, section 4.7), case by case."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from scorer.families.slidegeom.board import Cell, Geom
from scorer.families.slidegeom.describe import (
    DescriptionCounts,
    aggregate,
    answer_key,
    describe_prompt,
    judge,
    parse_description,
    reference,
    score_description,
)
from scorer.io.dataset import KeyRow
from scorer.tasks.base import MISSING, ScoredRow

TRUTH: list[tuple[Geom, Cell]] = [
    (Geom("red", "cube"), (0, 0)),  # A1
    (Geom("blue", "sphere"), (1, 2)),  # B3
    (Geom("green", "pyramid"), (3, 3)),  # D4
]
PERFECT = "A1 red cube\nB3 blue sphere\nD4 green pyramid"


def counts(text: str, truth: list[tuple[Geom, Cell]] = TRUTH) -> dict[str, int]:
    """The counts that are not zero (n_true and n_predicted always shown)."""
    found = asdict(score_description(text, truth))
    return {k: v for k, v in found.items() if v or k in ("n_true", "n_predicted")}


def test_perfect_description() -> None:
    result = score_description(PERFECT, TRUTH)
    assert counts(PERFECT) == {"n_true": 3, "n_predicted": 3, "correct": 3}
    assert result.accuracy == 1.0 and result.exact


def test_order_of_lines_and_of_words_is_free() -> None:
    text = "Green pyramid: D4\n- **B3** blue sphere\n| red | cube | A1 |"
    assert counts(text) == {"n_true": 3, "n_predicted": 3, "correct": 3}


def test_swapped_colour() -> None:
    text = "A1 yellow cube\nB3 blue sphere\nD4 green pyramid"
    assert counts(text) == {"n_true": 3, "n_predicted": 3, "correct": 2, "colour_errors": 1}


def test_swapped_shape() -> None:
    text = "A1 red cylinder\nB3 blue sphere\nD4 green pyramid"
    assert counts(text) == {"n_true": 3, "n_predicted": 3, "correct": 2, "shape_errors": 1}


def test_shifted_geom() -> None:
    text = "A2 red cube\nB3 blue sphere\nD4 green pyramid"
    assert counts(text) == {"n_true": 3, "n_predicted": 3, "correct": 2, "coordinate_errors": 1, "wrong_cells": 1}


def test_colour_and_cell_wrong_is_a_colour_error_with_a_wrong_cell() -> None:
    text = "C1 yellow cube\nB3 blue sphere\nD4 green pyramid"
    assert counts(text) == {"n_true": 3, "n_predicted": 3, "correct": 2, "colour_errors": 1, "wrong_cells": 1}


def test_extra_geom() -> None:
    text = PERFECT + "\nC2 yellow cylinder"
    result = score_description(text, TRUTH)
    assert counts(text) == {"n_true": 3, "n_predicted": 4, "correct": 3, "hallucinated": 1}
    assert result.accuracy == 1.0 and not result.exact


def test_missing_geom() -> None:
    text = "A1 red cube\nD4 green pyramid"
    assert counts(text) == {"n_true": 3, "n_predicted": 2, "correct": 2, "missed": 1}


def test_garbage_lines_are_ignored_or_format_errors() -> None:
    text = (
        "Here is the board state:\n"  # no cell, colour or shape word: ignored
        "A1 red cube\n"
        "There is something red.\n"  # a colour alone: format error
        "B3 sphere\n"  # no colour: format error
        "D4 green pyramid\n"
        "%%%% ???\n"
    )
    assert counts(text) == {"n_true": 3, "n_predicted": 2, "correct": 2, "missed": 1, "format_errors": 2}


def test_several_geoms_on_one_line() -> None:
    text = "A1 red cube, B3 blue sphere; green pyramid at D4"
    assert counts(text) == {"n_true": 3, "n_predicted": 3, "correct": 3}


def test_only_the_text_after_the_last_description_marker_counts() -> None:
    text = "I see a red thing near A1 and maybe a cube.\nDescription:\n" + PERFECT
    assert counts(text) == {"n_true": 3, "n_predicted": 3, "correct": 3}


def test_synonyms_and_foreign_colours() -> None:
    text = "A1 red square\nB3 blue circle\nD4 orange triangle"
    assert counts(text) == {"n_true": 3, "n_predicted": 3, "correct": 2, "colour_errors": 1}


def test_an_exact_match_is_not_broken_up_to_match_more_geoms() -> None:
    truth = [(Geom("red", "cube"), (0, 0)), (Geom("red", "sphere"), (1, 1))]
    text = "A1 red cube\nC3 blue cube"  # blue cube could pair with red cube (shape) only
    assert counts(text, truth) == {"n_true": 2, "n_predicted": 2, "correct": 1, "missed": 1, "hallucinated": 1}


def test_a_pair_sharing_neither_colour_nor_shape_never_matches() -> None:
    truth = [(Geom("red", "cube"), (0, 0))]
    assert counts("A1 blue sphere", truth) == {"n_true": 1, "n_predicted": 1, "missed": 1, "hallucinated": 1}


def test_right_colour_and_shape_win_over_the_right_cell() -> None:
    truth = [(Geom("red", "cube"), (0, 0)), (Geom("red", "sphere"), (1, 1))]
    # "B2 red cube": the red cube moved to the red sphere's cell
    found = counts("B2 red cube", truth)
    assert found == {"n_true": 2, "n_predicted": 1, "missed": 1, "coordinate_errors": 1, "wrong_cells": 1}


def test_duplicate_predictions_count_once_and_the_rest_are_hallucinated() -> None:
    text = PERFECT + "\nA1 red cube"
    assert counts(text) == {"n_true": 3, "n_predicted": 4, "correct": 3, "hallucinated": 1}


def test_huge_replies_stay_fast() -> None:
    result = score_description("A1 red cube\n" * 50_000, TRUTH)
    assert result.correct == 1 and result.hallucinated == 49_999 and result.missed == 2


def test_every_true_geom_is_counted_exactly_once() -> None:
    text = "A1 red sphere\nC3 blue sphere\nD1 green cube\nA4 yellow cube\nred"
    result: DescriptionCounts = score_description(text, TRUTH)
    parts = result.correct + result.missed + result.coordinate_errors + result.colour_errors + result.shape_errors
    assert parts == result.n_true
    assert parse_description(text).format_errors == 1


def test_judge_and_references() -> None:
    key = answer_key(TRUTH)
    row = KeyRow(
        id="slidegeom-describe/test/0000",
        config="slidegeom-describe",
        domain="slidegeom",
        task="describe",
        difficulty="all",
        domain_pddl="",
        problem_pddl="",
        answer_key=key,
        meta={},
    )
    gold = reference("gold", row)["response"]
    wrong = reference("wrong", row)["response"]
    assert judge(gold, key).score == 1.0 and judge(gold, key).reason == "correct"
    assert judge(wrong, key).score == 0.0 and judge(wrong, key).reason == "wrong"
    assert judge("no idea", key).reason == "unparsable"


def test_aggregate_reports_accuracy_exact_rate_and_mean_counts() -> None:
    key = answer_key(TRUTH)
    rows = [
        ScoredRow("a", "2d", key, {}, judge(PERFECT, key)),
        ScoredRow("b", "2d", key, {}, judge("A1 red cube\nB3 blue sphere", key)),
        ScoredRow("c", "2d", key, {}, MISSING),
    ]
    metrics = {m.name: m.value for m in aggregate(rows)}
    assert metrics["accuracy"] == pytest.approx((1 + 2 / 3 + 0) / 3)
    assert metrics["exact"] == pytest.approx(1 / 3)
    assert metrics["per_board[missed]"] == pytest.approx((0 + 1 + 3) / 3)
    assert metrics["per_board[correct]"] == pytest.approx((3 + 2 + 0) / 3)


def test_aggregate_reports_accuracy_per_geom_count() -> None:
    key = answer_key(TRUTH)
    rows = [
        ScoredRow("a", "3d", key, {"n_geoms": 3}, judge(PERFECT, key)),
        ScoredRow("b", "3d", key, {"n_geoms": 3}, judge("A1 red cube", key)),
        ScoredRow("c", "3d", key, {"n_geoms": 11}, MISSING),
    ]
    metrics = {m.name: m.value for m in aggregate(rows)}
    assert metrics["accuracy[geoms=3]"] == pytest.approx((1 + 1 / 3) / 2)
    assert metrics["accuracy[geoms=11]"] == 0.0


@pytest.mark.parametrize(("view", "words"), [("3d", "front edge"), ("2d", "a cube as a square")])
def test_prompt_names_the_view_one_image_and_the_ending(view: str, words: str) -> None:
    prompt = describe_prompt(view)
    assert prompt.count("<image>") == 1 and words in prompt
    assert "from A1 to D4" in prompt and "'description:'" in prompt
    assert "from A1 to E5" in describe_prompt(view, board_size=5)
    with pytest.raises(ValueError):
        describe_prompt("text")
