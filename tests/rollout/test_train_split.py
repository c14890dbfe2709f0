"""Train splits on the server: a row of ``planarium build --split train`` opens by id over HTTP and
by config, split and seed over OpenEnv's WebSocket and its HTTP routes, and plays to the end."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from rollout_client import Client, StartServer, gold_replies, log_lines
from websockets.sync.client import connect

from scorer.io.dataset import KeyRow, load_keys
from scorer.scoring.run import score_file
from tests.rollout.conftest import TRAIN_CONFIG

HANG_S = 120  # a bound on a hang, not a speed target


def _train_rows(data: Path) -> dict[str, KeyRow]:
    return load_keys(data, "train").rows


def test_a_train_row_opens_by_id_plays_to_the_end_and_scores(
    start: StartServer, train_data: Path, tmp_path: Path
) -> None:
    server = start(data=train_data)
    row = next(iter(_train_rows(train_data).values()))
    assert row.id.startswith(f"{TRAIN_CONFIG}/train/")  # a drawn row: its id names the seed
    client = Client(server.url)
    opened = client.open(row.id)
    results = [client.step(opened["episode_id"], reply) for reply in gold_replies(row)]
    assert results[-1]["terminated"] and not any(result["terminated"] for result in results[:-1])
    [line] = log_lines(server.service.log.path)
    assert (line["id"], line["episode"]["end"]) == (row.id, "finished")
    run = score_file(server.service.log.path, train_data, tmp_path / "results.json", split="train")
    assert {scored.id: judgement.score for scored, judgement in run.grading.rows}[row.id] == 1.0


def test_an_openenv_session_resets_on_train_by_seed_and_plays_to_reward_one(
    start: StartServer, train_data: Path
) -> None:
    server = start(data=train_data)
    rows = _train_rows(train_data)
    seed = 5
    # The row the gymnasium environment draws from this seed (scorer.training.gym_env): the same pick.
    expected = sorted(rows)[int(np.random.default_rng(seed).integers(len(rows)))]
    with connect(server.url.replace("http://", "ws://") + "/ws", max_size=None) as socket:
        socket.send(json.dumps({"type": "reset", "data": {"config": TRAIN_CONFIG, "split": "train", "seed": seed}}))
        opened = json.loads(socket.recv(timeout=HANG_S))
        assert opened["type"] == "observation", opened
        rewards = []
        for reply in gold_replies(rows[expected]):
            socket.send(json.dumps({"type": "step", "data": {"reply": reply}}))
            rewards.append(json.loads(socket.recv(timeout=HANG_S))["data"]["reward"])
        socket.send(json.dumps({"type": "state"}))
        state = json.loads(socket.recv(timeout=HANG_S))["data"]
    assert sum(rewards) == 1.0 and rewards[-1] == 1.0
    assert (state["id"], state["done"], state["outcome"]["success"]) == (expected, True, True)


def test_openenvs_http_reset_takes_a_train_index_and_says_which_splits_a_config_has(
    start: StartServer, train_data: Path
) -> None:
    server = start(data=train_data)
    client = Client(server.url)
    status, opened = client.call("POST", "/reset", {"config": TRAIN_CONFIG, "split": "train", "index": 1})
    assert status == 200 and not opened["done"]
    assert client.call("GET", "/state")[1]["id"] == sorted(_train_rows(train_data))[1]
    status, refused = client.call("POST", "/reset", {"config": "blocksworld-episodes", "split": "train", "index": 0})
    assert status == 404 and "the data holds its test, dev split(s)" in refused["error"]
    assert "planarium build --split train" in refused["error"]
    status, missing = client.call("POST", "/episodes", {"id": f"{TRAIN_CONFIG}/train/s7-0000099"})
    assert status == 404 and "in the data's splits (test, dev, train)" in missing["error"]
