"""Standard errors of ViPlan appendix E, checked against hand-computed values."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.tasks.stats import Metric, mean_stderr, rate_stderr, sample_stderr


@pytest.mark.parametrize(
    ("p", "n", "expected"),
    [(0.5, 100, 0.05), (0.75, 100, math.sqrt(0.1875) / 10), (0.0, 50, 0.0), (1.0, 50, 0.0), (0.3, 0, 0.0)],
)
def test_rate_stderr(p: float, n: int, expected: float) -> None:
    assert rate_stderr(p, n) == pytest.approx(expected)


@pytest.mark.parametrize(("p", "n"), [(-0.1, 10), (1.5, 10), (0.5, -1)])
def test_rate_stderr_rejects_impossible_inputs(p: float, n: int) -> None:
    with pytest.raises(ValueError):
        rate_stderr(p, n)


def test_mean_stderr_is_root_sum_of_squares_over_m() -> None:
    # Eq. 2: sqrt(0.03^2 + 0.04^2) / 2 = 0.05 / 2
    assert mean_stderr([0.03, 0.04]) == pytest.approx(0.025)
    assert mean_stderr([0.05]) == pytest.approx(0.05)
    assert mean_stderr([0.02] * 4) == pytest.approx(0.01)  # four equal errors halve


def test_mean_stderr_of_nothing_is_an_error() -> None:
    with pytest.raises(ValueError):
        mean_stderr([])


def test_sample_stderr_matches_the_textbook_formula() -> None:
    # values 1..4: mean 2.5, sample variance 5/3, stderr sqrt(5/3 / 4)
    assert sample_stderr([1.0, 2.0, 3.0, 4.0]) == pytest.approx(math.sqrt(5 / 12))
    assert sample_stderr([7.0, 7.0, 7.0]) == 0.0


def test_sample_stderr_keeps_precision_for_large_close_values() -> None:
    values = [1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4]
    assert sample_stderr(values) == pytest.approx(math.sqrt(5 / 12))


@given(st.lists(st.floats(min_value=-1e6, max_value=1e6), min_size=2, max_size=50))
def test_sample_stderr_agrees_with_statistics_stdev(values: list[float]) -> None:
    expected = statistics.stdev(values) / math.sqrt(len(values))
    assert sample_stderr(values) == pytest.approx(expected, rel=1e-9, abs=1e-9)


@pytest.mark.parametrize("values", [[], [0.5]])
def test_sample_stderr_needs_two_values(values: list[float]) -> None:
    with pytest.raises(ValueError):
        sample_stderr(values)


def test_metric_holds_its_fields() -> None:
    metric = Metric("accuracy", 0.5, rate_stderr(0.5, 100), 100)
    assert (metric.name, metric.value, metric.stderr, metric.n) == ("accuracy", 0.5, 0.05, 100)
    assert Metric("steps", 3.0, None, 4).stderr is None
