"""Parsing PDDL text into a ground Task."""

from __future__ import annotations

from ._collector import collector_paused
from ._grounder import ground_problem
from ._kept import kept
from ._reading import UP_LOCK, read_problem
from ._task import Task

# Tasks kept by their text. A Task is immutable, so callers can share one: the configs of a
# build that use the same problems, or a server's episodes of one row, parse it once (parsing
# is about 0.25 s of unified-planning's reader for a problem of a few blocks).
PARSED_KEPT = 64


@kept(maxsize=PARSED_KEPT)  # a text asked by many threads at once is parsed once
def parse_task(domain_pddl: str, problem_pddl: str) -> Task:
    """Parse domain and problem TEXT (not paths) and ground them.

    Raises PDDLParseError for malformed PDDL and UnsupportedPDDL for features
    beyond STRIPS + ADL-lite (numeric fluents, derived predicates, ...).
    """
    # unified-planning's environment (names, expression manager) is process-global and
    # not thread-safe: the rollout server parses from many request threads at once.
    with UP_LOCK, collector_paused():
        return ground_problem(read_problem(domain_pddl, problem_pddl))
