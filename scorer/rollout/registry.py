"""The live episodes of a server, by episode id, under one registry lock.

Lock order, to rule out deadlock: an episode's own lock may be held while taking the
registry lock (to remove it), never the other way round; the registry lock is only
held for dictionary work, so episodes step in parallel.
"""

from __future__ import annotations

import threading
import time
import uuid
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from scorer.episodes.base import Episode
from scorer.rollout.errors import ApiError


@dataclass
class LiveEpisode:
    """One episode and what the server knows about it; fields below ``lock`` are guarded by it."""

    row_id: str
    model: str | None
    episode: Episode
    episode_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    last_seen: float = field(default_factory=time.monotonic)
    removed: bool = False  # ended and logged: a request that raced the removal is answered from the log
    first_observation: str = ""  # the first prompt's text, and each step after it: the transcript
    history: list[dict[str, Any]] = field(default_factory=list)

    def touch(self) -> None:
        self.last_seen = time.monotonic()


RETRY_AFTER_S = 1  # an episode step takes about that long; a client should not hammer sooner


class Registry:
    def __init__(self, max_active: int) -> None:
        self.max_active = max_active
        self._episodes: dict[str, LiveEpisode] = {}
        self._lock = threading.Lock()
        self._closed = False

    def add(self, live: LiveEpisode) -> None:
        with self._lock:
            self._refuse_if_full()
            self._episodes[live.episode_id] = live

    def close(self) -> list[LiveEpisode]:
        """Refuse new episodes from now on; the ones still here, for the caller to log."""
        with self._lock:
            self._closed = True
            return list(self._episodes.values())

    def check_room(self) -> None:
        with self._lock:
            self._refuse_if_full()

    def _refuse_if_full(self) -> None:
        if self._closed:
            raise ApiError(HTTPStatus.SERVICE_UNAVAILABLE, "the server is shutting down")
        if self._count_active() >= self.max_active:
            raise ApiError(
                HTTPStatus.SERVICE_UNAVAILABLE,
                f"{self.max_active} episodes are already running (--max-episodes); "
                "finish or DELETE one, or retry later",
                {"Retry-After": str(RETRY_AFTER_S)},
            )

    def get(self, episode_id: str) -> LiveEpisode:
        with self._lock:
            live = self._episodes.get(episode_id)
        if live is None:
            raise ApiError(
                HTTPStatus.NOT_FOUND,
                f"no episode {episode_id!r} (never started, or abandoned, expired or failed and removed)",
            )
        return live

    def remove(self, episode_id: str) -> None:
        with self._lock:
            self._episodes.pop(episode_id, None)

    def idle_since(self, cutoff: float) -> list[LiveEpisode]:
        """Episodes last seen before ``cutoff``; read without their locks, so callers check again."""
        with self._lock:
            return [live for live in self._episodes.values() if live.last_seen < cutoff]

    def count_active(self) -> int:
        with self._lock:
            return self._count_active()

    def _count_active(self) -> int:
        # Finished episodes leave at once (scorer.rollout.finished keeps their log lines), so
        # every episode here is running and counts against the limit.
        return len(self._episodes)
