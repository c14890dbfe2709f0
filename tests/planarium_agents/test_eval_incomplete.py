"""An eval whose endpoint fails some rows on every retry (issue 43 item 1): it exits with
INCOMPLETE_EXIT saying how many rows and that a rerun asks only them, results.json marks
the run incomplete, and the leaderboard refuses it beside a complete run of the config
unless --allow-incomplete, marking it wherever its numbers appear; a rescore scores the
same rows."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from planarium_agents.eval.command import INCOMPLETE_EXIT
from scorer.board.headline import INCOMPLETE_MARK, SAMPLED_MARK
from scorer.board.rescore import rescored
from scorer.cli import main
from tests.support.scripted_endpoint import ScriptedEndpoint, gold_answers, messages_key

CONFIG = "blocksworld-ground"
LIMIT = 8


def _fails(body: dict[str, Any]) -> bool:
    """About half the prompts, chosen by their hash: the same rows fail on every retry."""
    return messages_key(body["messages"])[-1] in "01234567"


def _eval(data: Path, out: Path, url: str, model: str = "openai:m") -> Any:
    args = ["eval", "--model", model, "--base-url", url, "--configs", CONFIG, "--limit", str(LIMIT)]
    extra = ["--retries", "1", "--executor", "local:1", "--quiet"]
    return CliRunner().invoke(main, [*args, "--data", str(data), "--out", str(out), *extra])


def _results(out: Path) -> dict[str, Any]:
    return dict(json.loads((out / "results.json").read_text()))


def test_an_incomplete_eval_exits_non_zero_and_is_marked_until_a_rerun(mini_data: Path, tmp_path: Path) -> None:
    answer = gold_answers(mini_data, [CONFIG])
    with ScriptedEndpoint(answer, fail_status=500, retry_after_ms=10, fail_when=_fails) as endpoint:
        result = _eval(mini_data, tmp_path / "flaky", endpoint.url)
    failed = len({messages_key(body["messages"]) for body in endpoint.bodies if _fails(body)})
    assert 0 < failed < LIMIT, "the scripted failures should hit some rows, not all"
    assert result.exit_code == INCOMPLETE_EXIT, result.output
    assert f"{failed} asked row(s) left without a reply" in result.stderr
    assert "rerun the same command to ask only them" in result.stderr
    results = _results(tmp_path / "flaky")
    assert results["run"]["complete"] is False
    coverage = results["configs"][CONFIG]["coverage"]
    assert coverage == {"complete": False, "unanswered": failed, "sampled": {"limit": LIMIT, "rows": LIMIT}}
    assert results["configs"][CONFIG]["counts"]["n"] == LIMIT - failed

    with ScriptedEndpoint(answer) as healthy:
        assert _eval(mini_data, tmp_path / "other", healthy.url, "openai:other").exit_code == 0
    board = [str(tmp_path / "flaky" / "results.json"), str(tmp_path / "other" / "results.json")]
    refused = CliRunner().invoke(main, ["leaderboard", *board, "--out", str(tmp_path / "board")])
    assert refused.exit_code == 1 and "is incomplete" in refused.output and "--allow-incomplete" in refused.output
    allowed = CliRunner().invoke(main, ["leaderboard", *board, "--out", str(tmp_path / "board"), "--allow-incomplete"])
    assert allowed.exit_code == 0, allowed.output
    markdown = (tmp_path / "board" / "leaderboard.md").read_text()
    assert f"{INCOMPLETE_MARK} openai:m, incomplete" in markdown and SAMPLED_MARK in markdown
    rows = list(csv.DictReader(io.StringIO((tmp_path / "board" / "leaderboard.csv").read_text())))
    coverages = {row["submission"]: row["coverage"] for row in rows if row["group"] == "all"}
    assert coverages["openai:m"].startswith("incomplete: ") and coverages["openai:other"] == "complete"
    assert all(row["sample"] == f"a sample of {LIMIT} rows (--limit {LIMIT})" for row in rows if row["group"] == "all")
    assert 'class="incomplete sampled"' in (tmp_path / "board" / "leaderboard.html").read_text()

    # a rescore scores the rows the run scored (its sample, less the unanswered), not the rest as missing
    again_path = rescored(tmp_path / "flaky" / "predictions.jsonl", results, mini_data, tmp_path / "re" / "r.json")
    again_entry = json.loads(again_path.read_text())["configs"][CONFIG]
    assert again_entry["counts"] == results["configs"][CONFIG]["counts"]
    assert again_entry["coverage"] == coverage and again_entry["metrics"] == results["configs"][CONFIG]["metrics"]

    with ScriptedEndpoint(answer) as again:
        rerun = _eval(mini_data, tmp_path / "flaky", again.url)
    assert rerun.exit_code == 0, rerun.output
    assert again.requests == failed  # only the unanswered rows are asked
    assert _results(tmp_path / "flaky")["configs"][CONFIG]["coverage"]["complete"] is True
