"""The verifiers adapter (adapters/verifiers_env): real ``verifiers`` (0.4, ``verifiers.v1``)
episodes against the scripted OpenAI-compatible endpoint, on the session's mini build.

A question config (one reply) and an episode config (an exchange in which the episode
engine plays the user) are evaluated on a few rows: gold replies earn reward 1, a wrong
reply 0, and every rollout's reward equals the score ``score`` writes for the same reply
(a question) or the same replies (an episode's log). The requests carry the rows' prompts
as ``planarium eval`` sends them (images as ``image_url`` data parts). The README's
snippet evaluates twice in one process and every rollout of both is scored.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorer.episodes.engine import make_episode
from scorer.io.dataset import KeyRow, load_keys
from scorer.registry import task_kinds
from scorer.scoring.run import score_file
from scorer.training.rewards import reward
from tests.support.scripted_endpoint import ScriptedEndpoint, canned

ADAPTER = Path(__file__).resolve().parents[2] / "adapters" / "verifiers_env"
QUESTION_CONFIG = "blocksworld-acp"
EPISODE_CONFIG = "blocksworld-episodes"
ROWS = 3
WRONG = "xyzzy plugh"


@pytest.fixture(scope="module")
def adapter() -> Any:
    """The adapter module (``planarium_verifiers``). Imported here, not at the module's top:
    verifiers pulls in anthropic, sympy and more (5 CPU s), which every xdist worker's
    collection paid; now only the worker that runs these tests does."""
    verifiers = pytest.importorskip(
        "verifiers", reason="the verifiers adapter's tests need verifiers>=0.4 (pip install 'planarium[verifiers]')"
    )
    if tuple(int(part) for part in verifiers.__version__.split(".")[:2]) < (0, 4):  # 0.3's v1 is another API
        pytest.skip(f"verifiers {verifiers.__version__}: the adapter needs verifiers>=0.4")
    if str(ADAPTER) not in sys.path:
        sys.path.insert(0, str(ADAPTER))
    import planarium_verifiers

    return planarium_verifiers


def _parts(content: Any) -> list[tuple[str, str]]:
    """A message's content as (kind, text or image URL) pairs, however it was sent."""
    if isinstance(content, str):
        return [("text", content)]
    return [("text", p["text"]) if p["type"] == "text" else ("image", p["image_url"]["url"]) for p in content]


def _opening(messages: list[dict[str, Any]]) -> str:
    """The request's first prompt (the messages before the first assistant reply)."""
    first = []
    for message in messages:
        if message["role"] == "assistant":
            break
        first.append((message["role"], _parts(message["content"])))
    return json.dumps(first)


def _prompts(env: Any) -> dict[str, str]:
    """Each task's prompt (the one eval sends), as ``_opening`` reads it, by row id."""
    from verifiers.v1.dialects.chat import message_to_wire

    return {task.data.id: _opening([message_to_wire(m) for m in task.data.prompt]) for task in env.taskset}


def _reference_replies(env: Any, rows: dict[str, KeyRow], kind: str = "gold") -> Callable[[dict[str, Any]], str]:
    """Answers each request with its row's gold (or wrong) reply, an episode's the one for its turn."""
    replies: dict[str, list[str]] = {}
    for row_id, opening in _prompts(env).items():
        row = rows[row_id]
        reference = task_kinds()[row.task].reference(kind, row)
        replies[opening] = reference["episode"]["replies"] if row.task == "episode" else [reference["response"]]

    def answer(body: dict[str, Any]) -> str:
        turn = sum(message["role"] == "assistant" for message in body["messages"])
        return replies[_opening(body["messages"])][turn]

    return answer


def _rows(data: Path, config: str) -> dict[str, KeyRow]:
    return {row.id: row for row in load_keys(data, "test", {config}).rows.values() if row.config == config}


