"""A background thread that expires idle episodes (a client that vanished never sends DELETE)."""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable


class Sweeper:
    def __init__(self, sweep: Callable[[], object], interval_s: float) -> None:
        self._sweep = sweep
        self._interval_s = interval_s
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="planarium-sweeper", daemon=True)

    @staticmethod
    def interval_for(timeout_s: float) -> float:
        # Often enough that an episode outlives its timeout by at most a quarter of it, bounded both ways.
        return min(max(timeout_s / 4, 0.05), 30.0)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        while not self._stopped.wait(self._interval_s):
            try:
                self._sweep()
            except Exception as error:  # e.g. a full disk: report it and keep sweeping
                traceback.print_exception(error, file=sys.stderr)
