"""Parsing PDDL text into a ground Task."""

from __future__ import annotations

import threading

from ._grounder import ground_problem
from ._reading import read_problem
from ._task import Task

_UP_LOCK = threading.Lock()


def parse_task(domain_pddl: str, problem_pddl: str) -> Task:
    """Parse domain and problem TEXT (not paths) and ground them.

    Raises PDDLParseError for malformed PDDL and UnsupportedPDDL for features
    beyond STRIPS + ADL-lite (numeric fluents, derived predicates, ...).
    """
    # unified-planning's environment (names, expression manager) is process-global and
    # not thread-safe: the rollout server parses from many request threads at once.
    with _UP_LOCK:
        return ground_problem(read_problem(domain_pddl, problem_pddl))
