"""A kept-results cache whose misses are computed once however many threads ask at once.

``functools.lru_cache`` computes a missing key in every thread that asks for it before the
first one is done. The rollout server's request threads did: under the test suite's load, a
cold server's burst of 300 opens parsed 10 rows' tasks 6 times each (41 CPU s of parses no one
needed). Here a thread that misses holds a lock of the key's stripe while it computes;
another thread asking for that key waits for it and then finds the result kept. Keys of other
stripes are not held up, and a hit takes its stripe's lock only for the lookup.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from functools import lru_cache, update_wrapper
from typing import Generic, ParamSpec, TypeVar, cast

P = ParamSpec("P")
R = TypeVar("R")
STRIPES = 64  # locks shared by the keys whose hash falls in one stripe


class Kept(Generic[P, R]):
    def __init__(self, function: Callable[P, R], maxsize: int) -> None:
        self._kept = lru_cache(maxsize=maxsize)(function)
        self._cached = cast("Callable[P, R]", self._kept)  # the function's own signature, kept
        self._stripes = [threading.Lock() for _ in range(STRIPES)]
        update_wrapper(self, function)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key: Hashable = (args, tuple(sorted(kwargs.items())))
        with self._stripes[hash(key) % STRIPES]:
            return self._cached(*args, **kwargs)

    def cache_clear(self) -> None:
        self._kept.cache_clear()


def kept(maxsize: int) -> Callable[[Callable[P, R]], Kept[P, R]]:
    """``@kept(maxsize)``: ``lru_cache(maxsize)`` that computes a key once across threads."""

    def decorate(function: Callable[P, R]) -> Kept[P, R]:
        return Kept(function, maxsize)

    return decorate
