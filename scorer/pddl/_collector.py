"""Python's cyclic garbage collector paused around work that makes millions of objects.

Grounding a task and exploring its states make millions of small tuples, lists and ints
and no reference cycle; each collection walks every object alive, so as they pile up the
collector rescans them again and again (half the time of grounding a task of 100,000
actions; 8% of a large state exploration).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """The collector off inside the block, and back on after it if it was on before."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
