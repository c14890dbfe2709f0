"""The verifiers adapter (adapters/verifiers_env): real ``verifiers`` rollouts against the
scripted OpenAI-compatible endpoint, on the session's mini build.

A question config (a SingleTurnEnv) and an episode config (a MultiTurnEnv whose
``env_response`` steps the episode engine) are evaluated on a few rows: gold replies earn
reward 1, a wrong reply 0, and every rollout's reward equals the score ``score`` writes for
the same reply (a question) or the same replies (an episode's log). The requests carry the
rows' prompts as ``planarium eval`` sends them (images as ``image_url`` data parts).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

vf = pytest.importorskip(
    "verifiers", reason="the verifiers adapter's tests need the verifiers package (pip install 'planarium[verifiers]')"
)
if not hasattr(vf, "SingleTurnEnv"):  # verifiers 0.4 dropped the classic stack the adapter is built on
    pytest.skip(
        f"verifiers {vf.__version__} has no classic stack (SingleTurnEnv): needs verifiers<0.4", allow_module_level=True
    )

from openai import AsyncOpenAI  # noqa: E402

from scorer.episodes.engine import make_episode  # noqa: E402
from scorer.io.dataset import KeyRow, load_keys  # noqa: E402
from scorer.registry import task_kinds  # noqa: E402
from scorer.scoring.run import score_file  # noqa: E402
from tests.support.scripted_endpoint import ScriptedEndpoint, canned  # noqa: E402

ADAPTER = Path(__file__).resolve().parents[2] / "adapters" / "verifiers_env"
sys.path.insert(0, str(ADAPTER))
import planarium_verifiers  # noqa: E402

QUESTION_CONFIG = "blocksworld-acp"
EPISODE_CONFIG = "blocksworld-episodes"
ROWS = 3
WRONG = "xyzzy plugh"


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


def _gold_replies(env: Any, rows: dict[str, KeyRow]) -> Callable[[dict[str, Any]], str]:
    """Answers each request with its row's gold reply (an episode's: the one for its turn)."""
    replies: dict[str, list[str]] = {}
    for record in env.get_eval_dataset().to_list():
        row = rows[record["info"]["id"]]
        gold = task_kinds()[row.task].reference("gold", row)
        opening = _opening(env.prompts[row.id])
        replies[opening] = gold["episode"]["replies"] if row.task == "episode" else [gold["response"]]

    def answer(body: dict[str, Any]) -> str:
        turn = sum(message["role"] == "assistant" for message in body["messages"])
        return replies[_opening(body["messages"])][turn]

    return answer


def _evaluate(env: Any, endpoint: ScriptedEndpoint) -> list[dict[str, Any]]:
    client = vf.OpenAIChatCompletionsClient(AsyncOpenAI(base_url=endpoint.url, api_key="test", max_retries=0))
    results = env.evaluate_sync(client, model="scripted", num_examples=ROWS)
    return list(results["outputs"])


def _assistant_texts(completion: list[Any]) -> list[str]:
    texts = []
    for message in completion:
        message = message if isinstance(message, dict) else message.model_dump()
        if message["role"] == "assistant":
            texts.append(message["content"] or "")
    return texts


def _scores(outputs: list[dict[str, Any]], rows: dict[str, KeyRow], data: Path, tmp_path: Path) -> dict[str, float]:
    """What ``score`` writes for the replies the rollouts made."""
    path = tmp_path / "predictions.jsonl"
    with path.open("w") as out:
        for output in outputs:
            row = rows[output["info"]["id"]]
            texts = _assistant_texts(output["completion"])
            if row.task == "episode":
                episode = {"settings": make_episode(row).settings, "replies": texts}
                out.write(json.dumps({"id": row.id, "episode": episode}) + "\n")
            else:
                out.write(json.dumps({"id": row.id, "response": texts[-1]}) + "\n")
    run = score_file(path, data, tmp_path / "results.json", keep_rows=False)
    return {line["id"]: line["score"] for line in map(json.loads, run.rows_path.read_text().splitlines())}


@pytest.mark.parametrize("config", [QUESTION_CONFIG, EPISODE_CONFIG])
@pytest.mark.parametrize("kind", ["gold", "wrong"])
def test_rollouts_earn_the_verdicts_score_gives(config: str, kind: str, mini_data: Path, tmp_path: Path) -> None:
    rows = {row.id: row for row in load_keys(mini_data, "test", {config}).rows.values() if row.config == config}
    env = planarium_verifiers.load_environment(config, data=mini_data, num_examples=ROWS)
    expected_type = planarium_verifiers.EpisodeEnv if config == EPISODE_CONFIG else vf.SingleTurnEnv
    assert isinstance(env, expected_type)
    with ScriptedEndpoint(_gold_replies(env, rows) if kind == "gold" else canned(WRONG)) as endpoint:
        outputs = _evaluate(env, endpoint)
        bodies = endpoint.bodies
    assert len(outputs) == ROWS
    assert all(output.get("error") is None for output in outputs), outputs
    rewards = {output["info"]["id"]: output["reward"] for output in outputs}
    assert set(rewards.values()) == {1.0 if kind == "gold" else 0.0}, rewards
    scores = _scores(outputs, rows, mini_data, tmp_path)  # the config's other rows score as missing
    assert rewards == {row_id: scores[row_id] for row_id in rewards}
    # The first request of each row is the prompt eval sends, images as data: URL parts.
    openings = {_opening(body["messages"]) for body in bodies}
    assert openings == {_opening(env.prompts[row_id]) for row_id in rewards}
    if config == EPISODE_CONFIG:
        assert any("data:image/png;base64," in opening for opening in openings)
        if kind == "gold":  # the episode took more than one turn: env_response stepped it
            assert len(bodies) > ROWS
        assert all(output["is_completed"] for output in outputs)
