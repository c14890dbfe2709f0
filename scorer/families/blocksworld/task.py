"""Blocksworld pieces every episode mode shares: the row's task, parsed once."""

from __future__ import annotations

from functools import lru_cache

from scorer.io.dataset import KeyRow
from scorer.pddl import Task, parse_task


def row_task(row: KeyRow) -> Task:
    return _task(row.domain_pddl, row.problem_pddl)


@lru_cache(maxsize=256)
def _task(domain_pddl: str, problem_pddl: str) -> Task:
    return parse_task(domain_pddl, problem_pddl)
