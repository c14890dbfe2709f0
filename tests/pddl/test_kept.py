"""The kept-results cache: a key asked by many threads at once is computed once; other keys
are not held up meanwhile."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from scorer.pddl import parse_task
from scorer.pddl._kept import STRIPES, kept

THREADS = 8


def test_threads_asking_one_key_at_once_compute_it_once() -> None:
    calls: list[str] = []
    everyone_asks = threading.Barrier(THREADS)

    @kept(maxsize=4)
    def slow(key: str) -> object:
        calls.append(key)
        time.sleep(0.2)  # long enough for every thread to ask before the first is done
        return object()

    def ask(_: int) -> object:
        everyone_asks.wait()
        return slow("a")

    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(ask, range(THREADS)))
    assert calls == ["a"] and all(result is results[0] for result in results)
    slow.cache_clear()
    assert slow("a") is not results[0] and calls == ["a", "a"]


def test_a_key_being_computed_does_not_hold_up_another_stripe() -> None:
    started, release = threading.Event(), threading.Event()

    @kept(maxsize=4)
    def value(key: int) -> int:
        if key == 0:
            started.set()
            assert release.wait(timeout=30)
        return key

    other = next(k for k in range(1, 1000) if hash(((k,), ())) % STRIPES != hash(((0,), ())) % STRIPES)
    blocked = threading.Thread(target=value, args=(0,))
    blocked.start()
    try:
        assert started.wait(timeout=30)
        assert value(other) == other  # answered while key 0 is still being computed
    finally:
        release.set()
        blocked.join()


def test_parse_task_gives_threads_asking_at_once_one_task(blocksworld_domain: str, hard_problem: str) -> None:
    parse_task.cache_clear()
    everyone_asks = threading.Barrier(THREADS)

    def ask(_: int) -> object:
        everyone_asks.wait()
        return parse_task(blocksworld_domain, hard_problem)

    with ThreadPoolExecutor(THREADS) as pool:
        tasks = list(pool.map(ask, range(THREADS)))
    assert len({id(task) for task in tasks}) == 1
