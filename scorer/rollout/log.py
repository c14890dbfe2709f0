"""The episode log: JSON Lines that ``score`` reads as is, one whole line per episode.

A line is ``{"id": ROW_ID, "model": ..., "episode": {"settings", "replies", "end"}}``;
the scorer replays ``settings`` + ``replies`` and ignores the rest. Lines are written
so that a crash cannot leave half of one followed by another: the whole line is
built first, appended with one ``os.write`` on an ``O_APPEND`` descriptor under a lock,
then fsynced. POSIX does not promise that even one write to a regular file is atomic,
so the reader does not rely on it either: ``score`` reports a malformed line and goes on,
and opening a log whose last line was cut short ends that line first, so the torn line
stays one malformed line instead of swallowing the next episode.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

END_KINDS = ("finished", "abandoned", "expired", "error", "interrupted")  # interrupted: SIGTERM or Ctrl-C


def log_record(
    row_id: str, model: str | None, settings: dict[str, Any], replies: Sequence[str], end: str
) -> dict[str, Any]:
    """The log line of one episode, as an object (the GET route shows it too)."""
    assert end in END_KINDS, end
    return {"id": row_id, "model": model, "episode": {"settings": settings, "replies": list(replies), "end": end}}


def encode_line(record: dict[str, Any]) -> bytes:
    # ensure_ascii escapes lone surrogates a client may send, so the bytes are always valid UTF-8.
    return (json.dumps(record, ensure_ascii=True, allow_nan=False) + "\n").encode("ascii")


class EpisodeLog:
    """An append-only JSONL file shared by every request thread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        # O_RDWR only so the last byte can be read back; O_APPEND puts every write at the end.
        self._fd: int | None = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
        self._lock = threading.Lock()
        self._end_torn_line()

    def append(self, record: dict[str, Any]) -> None:
        line = encode_line(record)
        with self._lock:
            if self._fd is None:
                raise RuntimeError(f"the episode log {self.path} is closed")
            self._write_all(self._fd, line)
            os.fsync(self._fd)

    def close(self) -> None:
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None

    def _end_torn_line(self) -> None:
        assert self._fd is not None
        size = os.fstat(self._fd).st_size
        if size and os.pread(self._fd, 1, size - 1) != b"\n":
            self._write_all(self._fd, b"\n")
            os.fsync(self._fd)

    @staticmethod
    def _write_all(fd: int, data: bytes) -> None:
        written = os.write(fd, data)
        # A short write (disk nearly full, a signal) is rare; finishing it under the lock keeps the line whole.
        while written < len(data):
            written += os.write(fd, data[written:])
