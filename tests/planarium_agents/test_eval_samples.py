"""``eval --samples N`` (issue 42 item 3): N sampled requests per question row (N episodes per
episode row), each a draw of its own; the predictions file holds N lines per id, scored as
samples: the mean with its error over rows and pass@k, recorded in results.json."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from scorer.board.rescore import rescored
from scorer.cli import main
from tests.support.scripted_endpoint import ScriptedEndpoint, gold_answers, messages_key

QUESTIONS = "blocksworld-ground"
EPISODES = "blocksworld-episodes"
LIMIT = 4


def _first_gold_then_wrong(data: Path) -> Any:
    """The gold answer the first time a prompt is asked, a reply no reader takes after it."""
    gold = gold_answers(data, [QUESTIONS])
    seen: set[str] = set()
    lock = threading.Lock()

    def answer(body: dict[str, Any]) -> str:
        with lock:
            first = messages_key(body["messages"]) not in seen
            seen.add(messages_key(body["messages"]))
        return gold(body) if first else "I do not know."

    return answer


def _eval(data: Path, out: Path, url: str, config: str) -> Any:
    args = ["eval", "--model", "openai:m", "--base-url", url, "--configs", config, "--limit", str(LIMIT)]
    extra = ["--samples", "2", "--temperature", "1.0", "--executor", "local:1", "--quiet"]
    return CliRunner().invoke(main, [*args, "--data", str(data), "--out", str(out), *extra])


def test_two_samples_of_gold_and_wrong_give_mean_half_and_pass_at_2_one(mini_data: Path, tmp_path: Path) -> None:
    with ScriptedEndpoint(_first_gold_then_wrong(mini_data)) as endpoint:
        result = _eval(mini_data, tmp_path, endpoint.url, QUESTIONS)
    assert result.exit_code == 0, result.output
    assert endpoint.requests == 2 * LIMIT  # each sample is a draw of its own, not the cache's first reply
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["run"]["settings"]["samples"] == 2
    entry = results["configs"][QUESTIONS]
    assert entry["samples"] == {"n": 2, "k": [1, 2]}
    metrics = entry["metrics"]["all"]
    assert metrics["accuracy"]["value"] == 0.5 and metrics["accuracy"]["n"] == LIMIT
    assert metrics["pass@2"]["value"] == 1.0 and metrics["pass@1"]["value"] == 0.5
    ids = [json.loads(line)["id"] for line in (tmp_path / "predictions.jsonl").read_text().splitlines()]
    assert len(ids) == 2 * LIMIT and len(set(ids)) == LIMIT
    rows = [json.loads(line) for line in (tmp_path / "results.rows.jsonl").read_text().splitlines()]
    assert sorted(row["sample"] for row in rows) == sorted([0, 1] * LIMIT)
    assert "pass@2" in result.output  # the terminal table shows k

    with ScriptedEndpoint(_first_gold_then_wrong(mini_data)) as again:
        assert _eval(mini_data, tmp_path, again.url, QUESTIONS).exit_code == 0
    assert again.requests == 0  # a rerun finds every sample it drew

    # the board shows n and k, and a rescore reads the eval's lines as samples again
    board = ["leaderboard", str(tmp_path / "results.json"), "--out", str(tmp_path / "board")]
    assert CliRunner().invoke(main, board).exit_code == 0
    markdown = (tmp_path / "board" / "leaderboard.md").read_text()
    assert f"0.500 (n={LIMIT}, k=2, pass@2 1.000)" in markdown
    again_path = rescored(tmp_path / "predictions.jsonl", results, mini_data, tmp_path / "rescored" / "results.json")
    again_entry = json.loads(again_path.read_text())["configs"][QUESTIONS]
    assert again_entry["samples"]["n"] == 2 and again_entry["metrics"] == entry["metrics"]


def test_an_episode_row_is_played_once_per_sample(mini_data: Path, tmp_path: Path) -> None:
    with ScriptedEndpoint(lambda body: "I do not know.") as endpoint:
        result = _eval(mini_data, tmp_path, endpoint.url, EPISODES)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in (tmp_path / "predictions.jsonl").read_text().splitlines()]
    assert len(lines) == 2 * LIMIT and all("episode" in line for line in lines)
    entry = json.loads((tmp_path / "results.json").read_text())["configs"][EPISODES]
    assert entry["samples"]["n"] == 2 and entry["counts"] == {**entry["counts"], "n": LIMIT, "samples": 2 * LIMIT}
