"""Many episodes at once: different episodes step in parallel, one episode's steps are serialised."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from rollout_client import Client, gold_replies, log_lines

from scorer.io.dataset import KeyRow, load_keys
from scorer.rollout import RolloutServer
from scorer.scoring.run import score_file

WRONG_REPLY = '{"plan": [{"action": "teleport", "parameters": {}}]}'


def _play_gold(url: str, row: KeyRow) -> bool:
    client = Client(url)
    episode_id = client.open(row.id)["episode_id"]
    results = [client.step(episode_id, reply) for reply in gold_replies(row)]
    return results[-1]["terminated"]


def test_every_row_played_concurrently_scores_one(server: RolloutServer, episode_data: Path, tmp_path: Path) -> None:
    splits = {split: load_keys(episode_data, split) for split in ("test", "dev")}
    rows = [row for dataset in splits.values() for row in dataset.rows.values()]
    with ThreadPoolExecutor(max_workers=len(rows)) as pool:
        assert all(pool.map(lambda row: _play_gold(server.url, row), rows))
    lines = log_lines(server.service.log.path)
    assert sorted(line["id"] for line in lines) == sorted(row.id for row in rows)
    for split, dataset in splits.items():
        run = score_file(server.service.log.path, episode_data, tmp_path / f"{split}.json", split)
        assert [v.score for _, v in run.grading.rows] == [1.0] * len(dataset.rows)
        assert {p.kind for p in run.problems} == {"unknown_id"}  # the other split's lines


def test_concurrent_steps_of_one_episode_are_serialised(server: RolloutServer, episode_data: Path) -> None:
    row = next(iter(load_keys(episode_data, "test").rows.values()))
    client = Client(server.url)
    episode_id = client.open(row.id)["episode_id"]
    n_steps = int(row.meta["max_steps"]) - 1  # stay short of the limit: every step must be answered 200
    with ThreadPoolExecutor(max_workers=n_steps) as pool:
        results = list(pool.map(lambda _: client.step(episode_id, WRONG_REPLY), range(n_steps)))
    assert sorted(r["info"]["step"] for r in results) == list(range(1, n_steps + 1))
    assert client.call("GET", f"/episodes/{episode_id}")[1]["steps"] == n_steps
