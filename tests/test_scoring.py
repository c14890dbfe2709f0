"""Scoring end to end on the mini dataset: gold = 100%, wrong = 0%, bad lines never stop a run."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.dataset import load_keys
from scorer.references import reference_lines
from scorer.scoring import score_file

CONFIG = "blocksworld-ground"


def _accuracy(results_path: Path, group: str = "all") -> float:
    results = json.loads(results_path.read_text())
    return results["configs"][CONFIG]["metrics"][group]["accuracy"]["value"]


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines))
    return path


def test_gold_scores_100_percent(mini_data: Path, tmp_path: Path) -> None:
    run = score_file(None, mini_data, tmp_path / "results.json", gold=True)
    results = json.loads(run.results_path.read_text())
    for group, metrics in results["configs"][CONFIG]["metrics"].items():
        assert metrics["accuracy"]["value"] == 1.0, group
        assert metrics["yes_rate"]["value"] == metrics["true_yes_rate"]["value"]
    assert results["configs"][CONFIG]["counts"]["missing"] == 0


def test_gold_file_equals_gold_flag(mini_data: Path, tmp_path: Path) -> None:
    dataset = load_keys(mini_data)
    gold = _write(tmp_path / "gold.jsonl", reference_lines(dataset, "gold"))
    run = score_file(gold, mini_data, tmp_path / "results.json")
    assert _accuracy(run.results_path) == 1.0
    assert all(json.loads(line)["score"] == 1.0 for line in run.rows_path.read_text().splitlines())


def test_wrong_answers_score_zero(mini_data: Path, tmp_path: Path) -> None:
    wrong = _write(tmp_path / "wrong.jsonl", reference_lines(load_keys(mini_data), "wrong"))
    run = score_file(wrong, mini_data, tmp_path / "results.json")
    results = json.loads(run.results_path.read_text())
    for group, metrics in results["configs"][CONFIG]["metrics"].items():
        assert metrics["accuracy"]["value"] == 0.0, group


def test_missing_unknown_duplicate_and_malformed_lines_are_reported(mini_data: Path, tmp_path: Path) -> None:
    gold = [line for line in reference_lines(load_keys(mini_data), "gold") if CONFIG in line]
    lines = [gold[0], "{not json", gold[0], json.dumps({"id": "nope/test/0001", "response": "Yes"}),
             json.dumps({"id": json.loads(gold[1])["id"], "response": "I am not sure"}), gold[2]]
    run = score_file(_write(tmp_path / "p.jsonl", lines), mini_data, tmp_path / "results.json")
    results = json.loads(run.results_path.read_text())
    kinds = {(p["line"], p["kind"]) for p in results["input_problems"]}
    assert {(2, "malformed"), (3, "duplicate"), (4, "unknown_id")} <= kinds
    counts = results["configs"][CONFIG]["counts"]
    assert counts["unparsable"] == 1
    assert counts["missing"] == counts["n"] - 3
    rows = [json.loads(line) for line in run.rows_path.read_text().splitlines()]
    reasons = [row["reason"] for row in rows if row["config"] == CONFIG]
    assert reasons[:3] == ["correct", "unparsable", "correct"]


def test_same_predictions_give_identical_results(mini_data: Path, tmp_path: Path) -> None:
    wrong = _write(tmp_path / "wrong.jsonl", reference_lines(load_keys(mini_data), "wrong"))
    first = score_file(wrong, mini_data, tmp_path / "a.json")
    second = score_file(wrong, mini_data, tmp_path / "b.json")
    assert first.results_path.read_bytes() == second.results_path.read_bytes()
    assert first.rows_path.read_bytes() == second.rows_path.read_bytes()


def test_episode_lines_are_replayed_and_client_outcomes_ignored(mini_data: Path, tmp_path: Path) -> None:
    wrong = [json.loads(line) for line in reference_lines(load_keys(mini_data), "wrong") if '"episode"' in line]
    for line in wrong:  # a client claiming success must not get it
        line["episode"]["success"] = True
        line["episode"]["outcome"] = {"success": True}
    run = score_file(_write(tmp_path / "p.jsonl", [json.dumps(line) for line in wrong]), mini_data,
                     tmp_path / "results.json")
    results = json.loads(run.results_path.read_text())
    assert results["configs"]["blocksworld-episodes"]["metrics"]["all"]["success"]["value"] == 0.0


def test_a_text_response_for_an_episode_row_is_invalid(mini_data: Path, tmp_path: Path) -> None:
    episode_id = next(i for i in load_keys(mini_data).rows if i.startswith("blocksworld-episodes/"))
    path = _write(tmp_path / "p.jsonl", [json.dumps({"id": episode_id, "response": "Yes"})])
    run = score_file(path, mini_data, tmp_path / "results.json")
    assert json.loads(run.results_path.read_text())["configs"]["blocksworld-episodes"]["counts"]["invalid"] == 1
    row = next(json.loads(line) for line in run.rows_path.read_text().splitlines() if episode_id in line)
    # The reason keeps its string; the why is beside it, nothing was parsed.
    assert row["reason"] == "invalid" and "parsed" not in row
    assert row["detail"] == "expected an episode log for an episode row, got a text response"
