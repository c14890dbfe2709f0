"""A sampled ``planarium eval`` samples: at temperature > 0 every model turn reaches the
endpoint (the cache keys a request by its row, episode step and sample index), a rerun into
the same --out asks nothing again, and at temperature 0 a prompt seen before is still
answered from the cache. The endpoint counts the requests it gets."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from scorer.cli import main
from tests.planarium_agents.test_eval import kill_when_stalled
from tests.support.scripted_endpoint import ScriptedEndpoint, canned

EPISODES = "slidegeom-episodes"
NO_MOVE = canned("I do not know.")  # a model stuck in its state: every turn sees the same prompt again


def _args(data: Path, out: Path, url: str, *extra: str) -> list[str]:
    args = ["eval", "--model", "openai:m", "--base-url", url, "--configs", EPISODES, "--data", str(data)]
    return [*args, "--out", str(out), "--limit", "2", "--quiet", *extra]


def _eval(data: Path, out: Path, url: str, *extra: str) -> str:
    result = CliRunner().invoke(main, _args(data, out, url, *extra))
    assert result.exit_code == 0, result.output
    return result.output


def _turns(out: Path) -> int:
    """The model turns the episodes of predictions.jsonl took: one reply each."""
    lines = [json.loads(line) for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert len(lines) == 2
    return sum(len(line["episode"]["replies"]) for line in lines)


def test_a_sampled_eval_asks_every_turn_and_a_rerun_asks_nothing(mini_data: Path, tmp_path: Path) -> None:
    with ScriptedEndpoint(NO_MOVE) as first:
        _eval(mini_data, tmp_path, first.url)
    assert {body["temperature"] for body in first.bodies} == {1.0}  # iVISPAR's sampling, the default
    turns = _turns(tmp_path)
    assert turns > 2 and first.requests == turns, (
        f"{first.requests} requests for {turns} turns: a turn was answered from the cache instead of sampled"
    )

    with ScriptedEndpoint(NO_MOVE) as second:  # the same command again: everything is in the cache
        output = _eval(mini_data, tmp_path, second.url)
    assert second.requests == 0 and f"{turns} cached response(s) reused" in output


def test_at_temperature_0_a_prompt_seen_before_is_answered_from_the_cache(mini_data: Path, tmp_path: Path) -> None:
    with ScriptedEndpoint(NO_MOVE) as endpoint:
        output = _eval(mini_data, tmp_path, endpoint.url, "--sampling", "default")
    turns = _turns(tmp_path)
    # greedy decoding answers a prompt the same each time: one request per distinct prompt
    distinct = len({json.dumps(body["messages"], sort_keys=True) for body in endpoint.bodies})
    assert endpoint.requests == distinct < turns
    assert f"{turns - distinct} cached response(s) reused" in output


def test_a_killed_sampled_run_resumes_without_asking_again(mini_data: Path, tmp_path: Path) -> None:
    # One request at a time; the endpoint stalls on the 11th: ten turns are cached when we kill.
    with ScriptedEndpoint(NO_MOVE, stall_at=11) as first:
        kill_when_stalled(first, _args(mini_data, tmp_path, first.url, "--concurrency", "1"))
    with ScriptedEndpoint(NO_MOVE) as second:
        output = _eval(mini_data, tmp_path, second.url)
    turns = _turns(tmp_path)
    # the first episode is replayed from the cache up to where the kill stopped it, then sampled on
    assert second.requests == turns - 10 and "10 cached response(s) reused" in output
