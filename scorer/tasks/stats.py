"""Standard errors for reported metrics, following ViPlan appendix E.

A success rate over n independent trials is a binomial proportion, so its
standard error is sqrt(p(1-p)/n). A metric averaged over m independent
estimates (e.g. over configs) has standard error sqrt(sum e_i^2) / m
(appendix E, eq. 2). Non-binary per-row values use the sample standard
deviation instead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class Metric:
    name: str
    value: float | None  # None when no row counts towards it (n = 0)
    stderr: float | None  # None when the metric has no meaningful standard error
    n: int  # rows the value was computed from


def rate_stderr(p: float, n: int) -> float:
    """Standard error of a rate p observed over n trials; 0 when there are no trials."""
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"a rate must lie in [0, 1], got {p}")
    if n == 0:
        return 0.0
    return math.sqrt(p * (1.0 - p) / n)


def mean_stderr(stderrs: Sequence[float]) -> float:
    """Standard error of the mean of len(stderrs) independent estimates with these standard errors."""
    if not stderrs:
        # The mean of nothing has no value, so neither has its error; the caller has a bug.
        raise ValueError("mean_stderr needs at least one standard error")
    return math.sqrt(math.fsum(e * e for e in stderrs)) / len(stderrs)


def sample_stderr(values: Sequence[float]) -> float:
    """Standard error of the mean of values: sample standard deviation (ddof=1) / sqrt(n)."""
    n = len(values)
    if n < 2:
        raise ValueError(f"a sample standard error needs at least 2 values, got {n}")
    mean = math.fsum(values) / n
    # Two passes (mean, then squared deviations) instead of sum(x^2) - n*mean^2,
    # which loses every digit when the values are large and close together.
    variance = math.fsum((x - mean) ** 2 for x in values) / (n - 1)
    return math.sqrt(variance / n)
