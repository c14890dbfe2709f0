"""Every score a board shows says what it stands on: its n, and a standard error only where
enough rows make one meaningful (issue 43 item 2); its marks (off-protocol, incomplete,
sampled); with several samples per row, k and pass@k (issue 42 item 3)."""

from __future__ import annotations

from scorer.board.headline import (
    INCOMPLETE_MARK,
    MIN_ROWS_FOR_STDERR,
    OFF_MARK,
    SAMPLED_MARK,
    Score,
    cell_text,
    headline,
)


def test_a_cell_shows_its_n_beside_the_score_and_error() -> None:
    assert cell_text(Score(0.8125, 0.0312, 120)) == "0.812 ± 0.031 (n=120)"
    assert cell_text(Score(0.5, None, 1_200)) == "0.500 (n=1,200)"


def test_an_error_from_a_handful_of_rows_is_not_shown() -> None:
    # two rows that agree give sqrt(p(1-p)/n) = 0: no "± 0.000" that looks precise
    assert cell_text(Score(1.0, 0.0, 2)) == "1.000 (n=2)"
    assert "±" in cell_text(Score(1.0, 0.0, MIN_ROWS_FOR_STDERR))


def test_an_off_protocol_cell_keeps_its_mark_after_the_n() -> None:
    assert cell_text(Score(0.25, 0.1, 40, (("c", "max_steps=40"),))) == f"0.250 ± 0.100 (n=40) {OFF_MARK}"
    assert cell_text(None) == "-"


def test_incomplete_and_sampled_cells_carry_their_marks() -> None:
    score = Score(0.5, 0.1, 30, incomplete=(("c", "3 asked row(s) unanswered"),), sampled=(("c", "a sample"),))
    assert cell_text(score) == f"0.500 ± 0.100 (n=30) {INCOMPLETE_MARK} {SAMPLED_MARK}"


def test_a_mean_over_samples_shows_k_and_pass_at_k() -> None:
    entry = {
        "samples": {"n": 2, "k": [1, 2]},
        "metrics": {"all": {"accuracy": {"value": 0.5, "stderr": 0.0, "n": 6}, "pass@2": {"value": 1.0}}},
    }
    assert cell_text(headline(entry)) == "0.500 ± 0.000 (n=6, k=2, pass@2 1.000)"
