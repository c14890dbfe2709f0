"""A saturated machine for the determinism tests: busy processes on every core."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from contextlib import contextmanager


def _spin() -> None:
    while True:
        pass


@contextmanager
def cpu_hogs(count: int = 2) -> Iterator[None]:
    """``count`` processes spinning for the duration of the block (2: both cores here)."""
    hogs = [multiprocessing.get_context("spawn").Process(target=_spin, daemon=True) for _ in range(count)]
    for hog in hogs:
        hog.start()
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.join()
