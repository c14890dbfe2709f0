"""The cyclic collector's thresholds in a Planarium process: its commands, and the test workers.

CPython 3.11 collects the young generation every 700 net allocations and, every 10 of those, the
middle one. Planarium's work allocates many objects that live long (parsed PDDL, rows, episode
states, matplotlib's artists), so most collections found little garbage for their cost: 9% of a
leaderboard's CPU (1.34 of 14.2 s) and 7% of a test worker's. At these thresholds the same work
spent 0.56 s collecting. Garbage in cycles is still freed, a little later; reference counting
frees the rest at once, as before. (``scorer.pddl._collector`` pauses the collector outright around
grounding and state exploration, which make millions of objects and no cycle.)
"""

from __future__ import annotations

import gc

THRESHOLDS = (10_000, 50, 50)


def tune_collector() -> None:
    gc.set_threshold(*THRESHOLDS)
