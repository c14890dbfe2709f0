"""The response cache: SQLite on disk, keyed by model, sampling, prompt and image hashes.

Every answer is committed as soon as it arrives, so a run that is killed midway loses at
most the requests in flight, and the next run asks the model only for the rest; a rerun
of a finished run costs nothing. Failed requests are never stored: a rerun retries them.
The base URL is not part of the key: the same model served elsewhere answers the same.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from planarium_agents.eval.models import ChatModel, ChatRequest
from planarium_agents.openai_agent import Completion

CACHE_TABLE = "responses"
SCHEMA = f"""CREATE TABLE IF NOT EXISTS {CACHE_TABLE} (
    key TEXT PRIMARY KEY, model TEXT NOT NULL, sampling TEXT NOT NULL, prompt_sha256 TEXT NOT NULL,
    images_sha256 TEXT NOT NULL, answer_format_sha256 TEXT NOT NULL, response TEXT NOT NULL)"""


KEY_FIELDS = ("model", "sampling", "prompt_sha256", "images_sha256", "answer_format_sha256")
INSERT = f"INSERT OR REPLACE INTO {CACHE_TABLE} VALUES (?, ?, ?, ?, ?, ?, ?)"
DAMAGED_SUFFIX = ".damaged"


def _sha256(text: str | bytes) -> str:
    return hashlib.sha256(text.encode() if isinstance(text, str) else text).hexdigest()


def request_fields(model: str, sampling: dict[str, Any], request: ChatRequest) -> dict[str, str]:
    """The key's parts; images by the hash of their bytes (as base64 text), in order."""
    images = json.dumps([_sha256(image) for image in request.observation.get("images") or []])
    answer = request.answer_format
    return {
        "model": model,
        "sampling": json.dumps(sampling, sort_keys=True),
        "prompt_sha256": _sha256(json.dumps(_prompt(request))),
        "images_sha256": _sha256(images),
        "answer_format_sha256": _sha256(f"{answer.kind}:{answer.text}" if answer else ""),
    }


def _prompt(request: ChatRequest) -> Any:
    """What the request says: its messages with their roles, or (from before roles) its
    flat text and the system parts it is split by."""
    return request.observation.get("messages") or [request.observation["text"], list(request.system_prompts)]


class ResponseCache:
    """The cache at ``path``. A damaged file (truncated, zeroed, overwritten) is moved aside to
    ``<name>.damaged`` and every answer that can still be read from it is carried into a new
    one; ``recovered`` then says so in one line (None when the file was sound)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.recovered: str | None = None
        try:
            self._db = _open(path)
        except sqlite3.DatabaseError as error:
            self._db, self.recovered = _recover(path, error)
        self._lock = threading.Lock()

    @staticmethod
    def key(fields: dict[str, str]) -> str:
        return _sha256(json.dumps(fields, sort_keys=True))

    def get(self, fields: dict[str, str]) -> str | None:
        with self._lock:
            found = self._db.execute("SELECT response FROM responses WHERE key = ?", (self.key(fields),)).fetchone()
        return found[0] if found else None

    def put(self, fields: dict[str, str], response: str) -> None:
        with self._lock:
            self._db.execute(INSERT, (self.key(fields), *(fields[name] for name in KEY_FIELDS), response))

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM responses").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _open(path: Path) -> sqlite3.Connection:
    """A connection to a sound cache at ``path`` (made if absent); a DatabaseError if it is damaged."""
    # One connection shared by the request threads, serialised by a lock.
    # Several eval processes may write at once (--executor): wait for each other's commits.
    db = sqlite3.connect(path, timeout=60, check_same_thread=False, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(SCHEMA)
        verdict = db.execute("PRAGMA quick_check").fetchone()[0]
        if verdict != "ok":
            raise sqlite3.DatabaseError(verdict)
    except sqlite3.DatabaseError:
        db.close()
        raise
    return db


def _recover(path: Path, error: sqlite3.DatabaseError) -> tuple[sqlite3.Connection, str]:
    """Move the damaged cache aside, start a new one with every answer still readable in it."""
    damaged = path.with_name(path.name + DAMAGED_SUFFIX)
    for suffix in ("", "-wal", "-shm"):  # SQLite's side files go with it
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.replace(damaged.with_name(damaged.name + suffix))
    rows = _readable_rows(damaged)
    db = _open(path)
    db.executemany(INSERT, rows)
    note = (
        f"the response cache {path} was damaged ({error}); moved it to {damaged} and kept the "
        f"{len(rows):,} answer(s) that could still be read (the others are asked again; --no-cache skips the cache)"
    )
    return db, note


def _readable_rows(path: Path) -> list[tuple[str, ...]]:
    """The rows of a damaged cache that can be read and whose key matches their fields: read
    from the first row forwards and from the last backwards, each until the damage stops it."""
    found: dict[str, tuple[str, ...]] = {}
    for order in ("ASC", "DESC"):
        try:
            db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        except sqlite3.DatabaseError:
            return []
        try:
            for row in db.execute(f"SELECT * FROM {CACHE_TABLE} ORDER BY rowid {order}"):
                if _sound(row):
                    found[row[0]] = tuple(row)
        except sqlite3.DatabaseError:
            pass  # the damage: what was read before it is kept
        finally:
            db.close()
    return list(found.values())


def _sound(row: Any) -> bool:
    if len(row) != 2 + len(KEY_FIELDS) or not all(isinstance(value, str) for value in row):
        return False
    return bool(row[0] == ResponseCache.key(dict(zip(KEY_FIELDS, row[1:-1]))))


class CachedModel:
    """A ChatModel that answers from the cache first and stores every new answer at once."""

    def __init__(self, model: ChatModel, cache: ResponseCache | None) -> None:
        self.model, self.cache = model, cache
        self.spec, self.sampling = model.spec, model.sampling
        self.hits = 0
        self._lock = threading.Lock()

    def complete(self, requests: Sequence[ChatRequest], on_each: Callable[[int, Completion], None]) -> None:
        if self.cache is None:
            self.model.complete(requests, on_each)
            return
        fields = [request_fields(str(self.spec), self.sampling.as_dict(), r) for r in requests]
        misses = []
        for index, key_fields in enumerate(fields):
            cached = self.cache.get(key_fields)
            if cached is None:
                misses.append(index)
                continue
            with self._lock:
                self.hits += 1
            on_each(index, Completion(cached))

        def store(position: int, completion: Completion) -> None:
            index = misses[position]
            if completion.text is not None and self.cache is not None:
                self.cache.put(fields[index], completion.text)
            on_each(index, completion)

        if misses:
            self.model.complete([requests[i] for i in misses], store)
