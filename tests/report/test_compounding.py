"""ViPlan's figure 16: the share of episodes whose first k answers were all right."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from scorer.report.compounding import all_right_shares, compounding_curves, write_compounding_curves
from scorer.scoring.grading import Grading
from scorer.tasks.base import Judgement, Reason
from tests.families.blocksworld.episode_rows import episode_row


def test_the_share_never_rises_and_a_short_episode_keeps_its_verdict() -> None:
    sequences = [[True, True, True], [True, False], [True]]
    assert all_right_shares(sequences) == [(1, 1.0), (2, pytest.approx(2 / 3)), (3, pytest.approx(2 / 3))]


def test_beside_it_accuracy_to_the_k_assumes_independent_answers() -> None:
    measured, independent = compounding_curves([[True, False], [True, True]], "c")
    assert list(measured.ys) == [1.0, 0.5] and independent.dashed
    assert list(independent.ys) == [pytest.approx(0.75), pytest.approx(0.75**2)]


def test_the_chart_of_grounder_episodes_is_written(tmp_path: Path) -> None:
    from scorer.episodes.engine import replay

    row = episode_row()
    outcome = replay(row, {"mode": "grounder"}, ["Yes"] * 40)
    grading = Grading([(row, Judgement(0.0, Reason.FAILURE, outcome))], {})
    [chart] = write_compounding_curves(grading, tmp_path / "compounding.png")
    with Image.open(chart) as image:
        assert image.format == "PNG" and image.size == (700, 420)


def test_nothing_to_draw_without_questions(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no episodes that asked yes/no questions"):
        write_compounding_curves(Grading([], {}), tmp_path / "c.png")