def _scores(traces: list[Any], rows: dict[str, KeyRow], data: Path, tmp_path: Path) -> dict[str, float]:
    """What ``score`` writes for the replies the rollouts made."""
    path = tmp_path / "predictions.jsonl"
    with path.open("w") as out:
        for trace in traces:
            row = rows[trace.task.data.id]
            texts = [message.content or "" for message in trace.assistant_messages]
            if row.task == "episode":
                episode = {"settings": make_episode(row).settings, "replies": texts}
                out.write(json.dumps({"id": row.id, "episode": episode}) + "\n")
            else:
                out.write(json.dumps({"id": row.id, "response": texts[-1]}) + "\n")
    run = score_file(path, data, tmp_path / "results.json", keep_rows=False)
    return {line["id"]: line["score"] for line in map(json.loads, run.rows_path.read_text().splitlines())}


def _scored(episodes: list[Any]) -> list[Any]:
    """The episodes' traces, checked to have run and been scored without an error."""
    assert all(episode.ok and not episode.errors for episode in episodes), [e.errors for e in episodes]
    traces = [trace for episode in episodes for trace in episode.traces]
    assert len(traces) == len(episodes)
    assert all(trace.ok and not trace.errors and trace.rewards["planarium_reward"] is not None for trace in traces)
    return traces


@pytest.mark.parametrize("config", [QUESTION_CONFIG, EPISODE_CONFIG])
@pytest.mark.parametrize("kind", ["gold", "wrong"])
def test_rollouts_earn_the_verdicts_score_gives(
    adapter: Any, config: str, kind: str, mini_data: Path, tmp_path: Path
) -> None:
    rows = _rows(mini_data, config)
    env = adapter.load_environment(config, data=mini_data)
    import verifiers.v1 as vf

    assert isinstance(env, vf.Env) and env.config.env_id == adapter.TASKSET_ID
    with ScriptedEndpoint(_reference_replies(env, rows) if kind == "gold" else canned(WRONG)) as endpoint:
        episodes = adapter.evaluate(env, base_url=endpoint.url, model="scripted", num_examples=ROWS)
        bodies = endpoint.bodies
    traces = _scored(episodes)
    assert len(traces) == ROWS
    rewards = {trace.task.data.id: trace.reward for trace in traces}
    assert set(rewards.values()) == {1.0 if kind == "gold" else 0.0}, rewards
    scores = _scores(traces, rows, mini_data, tmp_path)  # the config's other rows score as missing
    assert rewards == {row_id: scores[row_id] for row_id in rewards}
    # The first request of each row is the prompt eval sends, images as data: URL parts.
    openings = {_opening(body["messages"]) for body in bodies}
    prompts = _prompts(env)
    assert openings == {prompts[row_id] for row_id in rewards}
    if config == EPISODE_CONFIG:
        assert any("data:image/png;base64," in opening for opening in openings)
        if kind == "gold":  # the episode took more than one turn: the engine answered each reply
            assert len(bodies) > ROWS
            gold = {row_id: task_kinds()["episode"].reference("gold", rows[row_id]) for row_id in rewards}
            assert all(trace.num_turns == len(gold[trace.task.data.id]["episode"]["replies"]) for trace in traces)


@pytest.mark.parametrize("config", [QUESTION_CONFIG, EPISODE_CONFIG])
def test_the_readme_snippet_evaluates_twice_in_one_process(adapter: Any, config: str, mini_data: Path) -> None:
    """verifiers 0.3's client died with the event loop of its first ``evaluate_sync``, and
    the second one's aborted rollouts were averaged in as reward 0: here both evaluations
    of one env score every row, each of its gold replies earning reward 1."""
    rows = _rows(mini_data, config)
    env = adapter.load_environment(config, split="test", data=mini_data)
    requests = []
    with ScriptedEndpoint(_reference_replies(env, rows)) as endpoint:
        for _ in range(2):
            traces = _scored(adapter.evaluate(env, base_url=endpoint.url, model="scripted", seed=0))
            assert sorted(trace.task.data.id for trace in traces) == sorted(rows)
            assert [trace.reward for trace in traces] == [1.0] * len(rows)
            requests.append(endpoint.requests)
    assert requests[1] == 2 * requests[0] >= 2 * len(rows)


