"""``planarium eval`` checks its endpoint before any row is asked: an unreachable base URL, a
refused key and a model the endpoint does not serve each stop the run with one line and exit 1
(an unreachable URL retried every row and exited 0 with every row an API failure)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from scorer.cli import main
from tests.support.scripted_endpoint import ScriptedEndpoint, canned

CONFIG = "blocksworld-ground"


def _eval(data: Path, out: Path, url: str, model: str = "openai:m") -> Result:
    args = ["eval", "--model", model, "--base-url", url, "--configs", CONFIG, "--limit", "3"]
    return CliRunner().invoke(main, [*args, "--data", str(data), "--out", str(out), "--quiet"])


def _stopped_before_any_row(result: Result, out: Path, *words: str) -> None:
    assert result.exit_code == 1, result.output
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    for word in words:
        assert word in result.stderr, result.stderr
    assert not (out / "predictions.jsonl").exists()


def test_an_unreachable_endpoint_stops_at_once(mini_data: Path, tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    result = _eval(mini_data, tmp_path / "run", url)
    _stopped_before_any_row(result, tmp_path / "run", "cannot reach", url, "--base-url")


def test_a_refused_key_stops_at_once(mini_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "wrong")
    with ScriptedEndpoint(canned("Yes"), models=["m"], api_key="right") as endpoint:
        result = _eval(mini_data, tmp_path / "run", endpoint.url)
    _stopped_before_any_row(result, tmp_path / "run", "HTTP 401", "OPENAI_API_KEY")
    assert endpoint.requests == 0


def test_a_model_the_endpoint_does_not_serve_stops_at_once(mini_data: Path, tmp_path: Path) -> None:
    with ScriptedEndpoint(canned("Yes"), models=["served-model"]) as endpoint:
        result = _eval(mini_data, tmp_path / "run", endpoint.url, "openai:typo-model")
    _stopped_before_any_row(result, tmp_path / "run", "does not serve model 'typo-model'", "served-model")
    assert endpoint.requests == 0


def test_a_served_model_runs(mini_data: Path, tmp_path: Path) -> None:
    with ScriptedEndpoint(canned("Yes"), models=["other", "m"]) as endpoint:
        result = _eval(mini_data, tmp_path / "run", endpoint.url)
    assert result.exit_code == 0, result.output
    assert endpoint.requests == 3 and (tmp_path / "run" / "results.json").is_file()
