"""What the routes do to episodes: open, step, describe, abandon, expire; and the log lines.

Every operation on one episode holds that episode's lock, so its steps are serialised
and a removal cannot interleave with a step. Results are JSON-ready documents.

A finished episode is released from memory as soon as its log line is written; later
requests about it are answered from ``FinishedEpisodes`` (its log line while it is
recent, then 410 Gone pointing at the log).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from scorer import __version__
from scorer.episodes.base import SettingsError
from scorer.episodes.engine import make_episode, step_on_reply
from scorer.io.dataset import KeyRow
from scorer.io.predictions import MAX_EPISODE_REPLIES, MAX_EPISODE_REPLY_CHARS  # what score reads of an episode
from scorer.render.png import SERVE_LEVEL
from scorer.rollout.catalog import EPISODE_TASK, count_episode_rows, ordered_splits, split_of
from scorer.rollout.errors import ApiError
from scorer.rollout.finished import FinishedEpisodes
from scorer.rollout.log import EpisodeLog, log_record
from scorer.rollout.registry import LiveEpisode, Registry

# Above the 170 KB of a long chain-of-thought reply; with --max-episodes it bounds the server's memory.
DEFAULT_MAX_REPLY_BYTES = 256 * 1024


class EpisodeFailed(ApiError):
    """An episode raised while stepping; it has been logged with end "error" and removed."""


class EpisodeService:
    def __init__(
        self,
        rows: Mapping[str, KeyRow],
        log: EpisodeLog,
        max_active: int,
        timeout_s: float,
        max_reply_bytes: int = DEFAULT_MAX_REPLY_BYTES,
        png_level: int = SERVE_LEVEL,
    ) -> None:
        self.rows = rows
        self.log = log
        self.registry = Registry(max_active)
        self.finished = FinishedEpisodes(log.path)
        self.timeout_s = timeout_s
        self.max_reply_bytes = max_reply_bytes
        self.png_level = png_level  # observations' images: cheaper to encode than the build's (scorer.render.png)
        self.n_episode_rows = count_episode_rows(rows)
        self.splits = ordered_splits(split_of(row_id) for row_id in rows)

    def warm_up(self) -> int:
        """Open (and drop, unlogged) one episode per config and mode before the server listens:
        the imports, parsed tasks and drawing caches a first open would build are then built,
        so a cold burst of opens is answered at once. Returns how many were opened."""
        from scorer.registry import family_of

        first_rows: dict[str, KeyRow] = {}
        for row in self.rows.values():
            if row.task == EPISODE_TASK:
                first_rows.setdefault(row.config, row)
        opened = 0
        for row in first_rows.values():
            for mode in family_of(row.domain).modes:
                try:
                    episode = make_episode(row, {"mode": mode.name})
                except SettingsError:
                    continue  # a mode this row does not play
                observation, _ = episode.reset()
                observation.to_json(self.png_level)
                opened += 1
        return opened

    def open(self, row_id: str, settings: dict[str, Any], model: str | None) -> dict[str, Any]:
        self.registry.check_room()  # early, to skip building an episode; add() checks again under its lock
        row = self._row(row_id)
        try:
            episode = make_episode(row, settings)
        except SettingsError as error:
            raise ApiError(HTTPStatus.BAD_REQUEST, str(error)) from None
        observation, info = episode.reset()
        document = {"observation": observation.to_json(self.png_level), "info": info}
        live = LiveEpisode(row_id, model, episode, first_observation=observation.text)
        self.registry.add(live)
        return {"episode_id": live.episode_id, **document}

    def step(self, episode_id: str, reply: str, with_outcome: bool = False) -> dict[str, Any]:
        """The step's answer; ``with_outcome`` adds the engine's outcome so far (for a reward)."""
        live = self._live(episode_id)
        if live is None:
            raise ApiError(HTTPStatus.CONFLICT, f"episode {episode_id} is over; start a new one")
        with live.lock:
            self._check_present(live)
            live.touch()
            self._check_bounds(live, reply)
            document = self._step_or_fail(live, reply)
            if with_outcome:
                document["outcome"] = live.episode.outcome()
            if live.episode.done:
                self._release_finished(live)
            live.touch()  # a long step must not count as idle time
            return document

    def describe(self, episode_id: str) -> dict[str, Any]:
        return self._read(episode_id, "describe")

    def transcript(self, episode_id: str) -> dict[str, Any]:
        """The whole history, for a viewer: the first prompt, then each reply with its info and the
        observation it led to (texts; images are in the step answers)."""
        return self._read(episode_id, "transcript")

    def _read(self, episode_id: str, route: str) -> dict[str, Any]:
        live = self._live(episode_id)
        if live is None:
            return self._finished_document(episode_id, route)
        with live.lock:
            if live.removed and self.finished.get(episode_id) is not None:
                return self._finished_document(episode_id, route)  # it finished while we waited for its lock
            self._check_present(live)
            live.touch()
            return self._documents(live, None)[route]

    def abandon(self, episode_id: str) -> dict[str, Any]:
        live = self._live(episode_id)
        if live is None:
            self._finished_document(episode_id, "describe")  # 410 if it is gone
            self.finished.discard(episode_id)
            return {"episode_id": episode_id, "removed": True, "logged": False}
        with live.lock:
            self._check_present(live)
            self._remove(live, "abandoned")
        return {"episode_id": episode_id, "removed": True, "logged": True}

    def expire_idle(self) -> int:
        """Remove episodes idle for ``timeout_s``; unfinished ones are logged as expired."""
        cutoff = time.monotonic() - self.timeout_s
        expired = 0
        for live in self.registry.idle_since(cutoff):
            with live.lock:
                if live.removed or live.last_seen >= cutoff:  # a request came in meanwhile
                    continue
                self._remove(live, "expired")
                expired += 1
        return expired

    def close_all(self, end: str = "abandoned") -> None:
        """At shutdown: refuse new episodes and log every unfinished one with ``end``
        (abandoned, or interrupted by a signal)."""
        for live in self.registry.close():
            with live.lock:
                if not live.removed:
                    self._remove(live, end)

    def health(self) -> dict[str, Any]:
        return {
            "status": "ok",
            "episodes": self.registry.count_active(),
            "rows": self.n_episode_rows,
            "version": __version__,
        }

    def _row(self, row_id: str) -> KeyRow:
        row = self.rows.get(row_id)
        if row is None:
            held = ", ".join(self.splits)
            raise ApiError(HTTPStatus.NOT_FOUND, f"no row {row_id!r} in the data's splits ({held})")
        return row

    @staticmethod
    def _check_bounds(live: LiveEpisode, reply: str) -> None:
        """413 for a step past an episode's bounds: its log line would be more than score reads."""
        replies = live.episode.replies
        if len(replies) >= MAX_EPISODE_REPLIES:
            raise ApiError(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                f"episode {live.episode_id} has {len(replies):,} replies, the most an episode takes; "
                "DELETE it (logged as abandoned) and start a new one",
            )
        chars = sum(map(len, replies)) + len(reply)
        if chars > MAX_EPISODE_REPLY_CHARS:
            raise ApiError(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                f"episode {live.episode_id}'s replies would have {chars:,} characters in all with this one; "
                f"an episode takes at most {MAX_EPISODE_REPLY_CHARS:,}: send a shorter reply, or DELETE it",
            )

    def _step_or_fail(self, live: LiveEpisode, reply: str) -> dict[str, Any]:
        try:
            result = step_on_reply(live.episode, reply)
            observation = result.observation.to_json(self.png_level)
        except Exception as error:
            self._remove(live, "error")
            raise EpisodeFailed(
                HTTPStatus.INTERNAL_SERVER_ERROR,
                f"episode {live.episode_id} failed on this step ({type(error).__name__}: {error}); "
                "it was logged with end 'error' and removed",
            ) from error
        live.history.append(
            {
                "reply": reply,
                "info": result.info,
                "observation": result.observation.text,
                "terminated": result.terminated,
                "truncated": result.truncated,
            }
        )
        return {
            "observation": observation,
            "terminated": result.terminated,
            "truncated": result.truncated,
            "info": result.info,
        }

    def _live(self, episode_id: str) -> LiveEpisode | None:
        """The running episode; None if it finished (and is remembered); 404 or 410 otherwise."""
        try:
            return self.registry.get(episode_id)
        except ApiError:
            if self.finished.get(episode_id) is None:  # raises 410 if it finished long ago
                raise
            return None

    def _finished_document(self, episode_id: str, route: str) -> dict[str, Any]:
        documents = self.finished.get(episode_id)
        if documents is None:
            raise ApiError(HTTPStatus.NOT_FOUND, f"no episode {episode_id!r}")
        return documents[route]

    def _release_finished(self, live: LiveEpisode) -> None:
        """Log a finished episode, keep its GET answer among the recent ones, and free it."""
        record = self._record(live, "finished")
        self.log.append(record)
        # Remembered before it leaves the registry, so a concurrent GET always finds it somewhere.
        self.finished.add(live.episode_id, self._documents(live, record))
        live.removed = True
        self.registry.remove(live.episode_id)

    def _remove(self, live: LiveEpisode, end: str) -> None:
        """Take an unfinished ``live`` out of the registry (its lock held) and log it with ``end``."""
        live.removed = True
        self.registry.remove(live.episode_id)
        self.log.append(self._record(live, end))

    @staticmethod
    def _documents(live: LiveEpisode, record: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
        """What GET /episodes/{id} ("describe") and its /transcript answer; ``record``: the log line."""
        done = live.episode.done
        describe = {
            "episode_id": live.episode_id,
            "id": live.row_id,
            "done": done,
            "steps": len(live.episode.replies),
            "settings": live.episode.settings,
            "log": record,
            "outcome": live.episode.outcome() if done else None,
        }
        transcript = {
            "episode_id": live.episode_id,
            "id": live.row_id,
            "model": live.model,
            "settings": live.episode.settings,
            "done": done,
            "first_observation": live.first_observation,
            "steps": list(live.history),
        }
        return {"describe": describe, "transcript": transcript}

    @staticmethod
    def _record(live: LiveEpisode, end: str) -> dict[str, Any]:
        return log_record(live.row_id, live.model, live.episode.settings, live.episode.replies, end)

    def _check_present(self, live: LiveEpisode) -> None:
        if not live.removed:
            return
        # Removed between the registry lookup and taking its lock: finished, or ended otherwise.
        if self.finished.get(live.episode_id) is not None:
            raise ApiError(HTTPStatus.CONFLICT, f"episode {live.episode_id} is over; start a new one")
        raise ApiError(HTTPStatus.NOT_FOUND, f"episode {live.episode_id} was removed")
