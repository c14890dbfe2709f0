"""Requests through the official ``openai`` client: its retries with backoff, its timeout and
its exception classes, mapped to our API failures, against the scripted endpoint on loopback.
A row retried to success is asked, stored and scored once; a row that times out or stays
rate limited is an API failure with its reason, never cached and never a wrong answer."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import planarium_agents.openai_agent
from planarium_agents.eval.cache import CACHE_TABLE, CachedModel, ResponseCache
from planarium_agents.eval.command import INCOMPLETE_EXIT
from planarium_agents.eval.models import ChatRequest, ModelSpec, OpenAIModel, Sampling
from planarium_agents.openai_agent import Completion, OpenAIChat
from scorer.cli import main
from tests.support.scripted_endpoint import ScriptedEndpoint, canned, gold_answers

CONFIG = "blocksworld-ground"
BODY: dict[str, Any] = {"model": "m", "messages": [{"role": "user", "content": "Is it?"}], "temperature": 0}


def _eval(data: Path, out: Path, url: str, *extra: str, exit_code: int = 0) -> str:
    args = ["eval", "--model", "openai:m", "--base-url", url, "--configs", CONFIG, "--limit", "3"]
    result = CliRunner().invoke(main, [*args, "--data", str(data), "--out", str(out), "--quiet", *extra])
    assert result.exit_code == exit_code, result.output
    return result.output


def _results(out: Path) -> dict[str, Any]:
    return json.loads((out / "results.json").read_text())


def test_a_row_retried_after_a_500_counts_once(mini_data: Path, tmp_path: Path) -> None:
    answer = gold_answers(mini_data, [CONFIG])
    with ScriptedEndpoint(answer, fail_first=1, fail_status=500, retry_after_ms=10) as endpoint:
        output = _eval(mini_data, tmp_path, endpoint.url, "--concurrency", "1", "--executor", "local:1")
    assert endpoint.requests == 4 and endpoint.answered == 3  # the first row asked twice, answered once
    assert "API failure" not in output
    results = _results(tmp_path)
    assert results["run"]["api_failures"]["n"] == 0
    counts = results["configs"][CONFIG]["counts"]
    assert counts["n"] == 3 and counts["missing"] == 0
    assert results["configs"][CONFIG]["metrics"]["all"]["accuracy"]["value"] == 1.0
    ids = [json.loads(line)["id"] for line in (tmp_path / "predictions.jsonl").read_text().splitlines()]
    assert len(ids) == len(set(ids)) == 3
    with sqlite3.connect(tmp_path / "responses.sqlite") as db:
        assert db.execute(f"SELECT COUNT(*) FROM {CACHE_TABLE}").fetchone()[0] == 3


def test_a_timeout_is_an_api_failure_with_its_reason(tmp_path: Path) -> None:
    spec, sampling = ModelSpec("openai", "m"), Sampling()
    cache = ResponseCache(tmp_path / "responses.sqlite")
    with ScriptedEndpoint(canned("Yes"), stall_at=1) as endpoint:
        model = OpenAIModel(spec, sampling, endpoint.url, concurrency=1, retries=1, timeout_s=0.3)
        got: dict[int, Completion] = {}
        cached = CachedModel(model, cache)
        cached.complete([ChatRequest({"text": "Is it?", "images": []})], got.__setitem__)
        endpoint.release()
        model.close()
    assert got[0].text is None
    assert got[0].error == "Timeout: no answer within 0.3 s (after 1 retry)"
    assert endpoint.requests == 2  # the client retried the timed-out request once
    assert cache._db.execute(f"SELECT COUNT(*) FROM {CACHE_TABLE}").fetchone()[0] == 0  # asked again next run
    cache.close()


def test_a_timed_out_row_is_listed_as_an_api_failure_in_the_results(
    mini_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(planarium_agents.openai_agent, "DEFAULT_TIMEOUT_S", 0.3)
    with ScriptedEndpoint(canned("Yes"), stall_at=1) as endpoint:
        output = _eval(
            mini_data, tmp_path, endpoint.url, "--retries", "0", "--executor", "local:1", exit_code=INCOMPLETE_EXIT
        )
        endpoint.release()
    assert "3 API failure(s), not scored" in output
    failures = _results(tmp_path)["run"]["api_failures"]
    assert failures["n"] == 3
    assert {row["error"] for row in failures["rows"]} == {"Timeout: no answer within 0.3 s"}
    assert (tmp_path / "predictions.jsonl").read_text() == ""  # not wrong answers: nothing scored
    assert CONFIG not in _results(tmp_path)["configs"]


def test_a_429_is_retried() -> None:
    with ScriptedEndpoint(canned("Yes"), fail_first=2, fail_status=429, retry_after_ms=10) as endpoint:
        completion = OpenAIChat(endpoint.url, retries=3).complete(BODY)
    assert completion == Completion("Yes") and endpoint.requests == 3


def test_a_429_past_every_retry_is_rate_limited() -> None:
    with ScriptedEndpoint(canned("Yes"), fail_first=9, fail_status=429, retry_after_ms=10) as endpoint:
        completion = OpenAIChat(endpoint.url, retries=2).complete(BODY)
    assert completion.text is None and endpoint.requests == 3
    assert completion.error == "RateLimited: HTTP 429 Too Many Requests: scripted failure (after 2 retries)"


@pytest.mark.parametrize(
    ("status", "kind"),
    [(400, "HTTPError"), (401, "Unauthorised"), (403, "Unauthorised"), (404, "NotServed"), (422, "HTTPError")],
)
def test_a_client_error_is_not_retried_and_keeps_its_kind(status: int, kind: str) -> None:
    with ScriptedEndpoint(canned("Yes"), fail_first=1, fail_status=status, retry_after_ms=10) as endpoint:
        completion = OpenAIChat(endpoint.url, retries=3).complete(BODY)
    assert endpoint.requests == 1
    assert completion.error is not None and completion.error.startswith(f"{kind}: HTTP {status} ")


def test_requests_send_the_body_as_built() -> None:
    """Sampling extras and vLLM's guided-decoding fields reach the endpoint unchanged."""
    body = {**BODY, "max_tokens": 7, "top_k": 20, "guided_grammar": 'start: "Yes"'}
    with ScriptedEndpoint(canned("Yes")) as endpoint:
        OpenAIChat(endpoint.url).complete(body)
    assert endpoint.bodies == [body]
