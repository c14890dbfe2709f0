"""The "mean" group: ViPlan's average over difficulty splits with appendix E eq. 2's error."""

from __future__ import annotations

import math

import pytest

from scorer.scoring.grading import mean_of_groups
from scorer.tasks.stats import Metric


def test_the_mean_weights_each_group_equally_and_propagates_the_errors() -> None:
    # ViPlan's table 6 style: success 0.04 (0.04), 0.00 (0.00), 0.00 (0.00) over three splits of 25
    easy = [Metric("success", 0.04, 0.04, 25), Metric("accuracy", 0.88, 0.01, 300)]
    medium = [Metric("success", 0.0, 0.0, 25), Metric("accuracy", 0.82, 0.0, 500)]
    hard = [Metric("success", 0.0, 0.0, 50), Metric("accuracy", 0.76, 0.01, 900)]
    success, accuracy = mean_of_groups([easy, medium, hard])
    # equal weight per split, though hard has twice the problems (pooling would give 1/100)
    assert success.value == pytest.approx(0.04 / 3) and success.n == 100
    assert success.stderr == pytest.approx(0.04 / 3)  # sqrt(0.04^2 + 0 + 0) / 3
    assert accuracy.value == pytest.approx(0.82)
    assert accuracy.stderr == pytest.approx(math.sqrt(0.01**2 + 0.01**2) / 3)


def test_a_metric_missing_from_a_group_is_left_out_and_an_unknown_error_stays_unknown() -> None:
    first = [Metric("success", 1.0, 0.0, 4), Metric("steps", 3.0, None, 1), Metric("only_here", 1.0, 0.0, 4)]
    second = [Metric("success", 0.5, 0.25, 4), Metric("steps", 5.0, 1.0, 4), Metric("only_here", None, None, 0)]
    averaged = {m.name: m for m in mean_of_groups([first, second])}
    assert set(averaged) == {"success", "steps"}
    assert averaged["steps"].value == 4.0 and averaged["steps"].stderr is None
