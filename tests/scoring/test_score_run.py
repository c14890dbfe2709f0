"""Scoring end to end on the mini dataset: gold = 100%, wrong = 0%, bad lines never stop a run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.io.dataset import load_keys
from scorer.io.predictions import PredictionsFileError
from scorer.scoring.references import reference_lines
from scorer.scoring.run import score_file
from scorer.tasks.episode import TEXT_FOR_EPISODE

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
    gold = [line for line in reference_lines(load_keys(mini_data), "gold") if f'"{CONFIG}/' in line]
    lines = [
        gold[0],
        "{not json",
        gold[0],
        json.dumps({"id": "nope/test/0001", "response": "Yes"}),
        json.dumps({"id": json.loads(gold[1])["id"], "response": "I am not sure"}),
        gold[2],
    ]
    run = score_file(_write(tmp_path / "p.jsonl", lines), mini_data, tmp_path / "results.json")
    results = json.loads(run.results_path.read_text())
    kinds = {(p["line"], kind) for kind, entry in results["input_problems"].items() for p in entry["first"]}
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
    run = score_file(
        _write(tmp_path / "p.jsonl", [json.dumps(line) for line in wrong]), mini_data, tmp_path / "results.json"
    )
    results = json.loads(run.results_path.read_text())
    assert results["configs"]["blocksworld-episodes"]["metrics"]["all"]["success"]["value"] == 0.0


def test_a_text_response_for_an_episode_row_is_invalid(mini_data: Path, tmp_path: Path) -> None:
    episode_id = next(i for i in load_keys(mini_data).rows if i.startswith("blocksworld-episodes/"))
    path = _write(tmp_path / "p.jsonl", [json.dumps({"id": episode_id, "response": "Yes"})])
    run = score_file(path, mini_data, tmp_path / "results.json")
    assert json.loads(run.results_path.read_text())["configs"]["blocksworld-episodes"]["counts"]["invalid"] == 1
    row = next(json.loads(line) for line in run.rows_path.read_text().splitlines() if episode_id in line)
    # The reason keeps its string; the why is beside it, nothing was parsed.
    assert row["reason"] == "invalid" and row["parsed"] is None
    assert row["detail"] == TEXT_FOR_EPISODE and '"episode": {"settings"' in row["detail"]  # the line it expects


def test_only_the_configs_predictions_touch_are_graded(mini_data: Path, tmp_path: Path) -> None:
    gold = [line for line in reference_lines(load_keys(mini_data), "gold") if f'"{CONFIG}/' in line]
    run = score_file(_write(tmp_path / "p.jsonl", gold[:2]), mini_data, tmp_path / "results.json")
    results = json.loads(run.results_path.read_text())
    assert list(results["configs"]) == [CONFIG]
    assert CONFIG not in results["not_attempted"] and len(results["not_attempted"]) >= 3
    every = score_file(tmp_path / "p.jsonl", mini_data, tmp_path / "all.json", all_configs=True)
    assert set(every.grading.configs) == set(load_keys(mini_data).configs()) and not every.not_attempted


def test_ids_of_configs_left_out_and_of_another_split_say_so(mini_data: Path, tmp_path: Path) -> None:
    keys = load_keys(mini_data)
    other = next(row.id for row in keys.rows.values() if row.config != CONFIG)
    dev_id = next(iter(load_keys(mini_data, "dev", {CONFIG}).rows))
    lines = [json.dumps({"id": other, "response": "x"}), json.dumps({"id": dev_id, "response": "Yes"})]
    run = score_file(_write(tmp_path / "p.jsonl", lines), mini_data, tmp_path / "r.json", configs={CONFIG})
    messages = {p.kind: p.message for p in run.problems}
    assert "--configs left out" in messages["not_selected"]
    assert "--split dev" in messages["unknown_id"]


def test_duplicates_are_summarised_and_follow_the_policy(mini_data: Path, tmp_path: Path) -> None:
    row_id = next(iter(load_keys(mini_data, "test", {CONFIG}).rows))
    lines = [json.dumps({"id": row_id, "response": answer}) for answer in ["Yes", "No"] * 50]
    path = _write(tmp_path / "p.jsonl", lines)
    first = score_file(path, mini_data, tmp_path / "first.json", duplicates="first")
    last = score_file(path, mini_data, tmp_path / "last.json", duplicates="last")
    verdicts = [next(v for r, v in run.grading.rows if r.id == row_id) for run in (first, last)]
    assert {v.score for v in verdicts} == {0.0, 1.0}  # one of Yes / No is right: the two policies differ
    problems = json.loads((tmp_path / "first.json").read_text())["input_problems"]
    assert problems["duplicate"]["count"] == 99 and len(problems["duplicate"]["first"]) == 5
    with pytest.raises(PredictionsFileError, match="--duplicates error"):
        score_file(path, mini_data, tmp_path / "error.json", duplicates="error")
