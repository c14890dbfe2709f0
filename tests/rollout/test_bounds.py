"""An episode's bounds (scorer.io.predictions): the server takes no step past MAX_EPISODE_REPLIES
replies or MAX_EPISODE_REPLY_CHARS characters of them (413, the episode left to DELETE), and
score reads no episode line beyond them, nor any line over MAX_LINE_BYTES, which it skips
unread, so neither's memory grows with a client that never stops."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest
from rollout_client import Client, StartServer, log_lines

from scorer.io import predictions
from scorer.io.predictions import index_predictions
from scorer.rollout import service

ROW = "blocksworld-episodes/test/0000"
LONG = {"output": "action", "max_steps": 50}  # an episode the bounds end before its own limit


def test_a_step_past_the_reply_bound_is_413_and_the_episode_stays_to_delete(
    start: StartServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "MAX_EPISODE_REPLIES", 3)
    server = start()
    client = Client(server.url)
    episode_id = client.open(ROW, LONG)["episode_id"]
    for _ in range(3):
        client.step(episode_id, "no action")
    status, refused = client.call("POST", f"/episodes/{episode_id}/step", {"reply": "no action"})
    assert status == 413 and refused["error"] == (
        f"episode {episode_id} has 3 replies, the most an episode takes; DELETE it (logged as abandoned) "
        "and start a new one"
    )
    assert client.call("DELETE", f"/episodes/{episode_id}")[0] == 200
    [line] = log_lines(server.service.log.path)
    assert (line["episode"]["end"], len(line["episode"]["replies"])) == ("abandoned", 3)


def test_a_step_past_the_character_bound_is_413(start: StartServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service, "MAX_EPISODE_REPLY_CHARS", 100)
    server = start()
    client = Client(server.url)
    episode_id = client.open(ROW, LONG)["episode_id"]
    client.step(episode_id, "x" * 60)
    status, refused = client.call("POST", f"/episodes/{episode_id}/step", {"reply": "y" * 41})
    assert (
        status == 413
        and "would have 101 characters in all with this one; an episode takes at most 100" in (refused["error"])
    )
    assert client.step(episode_id, "y" * 40)["info"]["step"] == 2  # up to the bound is taken


def _lines(path: Path, *documents: dict | str) -> Path:
    path.write_text("".join((d if isinstance(d, str) else json.dumps(d)) + "\n" for d in documents))
    return path


def test_score_reads_no_episode_line_beyond_the_bounds(tmp_path: Path) -> None:
    replies = ["r"] * (predictions.MAX_EPISODE_REPLIES + 1)
    wordy = ["w" * predictions.MAX_REPLY_CHARS] * (
        predictions.MAX_EPISODE_REPLY_CHARS // predictions.MAX_REPLY_CHARS + 1
    )
    path = _lines(
        tmp_path / "episodes.jsonl",
        {"id": "a", "episode": {"settings": {}, "replies": replies}},
        {"id": "b", "episode": {"settings": {}, "replies": wordy}},
        {"id": "c", "episode": {"settings": {}, "replies": ["r"] * predictions.MAX_EPISODE_REPLIES}},
    )
    with index_predictions(path) as index:
        assert list(index.places) == ["c"]
        first, second = (problem.message for problem in index.problems)
    assert first.startswith('line 1: "episode" has 10,001 replies; an episode has at most 10,000')
    assert second.startswith('line 2: "episode" replies have 4,200,000 characters in all; an episode has at most')


def test_score_skips_a_line_over_the_byte_bound_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(predictions, "MAX_LINE_BYTES", 1 << 20)
    flood = json.dumps({"id": "flood", "episode": {"settings": {}, "replies": ["x" * (1 << 16)] * 160}})
    path = _lines(tmp_path / "episodes.jsonl", flood, {"id": "after", "response": "yes"})
    tracemalloc.start()
    try:
        with index_predictions(path) as index:
            _, peak = tracemalloc.get_traced_memory()
            assert list(index.places) == ["after"] and index.take("after").response == "yes"  # type: ignore[union-attr]
            [problem] = index.problems
    finally:
        tracemalloc.stop()
    assert problem.message.startswith(
        f"line 1: {len(flood) + 1:,} bytes long; a line has at most 1,048,576"
    )  # its newline too
    assert peak < 4 * (1 << 20)  # the 10 MB line was never held: a chunk or two of it at a time
