"""The agents' HTTP client, recording what the server answered to each episode.

``planarium_agents.runner`` keeps only the finished log line; the conformance suite also needs
what the client saw on the way (the first observation, every step's answer) and the
outcome the server computed live, to hold a replay of the log against them.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from planarium_agents.client import RolloutClient
from scorer.io.dataset import KeyRow


@dataclass
class Transcript:
    row_id: str
    start: dict[str, Any]  # the answer to POST /episodes: observation and info
    steps: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (reply, answer to its step)
    shown: dict[str, Any] | None = None  # GET /episodes/<id> once the episode finished


@dataclass(frozen=True)
class Play:
    """One episode as the client lived it."""

    row: KeyRow
    log: dict[str, Any]  # the line the server logged: {"id", "model", "episode": {"settings", "replies", "end"}}
    start: dict[str, Any]
    steps: list[tuple[str, dict[str, Any]]]
    outcome: dict[str, Any]  # the server's outcome when the episode ended

    @property
    def settings(self) -> dict[str, Any]:
        return self.log["episode"]["settings"]

    @property
    def replies(self) -> list[str]:
        return self.log["episode"]["replies"]


class RecordingClient(RolloutClient):
    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.transcripts: dict[str, Transcript] = {}  # by the server's episode id
        self._lock = threading.Lock()  # the runner steps episodes from a thread pool

    def start(self, row_id: str, settings: dict[str, Any], model: str | None) -> dict[str, Any]:
        answer = super().start(row_id, settings, model)
        with self._lock:
            self.transcripts[answer["episode_id"]] = Transcript(row_id, answer)
        return answer

    def step(self, episode_id: str, reply: str) -> dict[str, Any]:
        answer = super().step(episode_id, reply)
        with self._lock:
            self.transcripts[episode_id].steps.append((reply, answer))
        return answer

    def show(self, episode_id: str) -> dict[str, Any]:
        answer = super().show(episode_id)
        with self._lock:
            self.transcripts[episode_id].shown = answer
        return answer

    def plays(self, rows: list[KeyRow], logs: list[dict[str, Any]]) -> list[Play]:
        """One play per row, pairing each finished log line with its transcript."""
        by_row = {t.row_id: t for t in self.transcripts.values()}
        logged = {line["id"]: line for line in logs}
        assert sorted(logged) == sorted(row.id for row in rows), "every played row must have one finished log line"
        plays = []
        for row in rows:
            transcript = by_row[row.id]
            assert transcript.shown is not None and transcript.shown["outcome"] is not None, row.id
            plays.append(Play(row, logged[row.id], transcript.start, transcript.steps, transcript.shown["outcome"]))
        return plays
