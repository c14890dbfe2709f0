"""A saturated machine for the determinism tests: busy processes on every core."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from contextlib import contextmanager


def _spin() -> None:
    while True:
        pass


@contextmanager
def cpu_hogs(count: int = 2, cores: set[int] | None = None) -> Iterator[None]:
    """``count`` processes spinning for the duration of the block (2: both cores here), kept on
    ``cores`` when given."""
    hogs = [multiprocessing.get_context("spawn").Process(target=_spin, daemon=True) for _ in range(count)]
    for hog in hogs:
        hog.start()
        if cores is not None:
            os.sched_setaffinity(hog.pid, cores)
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.join()
