"""Parsing PDDL text into a ground Task."""

from __future__ import annotations

from ._grounder import ground_problem
from ._reading import read_problem
from ._task import Task


def parse_task(domain_pddl: str, problem_pddl: str) -> Task:
    """Parse domain and problem TEXT (not paths) and ground them.

    Raises PDDLParseError for malformed PDDL and UnsupportedPDDL for features
    beyond STRIPS + ADL-lite (numeric fluents, derived predicates, ...).
    """
    return ground_problem(read_problem(domain_pddl, problem_pddl))
