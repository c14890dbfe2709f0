"""Rows finished across the processes of one ``eval`` run, on one bar.

``eval`` deals its rows to one large part per worker, and an executor learns of a part only
when it returns: a bar fed by the executor counted parts (``rows 1/2`` for most of a run).
Instead each part appends a byte to a file as each of its rows (``r``) or episode steps
(``s``) finishes, and the parent reads what was appended a few times a second. A file, not
a queue: it needs no process of its own and no pickling, and a part that cannot open it (a
Ray worker on another machine) just does not report; the bar still ends at its total.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tqdm import tqdm

ROW, STEP = b"r", b"s"
POLL_S = 0.2  # how often the parent reads the file: the bar moves at most this late


class PartProgress:
    """A part's reporter: one byte appended per finished row or episode step (nothing without a file)."""

    def __init__(self, path: Path | None) -> None:
        self._file = None
        self._lock = threading.Lock()  # replies finish on the model client's threads
        if path is not None:
            try:
                self._file = path.open("ab", buffering=0)  # unbuffered: each byte is seen at once
            except OSError:
                self._file = None  # not on this machine: the part runs without reporting

    def row(self) -> None:
        self._write(ROW)

    def step(self) -> None:
        self._write(STEP)

    def _write(self, mark: bytes) -> None:
        if self._file is not None:
            with self._lock:
                self._file.write(mark)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


@contextmanager
def row_bar(total: int, desc: str, unit: str, show: bool) -> Iterator[Path | None]:
    """The file parts report to (None when no bar is shown), followed by a bar of ``total`` rows
    with the episode steps taken as its postfix, until the block ends."""
    if not show:
        yield None
        return
    folder = Path(tempfile.mkdtemp(prefix="planarium-progress-"))
    path = folder / "progress"
    path.touch()
    stop = threading.Event()
    try:
        with tqdm(total=total, desc=desc, unit=unit) as bar:
            follower = threading.Thread(target=_follow, args=(path, bar, stop), name="eval-progress", daemon=True)
            follower.start()
            try:
                yield path
            finally:
                stop.set()
                follower.join()
            bar.update(max(0, total - bar.n))  # the parts returned, so every row finished (a silent part too)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _follow(path: Path, bar: tqdm, stop: threading.Event) -> None:
    """Move ``bar`` by what the parts append to ``path``, until ``stop`` (then a last read)."""
    steps = 0
    with path.open("rb") as marks:
        while True:
            stopping = stop.wait(POLL_S)
            new = marks.read()
            rows = new.count(ROW)
            if STEP in new:  # drawn now when no row moves the bar (a long episode's turns)
                steps += new.count(STEP)
                bar.set_postfix(steps=steps, refresh=not rows)
            if rows:  # update(0) would redraw an unchanged bar
                bar.update(rows)
            if stopping:
                return
