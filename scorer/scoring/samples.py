"""Several samples per row: the mean over samples and pass@k, each with its error over rows.

``score --duplicates samples`` (and ``eval --samples N``) reads each repeated id as another
sample of its row. The n samples of a row are not independent draws of the benchmark: they
share the row. So the headline is the mean over rows of each row's mean over its samples,
with the standard error of that mean over the rows (the sample standard deviation of the
row means / sqrt(rows)), not over the samples, which would shrink it by sqrt(n) for free.

pass@k is the chance that at least one of k samples drawn without replacement from a row's
n is correct, with the unbiased estimator of Chen et al. 2021 ("Evaluating Large Language
Models Trained on Code", section 2.1): 1 - C(n-c, k) / C(n, k) for a row with c correct of
n, averaged over rows. A row with fewer lines than the run's n has its missing samples
scored 0, as a missing row is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from scorer.tasks.stats import Metric, sample_stderr

PASS_AT = "pass@{}"
HEADLINES = ("success", "accuracy")  # a config's headline: the first of these its kind reports


def pass_at_k(n: int, c: int, k: int) -> float:
    """1 - C(n-c, k) / C(n, k), as the running product Chen et al.'s code computes
    (exact binomials of large n overflow a float)."""
    if not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"pass@k needs 0 <= c <= n and 1 <= k <= n, got n={n}, c={c}, k={k}")
    if n - c < k:
        return 1.0  # every draw of k holds a correct sample
    return 1.0 - math.prod(1.0 - k / i for i in range(n - c + 1, n + 1))


def sample_metrics(name: str, rows: Sequence[Sequence[float]], n: int) -> list[Metric]:
    """The mean ``name`` over samples and pass@1..pass@n, each a mean over ``rows`` (each
    row's per-sample values, 1.0 counting as correct) with its standard error over rows."""
    per_row = [_padded(values, n) for values in rows]
    metrics = [_over_rows(name, [math.fsum(values) / n for values in per_row])]
    for k in range(1, n + 1):
        metrics.append(_over_rows(PASS_AT.format(k), [pass_at_k(n, _correct(values), k) for values in per_row]))
    return metrics


def with_samples(metrics: list[Metric], headline: str, rows: Sequence[Sequence[float]], n: int) -> list[Metric]:
    """``metrics`` (a kind's aggregate over every sample) with its ``headline`` replaced by the
    mean over samples whose error is over rows, and pass@k after it."""
    sampled = sample_metrics(headline, rows, n)
    replaced = [sampled[0] if metric.name == headline else metric for metric in metrics]
    at = next((i for i, metric in enumerate(replaced) if metric.name == headline), len(replaced) - 1)
    return [*replaced[: at + 1], *sampled[1:], *replaced[at + 1 :]]


def _padded(values: Sequence[float], n: int) -> list[float]:
    return [*values[:n], *([0.0] * (n - len(values)))]


def _correct(values: Sequence[float]) -> int:
    return sum(1 for value in values if value >= 1.0)


def _over_rows(name: str, values: list[float]) -> Metric:
    if not values:
        return Metric(name, None, None, 0)
    stderr = sample_stderr(values) if len(values) >= 2 else None
    return Metric(name, math.fsum(values) / len(values), stderr, len(values))
