"""Agents through the real HTTP API: optimal solves everything, random repeats, the
OpenAI-compatible client talks to a scripted endpoint, and the vLLM requests build without weights."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from planarium_agents import make_agent
from planarium_agents.client import RolloutClient
from planarium_agents.messages import chat_messages
from planarium_agents.runner import run_episodes
from planarium_agents.vllm_agent import conversations
from scorer.cli import main
from scorer.io.dataset import load_keys
from scorer.rollout import RolloutServer, start_server
from scorer.scoring.run import score_file

CONFIG = "blocksworld-episodes"


def _run_cli(mini_data: Path, out: Path, *extra: str) -> None:
    args = ["run", "--config", CONFIG, "--data", str(mini_data), "--spawn", "--out", str(out), *extra]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output


def _success(mini_data: Path, log: Path, tmp_path: Path) -> float:
    run = score_file(log, mini_data, tmp_path / "results.json", configs={CONFIG})
    return json.loads(run.results_path.read_text())["configs"][CONFIG]["metrics"]["all"]["success"]["value"]


def test_optimal_agent_solves_every_episode(mini_data: Path, tmp_path: Path) -> None:
    log = tmp_path / "optimal.jsonl"
    _run_cli(mini_data, log, "--agent", "optimal")
    assert _success(mini_data, log, tmp_path) == 1.0


def test_random_agent_is_deterministic_and_plays_to_the_limit(mini_data: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _run_cli(mini_data, first, "--agent", "random", "--seed", "3", "--settings", '{"output": "action"}')
    _run_cli(mini_data, second, "--agent", "random", "--seed", "3", "--settings", '{"output": "action"}')
    sort = lambda path: sorted(path.read_text().splitlines())  # noqa: E731 - the server logs in finishing order
    assert sort(first) == sort(second)
    assert 0.0 <= _success(mini_data, first, tmp_path) < 1.0


class ScriptedModel(BaseHTTPRequestHandler):
    """An OpenAI-compatible endpoint that checks each request and answers 'teleport'."""

    seen: list[dict] = []

    def log_message(self, *args: object) -> None:
        return

    def do_POST(self) -> None:  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        ScriptedModel.seen.append(body)
        reply = json.dumps({"plan": [{"action": "teleport", "parameters": {}}]})
        data = json.dumps({"choices": [{"message": {"role": "assistant", "content": reply}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


@pytest.fixture()
def scripted_endpoint() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), ScriptedModel)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()


@pytest.fixture()
def server(mini_data: Path, tmp_path: Path) -> Iterator[RolloutServer]:
    running = start_server(mini_data, port=0, log=tmp_path / "server.jsonl")
    yield running
    running.shutdown()


def test_openai_agent_sends_images_as_data_urls(mini_data: Path, scripted_endpoint: str, server: RolloutServer) -> None:
    ScriptedModel.seen.clear()
    rows = [r for r in load_keys(mini_data).rows.values() if r.config == CONFIG][:2]
    agent = make_agent("openai", base_url=scripted_endpoint, model="scripted-vlm")
    report = run_episodes(RolloutClient(server.url), agent, rows, {"max_steps": 2}, "scripted-vlm")
    assert not report.errors and len(report.logs) == 2
    assert all(line["episode"]["replies"][0].startswith('{"plan"') for line in report.logs)
    request = ScriptedModel.seen[0]
    assert request["model"] == "scripted-vlm" and request["temperature"] == 0
    system, user = request["messages"]  # ViPlan's planner prompt: its system message, then the user's
    assert system["role"] == "system" and system["content"].startswith("You are an expert planning assistant.")
    assert user["role"] == "user"
    parts = user["content"]
    images = [p for p in parts if p["type"] == "image_url"]
    assert len(images) == 1 and images[0]["image_url"]["url"].startswith("data:image/png;base64,")
    assert all("<image>" not in p["text"] for p in parts if p["type"] == "text")


def test_openai_agent_gives_an_empty_reply_when_the_endpoint_is_down() -> None:
    agent = make_agent("openai", base_url="http://127.0.0.1:9/v1", model="m")
    agent.retries = 0  # port 9 refuses at once: no model, no wait
    assert agent._complete({"text": "hello", "images": []}) == ""


def test_vllm_requests_build_without_weights() -> None:
    from planarium_agents.base import Turn

    observation = {"text": "look <image> then <image> and answer", "images": ["AAA", "BBB"]}
    turn = Turn("e1", None, observation, {})  # type: ignore[arg-type]
    [conversation] = conversations([turn])
    kinds = [part["type"] for part in conversation[0]["content"]]
    assert kinds == ["text", "image_url", "text", "image_url", "text"]
    with pytest.raises(ValueError, match="markers"):
        chat_messages({"text": "<image>", "images": []})


def test_observations_with_roles_are_sent_with_them_and_images_follow_the_markers_across_messages() -> None:
    messages = [
        {"role": "system", "content": "rules"},
        {"role": "user", "content": "past <image>"},
        {"role": "assistant", "content": "action: move"},
        {"role": "user", "content": "goal <image> now <image>"},
    ]
    observation = {"text": "flat", "messages": messages, "images": ["A", "B", "C"]}
    sent = chat_messages(observation)
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "user"]
    assert sent[0]["content"] == "rules" and sent[2]["content"] == "action: move"
    urls = [p["image_url"]["url"] for m in (sent[1], sent[3]) for p in m["content"] if p["type"] == "image_url"]
    assert urls == [f"data:image/png;base64,{x}" for x in "ABC"]
    with pytest.raises(ValueError, match="system message"):
        chat_messages({"text": "", "messages": [{"role": "system", "content": "<image>"}], "images": ["A"]})


def test_vllm_missing_gives_a_clear_error() -> None:
    try:
        import vllm  # noqa: F401
    except ImportError:
        with pytest.raises(RuntimeError, match=r"pip install 'planarium\[vllm\]'"):
            make_agent("vllm", model="some/model")
    else:  # a machine with vLLM installed would load weights here; nothing to check offline
        pytest.skip("vLLM is installed: making the agent would load model weights")
