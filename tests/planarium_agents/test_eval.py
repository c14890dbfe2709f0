"""``planarium eval`` end to end against a scripted OpenAI-compatible endpoint on loopback:
the issue's "done when" run (killed midway, resumed without asking again), roles and
images in the requests, guided decoding, API failures counted apart, episodes in-process
and through the server, and the variant's column check."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from planarium_agents.eval.cache import CACHE_TABLE
from planarium_agents.eval.command import INCOMPLETE_EXIT
from scorer.cli import main
from scorer.io.dataset import load_keys
from scorer.registry import task_kinds
from scorer.rollout import start_server
from scorer.tasks.ground import COT_SYSTEM, GROUND_SYSTEM
from tests.support.scripted_endpoint import ScriptedEndpoint, canned, gold_answers

DONE_WHEN_CONFIGS = ("blocksworld-ground", "slidegeom-describe", "acp-hard")
PLANARIUM = str(Path(sys.executable).parent / "planarium")


def _args(data: Path, out: Path, url: str, configs: tuple[str, ...] = DONE_WHEN_CONFIGS, *extra: str) -> list[str]:
    return [
        "eval",
        "--model",
        "openai:scripted",
        "--base-url",
        url,
        "--configs",
        ",".join(configs),
        "--data",
        str(data),
        "--out",
        str(out),
        "--quiet",
        *extra,
    ]


def _eval(
    data: Path, out: Path, url: str, configs: tuple[str, ...] = DONE_WHEN_CONFIGS, *extra: str, exit_code: int = 0
) -> str:
    result = CliRunner().invoke(main, _args(data, out, url, configs, *extra))
    assert result.exit_code == exit_code, result.output
    return result.output


def _results(out: Path) -> dict[str, Any]:
    return json.loads((out / "results.json").read_text())


def _cached(out: Path) -> int:
    with sqlite3.connect(out / "responses.sqlite") as db:
        return int(db.execute(f"SELECT COUNT(*) FROM {CACHE_TABLE}").fetchone()[0])


def kill_when_stalled(endpoint: ScriptedEndpoint, args: list[str]) -> None:
    """Run ``planarium ARGS`` in a process of its own and kill it once ``endpoint`` stalls:
    what a killed run leaves behind."""
    process = subprocess.Popen([PLANARIUM, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert endpoint.stalled.wait(timeout=120), f"eval never reached request {endpoint.stall_at}"
    finally:
        process.kill()
        process.wait()


def test_eval_resumes_after_a_kill_without_asking_again(mini_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    answer = gold_answers(mini_data, DONE_WHEN_CONFIGS)
    # One request at a time, and the endpoint stalls on the 11th: ten answers are cached when we kill.
    with ScriptedEndpoint(answer, stall_at=11) as first:
        kill_when_stalled(
            first, _args(mini_data, out, first.url, DONE_WHEN_CONFIGS, "--limit", "20", "--concurrency", "1")
        )
    assert _cached(out) == 10 and not (out / "results.json").exists()

    with ScriptedEndpoint(answer) as second:
        output = _eval(mini_data, out, second.url, DONE_WHEN_CONFIGS, "--limit", "20")
    rows = [json.loads(line) for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert len(rows) == 20 + 4 + 20  # slidegeom-describe has 4 test rows in the mini build
    assert second.requests == len(rows) - 10, "the resumed run asked again for what the cache held"
    assert "10 cached response(s) reused" in output

    results = _results(out)
    assert results["run"]["models"] == ["openai:scripted"]
    assert results["run"]["settings"]["sampling"]["temperature"] == 0
    for config in DONE_WHEN_CONFIGS:  # the endpoint answered with the keys: every attempted row is right
        metrics = results["configs"][config]["metrics"]["all"]
        assert metrics["accuracy"]["value"] == 1.0 and results["configs"][config]["counts"]["missing"] == 0

    with ScriptedEndpoint(answer) as third:  # a rerun of a finished run costs nothing
        assert "44 cached response(s) reused" in _eval(mini_data, out, third.url, DONE_WHEN_CONFIGS, "--limit", "20")
    assert third.requests == 0


def test_requests_carry_roles_and_images_as_data_urls(mini_data: Path, tmp_path: Path) -> None:
    with ScriptedEndpoint(canned("Yes")) as endpoint:
        _eval(
            mini_data, tmp_path, endpoint.url, ("blocksworld-ground", "acp-hard"), "--limit", "2", "--concurrency", "1"
        )
        _eval(mini_data, tmp_path / "cot", endpoint.url, ("blocksworld-ground",), "--limit", "1", "--variant", "cot")
    ground, _, acp, _, cot = endpoint.bodies
    assert ground["model"] == "scripted" and ground["temperature"] == 0
    # ViPlan's Ground prompt: the scene's description closes the system message ...
    system = ground["messages"][0]
    assert system["role"] == "system" and system["content"].startswith(GROUND_SYSTEM)
    assert system["content"].endswith("Your task is to correctly evaluate the question based on the image provided.")
    user = ground["messages"][1]
    assert user["role"] == "user"
    images = [part for part in user["content"] if part["type"] == "image_url"]
    assert len(images) == 1 and images[0]["image_url"]["url"].startswith("data:image/png;base64,iVBOR")
    assert not any(GROUND_SYSTEM in part.get("text", "") for part in user["content"])
    # ACPBench Hard's prompts have no system part: one user message, text only.
    assert [m["role"] for m in acp["messages"]] == ["user"]
    # ... while Ground + CoT puts it in the user message, before the image.
    assert cot["messages"][0] == {"role": "system", "content": COT_SYSTEM}
    assert cot["messages"][1]["content"][0]["text"].startswith("The image will be about colored blocks")
    assert "guided_grammar" not in ground


def test_constrained_sends_each_tasks_grammar(mini_data: Path, tmp_path: Path) -> None:
    from lark import Lark

    with ScriptedEndpoint(canned("Yes")) as endpoint:
        _eval(
            mini_data, tmp_path, endpoint.url, DONE_WHEN_CONFIGS, "--limit", "3", "--constrained", "--concurrency", "1"
        )
    grammars = [body["guided_grammar"] for body in endpoint.bodies]
    assert len(grammars) == 3 + 3 + 3
    assert Lark(grammars[0]).parse("No") and Lark(grammars[3]).parse("description:\nA1 red cube\nB2 blue sphere")
    first_acp = load_keys(mini_data, configs={"acp-hard"}).rows[
        _results(tmp_path)["run"]["sample"]["ids"]["acp-hard"][0]
    ]
    assert Lark(grammars[6]).parse(task_kinds()[first_acp.task].reference("gold", first_acp)["response"])
    assert _results(tmp_path)["run"]["settings"]["constrained"] is True


def test_api_failures_are_counted_apart_and_asked_again(mini_data: Path, tmp_path: Path) -> None:
    # 400 is not retried: the first three requests fail at once, the rest are answered.
    with ScriptedEndpoint(gold_answers(mini_data, ["blocksworld-ground"]), fail_first=3, fail_status=400) as endpoint:
        output = _eval(
            mini_data,
            tmp_path,
            endpoint.url,
            ("blocksworld-ground",),
            "--limit",
            "10",
            "--concurrency",
            "1",
            exit_code=INCOMPLETE_EXIT,
        )
    assert "3 API failure(s), not scored" in output
    results = _results(tmp_path)
    failures = results["run"]["api_failures"]
    assert failures["n"] == 3 and failures["by_config"] == {"blocksworld-ground": 3}
    assert "HTTPError" in failures["rows"][0]["error"]
    config = results["configs"]["blocksworld-ground"]
    assert config["counts"]["n"] == 7 and config["counts"]["missing"] == 0
    assert config["metrics"]["all"]["accuracy"]["value"] == 1.0  # failures are not wrong answers
    with ScriptedEndpoint(gold_answers(mini_data, ["blocksworld-ground"])) as again:
        _eval(mini_data, tmp_path, again.url, ("blocksworld-ground",), "--limit", "10")
    assert again.requests == 3 and _results(tmp_path)["run"]["api_failures"]["n"] == 0


def test_a_server_error_is_retried_with_backoff() -> None:
    from planarium_agents.openai_agent import OpenAIChat

    with ScriptedEndpoint(canned("Yes"), fail_first=2, fail_status=503, retry_after_ms=10) as endpoint:
        completion = OpenAIChat(endpoint.url, retries=2).complete({"model": "m", "messages": []})
    assert completion.text == "Yes" and endpoint.requests == 3


def test_episodes_play_in_process_and_through_the_server_alike(mini_data: Path, tmp_path: Path) -> None:
    reply = canned(json.dumps({"plan": [{"action": "teleport", "parameters": {}}]}))
    config = ("blocksworld-episodes",)
    with ScriptedEndpoint(reply) as endpoint:
        _eval(mini_data, tmp_path / "local", endpoint.url, config, "--limit", "2", "--settings", '{"max_steps": 2}')
        server = start_server(mini_data, port=0, log=tmp_path / "server.jsonl")
        try:
            _eval(
                mini_data,
                tmp_path / "remote",
                endpoint.url,
                config,
                "--limit",
                "2",
                "--settings",
                '{"max_steps": 2}',
                "--server",
                server.url,
                "--no-cache",
            )
        finally:
            server.shutdown()
    local = (tmp_path / "local" / "predictions.jsonl").read_text()
    assert local == (tmp_path / "remote" / "predictions.jsonl").read_text()
    lines = [json.loads(line) for line in local.splitlines()]
    assert len(lines) == 2 and all(line["model"] == "openai:scripted" for line in lines)
    assert _results(tmp_path / "local")["configs"][config[0]]["metrics"]["all"]["success"]["value"] == 0.0
    # max_steps 2 is not ViPlan's setting (0: no limit but the episode's own): off its protocol
    for folder in ("local", "remote"):
        protocol = _results(tmp_path / folder)["configs"][config[0]]["protocol"]
        assert protocol == {"on": False, "departures": {"max_steps": 2}}


def test_a_variant_the_config_lacks_names_the_columns_it_has(mini_data: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, _args(mini_data, tmp_path, "http://127.0.0.1:9/v1", ("blocksworld-ground",), "--variant", "fewshot")
    )
    assert result.exit_code == 1
    assert "config 'blocksworld-ground' has no 'fewshot' prompt column; it has: prompt, cot" in result.output


@pytest.mark.parametrize("model", ["gpt", "anthropic:claude", "openai:"])
def test_a_model_without_a_provider_is_refused(mini_data: Path, tmp_path: Path, model: str) -> None:
    args = ["eval", "--model", model, "--configs", "blocksworld-ground", "--data", str(mini_data)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1 and "expected openai:NAME or vllm:NAME" in result.output


def test_vllm_without_vllm_installed_says_how_to_install(mini_data: Path, tmp_path: Path) -> None:
    try:
        import vllm  # noqa: F401
    except ImportError:
        args = [
            "eval",
            "--model",
            "vllm:some/model",
            "--configs",
            "blocksworld-ground",
            "--data",
            str(mini_data),
            "--out",
            str(tmp_path),
        ]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1 and "pip install 'planarium[vllm]'" in result.output
    else:  # a machine with vLLM installed would load weights here; nothing to check offline
        pytest.skip("vLLM is installed: making the model would load weights")


def test_sampling_paper_sends_each_configs_papers_sampling_and_records_it(mini_data: Path, tmp_path: Path) -> None:
    configs = ("blocksworld-ground", "slidegeom-describe")
    with ScriptedEndpoint(canned("Yes")) as endpoint:
        _eval(mini_data, tmp_path, endpoint.url, configs, "--limit", "1", "--sampling", "paper")
    ground, describe = sorted(endpoint.bodies, key=lambda body: body["temperature"])
    # ViPlan, section 4.3: temperature 0; iVISPAR, section 4.3: 1.0, top-p 0.95, top-k 50 (open models)
    assert ground["temperature"] == 0.0 and "top_p" not in ground and "top_k" not in ground
    assert (describe["temperature"], describe["top_p"], describe["top_k"]) == (1.0, 0.95, 50)
    settings = _results(tmp_path)["run"]["settings"]
    assert settings["sampling_source"] == "paper"
    assert settings["sampling_by_config"]["slidegeom-describe"] == {
        "temperature": 1.0,
        "max_tokens": 1024,
        "top_p": 0.95,
        "top_k": 50,
    }
    assert settings["sampling_by_config"]["blocksworld-ground"] == {"temperature": 0.0, "max_tokens": 1024}
    # each paper's sampling and the paper's prompt: on the protocol (issue 30 item 4)
    configs = _results(tmp_path)["configs"]
    assert [configs[name]["protocol"] for name in ("blocksworld-ground", "slidegeom-describe")] == [
        {"on": True, "departures": {}}
    ] * 2


def test_the_papers_sampling_is_the_default(mini_data: Path, tmp_path: Path) -> None:
    with ScriptedEndpoint(canned("Yes")) as endpoint:
        _eval(mini_data, tmp_path, endpoint.url, ("slidegeom-describe", "acp-hard"), "--limit", "1")
    describe, acp = sorted(endpoint.bodies, key=lambda body: -body["temperature"])
    assert (describe["temperature"], describe["top_p"], describe["top_k"]) == (1.0, 0.95, 50)
    # ACPBench's lm-eval task files: greedy, at most 1,000 new tokens, their stop strings
    assert (acp["temperature"], acp["max_tokens"]) == (0.0, 1000)
    assert acp["stop"] == ["\n\n\n\n", "**Question**:", "**Question:**", "Q:"]
    results = _results(tmp_path)
    assert results["run"]["settings"]["sampling_source"] == "paper"
    assert [results["configs"][name]["protocol"]["on"] for name in ("slidegeom-describe", "acp-hard")] == [True] * 2


def test_sampling_default_is_temperature_0_for_every_config(mini_data: Path, tmp_path: Path) -> None:
    with ScriptedEndpoint(canned("Yes")) as endpoint:
        _eval(mini_data, tmp_path, endpoint.url, ("slidegeom-describe",), "--limit", "1", "--sampling", "default")
    assert [body["temperature"] for body in endpoint.bodies] == [0.0] and "top_k" not in endpoint.bodies[0]
    settings = _results(tmp_path)["run"]["settings"]
    assert settings["sampling_source"] == "default"
    assert settings["sampling_by_config"] == {"slidegeom-describe": {"temperature": 0.0, "max_tokens": 1024}}
    # iVISPAR sampled at temperature 1.0: temperature 0 is off its protocol, and results.json says so
    protocol = _results(tmp_path)["configs"]["slidegeom-describe"]["protocol"]
    assert protocol == {"on": False, "departures": {"sampling": {"temperature": 0.0}}}


def test_a_temperature_with_paper_sampling_is_refused(mini_data: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        _args(
            mini_data,
            tmp_path,
            "http://127.0.0.1:9",
            ("slidegeom-describe",),
            "--sampling",
            "paper",
            "--temperature",
            "0.7",
        ),
    )
    assert result.exit_code == 2 and "--temperature sets --sampling default" in result.output


def test_the_pddl_only_variant_of_a_visual_config_sends_no_image(mini_data: Path, tmp_path: Path) -> None:
    with ScriptedEndpoint(canned("None")) as endpoint:
        _eval(mini_data, tmp_path / "nl", endpoint.url, ("blocksworld-acp",), "--limit", "1")
        _eval(
            mini_data, tmp_path / "pddl", endpoint.url, ("blocksworld-acp",), "--limit", "1", "--variant", "pddl_only"
        )
    with_image, pddl_only = endpoint.bodies
    parts = [part["type"] for part in with_image["messages"][-1]["content"]]
    assert parts.count("image_url") == 1
    [only] = pddl_only["messages"][-1]["content"]
    assert only["type"] == "text" and only["text"].startswith("PDDL domain:")


def test_the_executor_changes_where_rows_run_not_what_is_written(mini_data: Path, tmp_path: Path) -> None:
    configs = ("blocksworld-ground", "acp-hard", "blocksworld-episodes")
    episode_reply = json.dumps({"plan": [{"action": "teleport", "parameters": {}}]})
    answer = gold_answers(mini_data, configs[:2], fallback=episode_reply)
    runs = {}
    with ScriptedEndpoint(answer) as endpoint:
        for executor in ("local:1", "local:2"):
            out = tmp_path / executor.replace(":", "-")
            extra = ("--limit", "6", "--settings", '{"max_steps": 2}', "--executor", executor, "--no-cache")
            _eval(mini_data, out, endpoint.url, configs, *extra)
            results = _results(out)
            rows = [
                {k: v for k, v in json.loads(line).items() if k != "run_id"}
                for line in (out / "results.rows.jsonl").read_text().splitlines()
            ]
            runs[executor] = ((out / "predictions.jsonl").read_bytes(), results["configs"], rows)
        assert endpoint.requests >= 2 * (6 + 6 + 6)
    assert runs["local:1"] == runs["local:2"]
    predictions, reports, _ = runs["local:2"]
    assert len(predictions.splitlines()) == 18
    assert reports["blocksworld-ground"]["metrics"]["all"]["accuracy"]["value"] == 1.0
    assert reports["blocksworld-episodes"]["metrics"]["all"]["success"]["value"] == 0.0


def test_a_bad_executor_is_one_line(mini_data: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, _args(mini_data, tmp_path, "http://127.0.0.1:9", ("blocksworld-ground",), "--executor", "local:x")
    )
    assert result.exit_code != 0 and "local:x" in result.output and "Traceback" not in result.output