def test_episode_settings_reach_the_engine_and_the_reward(adapter: Any, mini_data: Path) -> None:
    """Also: ``num_rollouts`` plays each task that many times (a trainer's group)."""
    settings = {"mode": "planner", "stop_on_unparsable": True}
    rows = _rows(mini_data, EPISODE_CONFIG)
    env = adapter.load_environment(EPISODE_CONFIG, data=mini_data, settings=settings)
    with ScriptedEndpoint(canned(WRONG)) as endpoint:
        episodes = adapter.evaluate(env, endpoint.url, "scripted", num_examples=ROWS, num_rollouts=2)
    traces = _scored(episodes)
    assert [trace.num_turns for trace in traces] == [1] * 2 * ROWS  # the unparsable reply ended each episode
    ids = [trace.task.data.id for trace in traces]
    assert ids[::2] == ids[1::2] and len(set(ids)) == ROWS  # two rollouts of each task, side by side
    for trace in traces:
        row = rows[trace.task.data.id]
        log = {"settings": make_episode(row, settings).settings, "replies": [WRONG]}
        assert trace.reward == reward(row, log).value


def test_shaped_rewards_are_the_shaped_formula(adapter: Any, mini_data: Path) -> None:
    rows = _rows(mini_data, QUESTION_CONFIG)
    env = adapter.load_environment(QUESTION_CONFIG, data=mini_data, shaped=True)
    with ScriptedEndpoint(_reference_replies(env, rows, "wrong")) as endpoint:
        traces = _scored(adapter.evaluate(env, base_url=endpoint.url, model="scripted", num_examples=ROWS))
    rewards = [trace.reward for trace in traces]
    expected = [
        reward(rows[trace.task.data.id], trace.assistant_messages[-1].content, shaped=True).value for trace in traces
    ]
    assert rewards == expected and any(0.0 < value < 1.0 for value in rewards), rewards


def test_verifiers_own_runner_finds_the_taskset_by_id(
    adapter: Any, mini_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What ``vf-eval planarium-verifiers --env.taskset.config ...`` runs: the env and harness
    come from the taskset's id, and the traces land under the output folder."""
    from verifiers.v1.cli.eval.runner import run_eval
    from verifiers.v1.configs.cli.eval import EvalConfig

    monkeypatch.delenv("VF_RUN_ID", raising=False)  # the runner sets it for the process; undone after
    rows = _rows(mini_data, QUESTION_CONFIG)
    taskset = {"id": adapter.TASKSET_ID, "config": QUESTION_CONFIG, "data": str(mini_data)}
    with ScriptedEndpoint(
        _reference_replies(adapter.load_environment(QUESTION_CONFIG, data=mini_data), rows)
    ) as endpoint:
        config = EvalConfig(
            env={"taskset": taskset},
            model="scripted",
            client={"base_url": endpoint.url},
            select={"limit": ROWS},
            push=False,
            rich=None,
            output_dir=tmp_path,
        )
        traces = _scored(asyncio.run(run_eval(config)))
    assert [trace.reward for trace in traces] == [1.0] * ROWS
    assert {trace.agent.config.harness.id for trace in traces} == {adapter.TASKSET_ID}
    assert len(next(tmp_path.glob("*/traces.jsonl")).read_text().splitlines()) == ROWS


def test_a_failed_rollout_is_an_error_never_a_zero(adapter: Any, mini_data: Path) -> None:
    env = adapter.load_environment(QUESTION_CONFIG, data=mini_data)
    endpoint = ScriptedEndpoint(canned(WRONG), fail_first=10**6, fail_status=400)
    with endpoint, pytest.raises(adapter.EvaluationError, match=f"{ROWS} of {ROWS} rollouts") as failed:
        adapter.evaluate(env, base_url=endpoint.url, model="scripted", num_examples=ROWS)
    assert len(failed.value.episodes) == ROWS and not any(episode.ok for episode in failed.value.episodes)
