"""``--executor local[:N]``: a process pool on this machine (N = 1: this process, no pool)."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

from tqdm import tqdm

from scorer.executors import Item, Result


class LocalExecutor:
    def __init__(self, workers: int | None = None) -> None:
        self._workers = workers or os.cpu_count() or 1
        self.spec = f"local:{self._workers}"
        self._pool: ProcessPoolExecutor | None = None  # started on the first map that needs it
        self._starting = threading.Lock()

    @property
    def workers(self) -> int:
        return self._workers

    def map(
        self, work: Callable[[Item], Result], items: Sequence[Item], desc: str = "", show_progress: bool = False
    ) -> list[Result]:
        bar = tqdm(total=len(items), desc=desc, disable=not show_progress)
        with bar:
            if self._workers == 1 or len(items) <= 1:
                return [_counted(work(item), bar) for item in items]
            # Small chunks keep both workers busy when items differ in cost (a hard problem
            # takes ten times an easy one); map() hands results back in the items' order.
            chunk = max(1, len(items) // (self._workers * 8))
            return [_counted(result, bar) for result in self._started().map(work, items, chunksize=chunk)]

    def _started(self) -> ProcessPoolExecutor:
        with self._starting:  # maps may come from several threads (a build drives configs side by side)
            if self._pool is None:
                # fork: workers inherit what this process has already loaded and cached (the
                # parsed domains, the published problems), so starting one costs milliseconds.
                context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
                self._pool = ProcessPoolExecutor(
                    self._workers, mp_context=context, initializer=_exit_with, initargs=(os.getpid(),)
                )
            return self._pool

    def fresh_workers(self) -> None:
        """Fork the workers anew, now: they inherit what this process holds, and they are
        forked from the caller's thread before it starts others (a fork while another thread
        holds a lock would leave that lock held forever in the workers)."""
        self.close()
        if self._workers > 1:
            self._started().submit(os.getpid).result()  # a pool forks all its workers at its first job

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


PARENT_CHECK_S = 1.0


def _exit_with(parent: int) -> None:
    """In a worker: exit once ``parent`` is gone. A parent killed with SIGKILL cannot stop
    its pool, and a forked worker holds both ends of the task queue, so it would wait for
    work forever (seen: `score` killed mid-run left its two workers behind)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _counted(result: Result, bar: tqdm) -> Result:
    bar.update(1)
    return result
