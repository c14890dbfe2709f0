"""pass@k's unbiased estimator and the mean over samples with its error over rows."""

from __future__ import annotations

import math

import pytest

from scorer.scoring.samples import pass_at_k, sample_metrics


@pytest.mark.parametrize("n", [1, 2, 5, 10])
def test_pass_at_k_is_one_minus_the_ratio_of_binomials(n: int) -> None:
    for c in range(n + 1):
        for k in range(1, n + 1):
            assert pass_at_k(n, c, k) == pytest.approx(1 - math.comb(n - c, k) / math.comb(n, k))


def test_pass_at_k_refuses_counts_out_of_range() -> None:
    with pytest.raises(ValueError, match="n=2, c=3, k=1"):
        pass_at_k(2, 3, 1)


def test_the_mean_over_samples_has_its_error_over_rows() -> None:
    # two rows: one always right, one always wrong; over samples the error would be 0.5/sqrt(6)
    mean, at1, at2, at3 = sample_metrics("success", [[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]], 3)
    assert (mean.name, mean.value, mean.n) == ("success", 0.5, 2)
    assert mean.stderr == pytest.approx(0.5)  # sd of (1, 0) / sqrt(2)
    assert [at1.value, at2.value, at3.value] == [0.5, 0.5, 0.5]


def test_a_row_with_fewer_samples_has_the_rest_scored_zero() -> None:
    mean, at1, at2 = sample_metrics("accuracy", [[1.0], [1.0, 1.0]], 2)
    assert mean.value == 0.75 and at1.value == 0.75 and at2.value == 1.0
    assert mean.stderr is not None
