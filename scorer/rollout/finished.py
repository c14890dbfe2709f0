"""Finished episodes, after they leave memory: their recent log lines, then only their ids.

An episode is released from the registry the moment its log line is written, so the
live set is bounded by ``--max-episodes``. What a client may still ask for (GET shows
the log line, DELETE says it was already logged) is answered from here: the GET
and transcript documents of the most recent finished episodes, kept as compact JSON within a byte
budget. Older ones keep only their id, so a request for them gets 410 Gone with a
pointer to the log file, which holds every line; beyond ``MAX_GONE_IDS`` even the id
is forgotten (404).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from http import HTTPStatus
from pathlib import Path
from typing import Any

from scorer.rollout.errors import ApiError

DEFAULT_BUDGET_BYTES = 16 << 20
MAX_GONE_IDS = 1 << 16  # ~100 bytes each: a few MB at most


class FinishedEpisodes:
    def __init__(self, log_path: Path, budget_bytes: int = DEFAULT_BUDGET_BYTES) -> None:
        self.log_path = log_path
        self.budget_bytes = budget_bytes
        self._documents: OrderedDict[str, bytes] = OrderedDict()  # oldest first
        self._gone: OrderedDict[str, None] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def add(self, episode_id: str, documents: dict[str, dict[str, Any]]) -> None:
        """``documents``: what each read route answers for it (e.g. "describe", "transcript")."""
        encoded = json.dumps(documents, ensure_ascii=True, separators=(",", ":")).encode("ascii")
        with self._lock:
            self._documents[episode_id] = encoded
            self._bytes += len(encoded)
            while self._bytes > self.budget_bytes and self._documents:
                oldest, dropped = self._documents.popitem(last=False)
                self._bytes -= len(dropped)
                self._forget(oldest)

    def get(self, episode_id: str) -> dict[str, dict[str, Any]] | None:
        """The documents of a finished episode; None if it never finished here; 410 if released."""
        with self._lock:
            encoded = self._documents.get(episode_id)
            gone = episode_id in self._gone
        if encoded is not None:
            return json.loads(encoded)
        if gone:
            raise ApiError(
                HTTPStatus.GONE,
                f"episode {episode_id} finished and its log line was written to "
                f"{self.log_path.name}; the server keeps only the most recent "
                "finished episodes in memory, so read it from the log",
            )
        return None

    def discard(self, episode_id: str) -> None:
        """A DELETE of a finished episode: its document goes, its id is remembered as gone."""
        with self._lock:
            encoded = self._documents.pop(episode_id, None)
            if encoded is not None:
                self._bytes -= len(encoded)
                self._forget(episode_id)

    def count(self) -> int:
        with self._lock:
            return len(self._documents)

    def _forget(self, episode_id: str) -> None:
        self._gone[episode_id] = None
        if len(self._gone) > MAX_GONE_IDS:
            self._gone.popitem(last=False)
