"""The contamination report: scores of a published and a fresh split side by side."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from data_build.build import build
from data_build.spec import BuildSettings
from scorer.cli import main
from scorer.report.contamination import MIN_ROWS_FOR_NORMAL, compare

CONFIG = "collision"  # a question config that builds in a second


def _results(configs: dict, fingerprint: str = "a") -> dict:
    return {"dataset": {"fingerprint": fingerprint}, "configs": configs}


def _metric(value: float | None, stderr: float | None, n: int) -> dict:
    return {"value": value, "stderr": stderr, "n": n}


def test_difference_standard_error_and_flag() -> None:
    static = _results({"c": {"metrics": {"all": {"score": _metric(0.8, 0.04, 100)}, "hard": {}}}})
    fresh = _results({"c": {"metrics": {"all": {"score": _metric(0.6, 0.03, 100)}}}}, "b")
    (delta,) = compare(static, fresh)
    assert (delta.config, delta.difficulty, delta.metric) == ("c", "all", "score")
    assert delta.difference == pytest.approx(-0.2) and delta.stderr == pytest.approx(0.05)
    assert delta.test == "normal"  # 0.04 is not a rate's binomial error at 0.8 and 100 rows: a mean
    assert delta.z == pytest.approx(-4.0) and delta.p_value == pytest.approx(6.334e-5, rel=1e-3)
    assert delta.significant


def _rate(right: int, n: int) -> dict:
    p = right / n
    return _metric(p, math.sqrt(p * (1 - p) / n), n)


def test_a_small_difference_is_not_flagged_and_rates_use_fishers_exact_test() -> None:
    static = _results({"c": {"metrics": {"all": {"a": _rate(50, 100), "b": _rate(20, 20)}}}})
    fresh = _results({"c": {"metrics": {"all": {"a": _rate(45, 100), "b": _rate(0, 20)}}}}, "b")
    a, b = compare(static, fresh)
    assert a.test == "fisher" and not a.significant and a.p_value == pytest.approx(0.5717, rel=1e-3)
    assert b.test == "fisher" and b.significant and b.p_value == pytest.approx(2 / math.comb(40, 20))


def test_nothing_is_flagged_at_two_rows() -> None:
    """Two rows right on one split and wrong on the other: standard error 0, which the normal
    approximation read as p = 0; Fisher's exact test gives p = 1/3."""
    static = _results({"c": {"metrics": {"all": {"accuracy": _rate(2, 2), "steps": _metric(3.0, 0.0, 2)}}}})
    fresh = _results({"c": {"metrics": {"all": {"accuracy": _rate(0, 2), "steps": _metric(9.0, 0.0, 2)}}}}, "b")
    rate, steps = compare(static, fresh)
    assert rate.test == "fisher" and rate.p_value == pytest.approx(1 / 3) and not rate.significant
    assert steps.test == "none" and steps.p_value is None and not steps.significant


def test_a_mean_gets_the_normal_approximation_from_the_minimum_rows() -> None:
    static = _results({"c": {"metrics": {"all": {"steps": _metric(5.0, 0.2, MIN_ROWS_FOR_NORMAL)}}}})
    fresh = _results({"c": {"metrics": {"all": {"steps": _metric(6.0, 0.2, MIN_ROWS_FOR_NORMAL)}}}}, "b")
    (steps,) = compare(static, fresh)
    assert steps.test == "normal" and steps.significant and steps.z == pytest.approx(1.0 / math.hypot(0.2, 0.2))


def test_metrics_without_a_value_or_in_one_result_only_are_left_out() -> None:
    static = _results({"c": {"metrics": {"all": {"a": _metric(None, None, 0), "s": _metric(3.0, None, 5)}}}, "d": {}})
    fresh = _results({"c": {"metrics": {"all": {"a": _metric(0.5, 0.1, 9), "s": _metric(4.0, None, 5)}}}}, "b")
    (steps,) = compare(static, fresh)
    assert steps.metric == "s" and steps.difference == 1.0 and steps.stderr is None and not steps.significant


def _score(data: Path, kind: str, tmp_path: Path, name: str, keep_every: int = 1) -> Path:
    """results.json of the gold (or wrong) answers, with every keep_every-th row's answer replaced by the wrong one."""
    answers = {}
    for answer_kind in ("gold", "wrong"):
        out = tmp_path / f"{name}-{answer_kind}.jsonl"
        result = CliRunner().invoke(main, ["answers", "--kind", answer_kind, "--data", str(data), "-o", str(out)])
        assert result.exit_code == 0, result.output
        answers[answer_kind] = out.read_text().splitlines()
    other = "wrong" if kind == "gold" else "gold"
    lines = [
        b if i % keep_every == 0 and keep_every > 1 else a
        for i, (a, b) in enumerate(zip(answers[kind], answers[other]))
    ]
    predictions = tmp_path / f"{name}.jsonl"
    predictions.write_text("\n".join(lines) + "\n")
    results = tmp_path / f"{name}-results.json"
    result = CliRunner().invoke(main, ["score", str(predictions), "--data", str(data), "--out", str(results)])
    assert result.exit_code == 0, result.output
    return results


@pytest.fixture(scope="module")
def two_splits(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    published, fresh = tmp_path_factory.mktemp("published"), tmp_path_factory.mktemp("fresh")
    build(published, CONFIG, BuildSettings(size="full", seed=0, show_progress=False))
    build(fresh, CONFIG, BuildSettings(size="full", seed=7, show_progress=False))
    return published, fresh


def test_command_flags_a_model_that_knows_the_published_split(two_splits: tuple[Path, Path], tmp_path: Path) -> None:
    published, fresh = two_splits
    static_results = _score(published, "gold", tmp_path, "static")
    fresh_results = _score(fresh, "gold", tmp_path, "fresh", keep_every=2)  # half the fresh answers wrong
    out = tmp_path / "contamination.json"
    result = CliRunner().invoke(main, ["contamination", str(static_results), str(fresh_results), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (
        "|config" in result.output and "fresh-static" in result.output and "significant at alpha 0.05" in result.output
    )
    report = json.loads(out.read_text())
    overall = next(d for d in report["deltas"] if d["difficulty"] == "all" and d["metric"] == "accuracy")
    assert overall["static"] == 1.0 and 0.3 < overall["fresh"] < 0.7 and overall["significant"]
    assert report["static"]["dataset_fingerprint"] != report["fresh"]["dataset_fingerprint"]


def test_command_refuses_the_same_dataset_twice_and_a_file_that_is_not_results(
    two_splits: tuple[Path, Path], tmp_path: Path
) -> None:
    published, _ = two_splits
    results = _score(published, "gold", tmp_path, "static")
    same = CliRunner().invoke(main, ["contamination", str(results), str(results), "--out", str(tmp_path / "c.json")])
    assert same.exit_code != 0 and "score the same dataset" in same.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"configs": 3}')
    wrong = CliRunner().invoke(main, ["contamination", str(results), str(bad)])
    assert wrong.exit_code != 0 and "field 'configs' missing or not an object" in wrong.output
    assert not (tmp_path / "c.json").exists()
