"""The response cache: SQLite on disk, keyed by model, sampling, prompt and image hashes,
and for a sampled request (temperature > 0) by its draw: row, episode step and sample index.

Every answer is committed as soon as it arrives, so a run that is killed midway loses at
most the requests in flight, and the next run asks the model only for the rest; a rerun
of a finished run costs nothing. Failed requests are never stored: a rerun retries them.
The base URL is not part of the key: the same model served elsewhere answers the same.

Why the draw: without it a sampled run answered a prompt it had seen before from the cache,
so a model stuck in a state repeated its first reply instead of being sampled again. With it
every turn of a sampled run reaches the model once, and a rerun of the same command still
finds every turn it asked. At temperature 0 the draw is left out: greedy decoding answers a
prompt the same wherever it is asked, so the cache keeps answering it across rows and runs.
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
# draw last: a cache made before draws existed gets the column added at the end (``_open``)
SCHEMA = f"""CREATE TABLE IF NOT EXISTS {CACHE_TABLE} (
    key TEXT PRIMARY KEY, model TEXT NOT NULL, sampling TEXT NOT NULL, prompt_sha256 TEXT NOT NULL,
    images_sha256 TEXT NOT NULL, answer_format_sha256 TEXT NOT NULL, response TEXT NOT NULL,
    draw TEXT NOT NULL DEFAULT '')"""
ADD_DRAW = f"ALTER TABLE {CACHE_TABLE} ADD COLUMN draw TEXT NOT NULL DEFAULT ''"


KEY_FIELDS = ("model", "sampling", "prompt_sha256", "images_sha256", "answer_format_sha256", "draw")
COLUMNS = ("key", *KEY_FIELDS, "response")
INSERT = f"INSERT OR REPLACE INTO {CACHE_TABLE} ({', '.join(COLUMNS)}) VALUES ({', '.join(':' + c for c in COLUMNS)})"
DAMAGED_SUFFIX = ".damaged"


def _sha256(text: str | bytes) -> str:
    return hashlib.sha256(text.encode() if isinstance(text, str) else text).hexdigest()


def request_fields(model: str, sampling: dict[str, Any], request: ChatRequest) -> dict[str, str]:
    """The key's parts; images by the hash of their bytes (as base64 text), in order; the
    draw only when the request is sampled (temperature > 0) and says which draw it is."""
    images = json.dumps([_sha256(image) for image in request.observation.get("images") or []])
    answer = request.answer_format
    sampled = float(sampling.get("temperature", 0.0)) > 0
    return {
        "model": model,
        "sampling": json.dumps(sampling, sort_keys=True),
        "prompt_sha256": _sha256(json.dumps(_prompt(request))),
        "images_sha256": _sha256(images),
        "answer_format_sha256": _sha256(f"{answer.kind}:{answer.text}" if answer else ""),
        "draw": request.draw.key() if sampled and request.draw else "",
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
        # No draw, no draw in the key: an unsampled request keeps the key it had before
        # draws existed, so older caches still answer it.
        return _sha256(
            json.dumps({name: value for name, value in fields.items() if name != "draw" or value}, sort_keys=True)
        )

    def get(self, fields: dict[str, str]) -> str | None:
        with self._lock:
            found = self._db.execute("SELECT response FROM responses WHERE key = ?", (self.key(fields),)).fetchone()
        return found[0] if found else None

    def put(self, fields: dict[str, str], response: str) -> None:
        with self._lock:
            self._db.execute(INSERT, _record(fields, response))

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
        if "draw" not in {column[1] for column in db.execute(f"PRAGMA table_info({CACHE_TABLE})")}:
            db.execute(ADD_DRAW)  # a cache from before draws: its answers are all undrawn
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


def _record(fields: dict[str, str], response: str) -> dict[str, str]:
    """The row to insert, by column; a request without a draw field is undrawn."""
    return {
        **{name: fields.get(name, "") for name in KEY_FIELDS},
        "key": ResponseCache.key(fields),
        "response": response,
    }


def _readable_rows(path: Path) -> list[dict[str, str]]:
    """The rows of a damaged cache that can be read and whose key matches their fields: read
    from the first row forwards and from the last backwards, each until the damage stops it.
    A cache from before draws has no draw column: its rows are undrawn."""
    found: dict[str, dict[str, str]] = {}
    for order in ("ASC", "DESC"):
        try:
            db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        except sqlite3.DatabaseError:
            return []
        db.row_factory = sqlite3.Row
        try:
            for row in db.execute(f"SELECT * FROM {CACHE_TABLE} ORDER BY rowid {order}"):
                record = {"draw": "", **dict(row)}
                if _sound(record):
                    found[record["key"]] = record
        except sqlite3.DatabaseError:
            pass  # the damage: what was read before it is kept
        finally:
            db.close()
    return list(found.values())


def _sound(record: dict[str, Any]) -> bool:
    if set(record) != set(COLUMNS) or not all(isinstance(value, str) for value in record.values()):
        return False
    return bool(record["key"] == ResponseCache.key({name: record[name] for name in KEY_FIELDS}))


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
