"""Playing an episode over HTTP: the gold plan succeeds, is logged as one line, and scores 1.0."""

from __future__ import annotations

import base64
from pathlib import Path

from rollout_client import Client, gold_replies, log_lines

from scorer.io.dataset import load_keys
from scorer.rollout import RolloutServer
from scorer.scoring.run import score_file

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_gold_episode_terminates_is_logged_and_scores_one(
    server: RolloutServer, episode_data: Path, tmp_path: Path
) -> None:
    row = next(iter(load_keys(episode_data, "test").rows.values()))
    client = Client(server.url)
    opened = client.open(row.id)
    observation = opened["observation"]
    assert observation["text"].count("<image>") == len(observation["images"]) == 1
    assert base64.b64decode(observation["images"][0]).startswith(PNG_SIGNATURE)
    assert opened["info"]["settings"]["mode"] == "planner"
    system, user = observation["messages"]  # the prompt with its roles, as ViPlan's code sent it
    assert (system["role"], user["role"]) == ("system", "user") and "<image>" in user["content"]
    assert observation["text"] == f"{system['content']}\n\n{user['content']}"
    replies = gold_replies(row)
    results = [client.step(opened["episode_id"], reply) for reply in replies]
    assert all(not r["terminated"] and r["observation"]["images"] for r in results[:-1])
    assert results[-1]["terminated"] and not results[-1]["truncated"]
    final = results[-1]["observation"]  # gymnasium's convention: the final observation, not null
    assert final["text"].count("<image>") == len(final["images"]) == 1
    assert final["images"] != observation["images"]  # the goal state, not the start

    status, transcript = client.call("GET", f"/episodes/{opened['episode_id']}/transcript")
    assert status == 200 and transcript["id"] == row.id and transcript["done"]
    assert transcript["first_observation"] == observation["text"]
    assert [step["reply"] for step in transcript["steps"]] == replies
    assert [step["info"] for step in transcript["steps"]] == [r["info"] for r in results]
    assert transcript["steps"][-1]["observation"] == final["text"] and transcript["steps"][-1]["terminated"]

    status, state = client.call("GET", f"/episodes/{opened['episode_id']}")
    assert status == 200 and state["done"] and state["steps"] == len(replies) and state["outcome"]["success"]
    [line] = log_lines(server.service.log.path)
    assert line == state["log"]
    assert line["id"] == row.id and line["model"] == "test-model"
    assert line["episode"]["replies"] == replies and line["episode"]["end"] == "finished"

    run = score_file(server.service.log.path, episode_data, tmp_path / "results.json")
    judgements = {scored_row.id: judgement for scored_row, judgement in run.grading.rows}
    assert judgements[row.id].score == 1.0 and judgements[row.id].reason == "success"
    assert all(v.reason == "missing" for row_id, v in judgements.items() if row_id != row.id)
    assert run.problems == []


def test_health_counts_running_episodes_and_dev_rows_are_playable(server: RolloutServer, episode_data: Path) -> None:
    client = Client(server.url)
    status, health = client.call("GET", "/health")
    n_rows = len(load_keys(episode_data, "test").rows) + len(load_keys(episode_data, "dev").rows)
    assert status == 200 and health["status"] == "ok" and health["episodes"] == 0 and health["rows"] == n_rows
    dev_row = next(iter(load_keys(episode_data, "dev").rows))
    client.open(dev_row, {"output": "action", "cot": True})
    assert client.call("GET", "/health")[1]["episodes"] == 1


def test_action_output_mode_plays_one_action_per_reply(server: RolloutServer, episode_data: Path) -> None:
    row = next(iter(load_keys(episode_data, "test").rows.values()))
    client = Client(server.url)
    episode_id = client.open(row.id, {"output": "action"})["episode_id"]
    first = row.answer_key["optimal_plan"][0]
    _, block, column = first.strip("()").split()
    result = client.step(
        episode_id, f'{{"action": "moveblock", "parameters": {{"block": "{block}", "column": "{column}"}}}}'
    )
    assert result["info"]["outcome"] == "success" and result["info"]["step"] == 1
