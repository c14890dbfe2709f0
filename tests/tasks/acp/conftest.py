"""A small "lab" domain whose answers the stored sets and the delete relaxation
cannot decide, so the planner must; and a factory of ACP rows over any task.

In the lab, from (p): ``take`` gives q and loses p, ``make`` gives s and loses p,
so q and s never hold together, although the delete relaxation reaches both:

- (r), added only by ``merge`` (needs q and s), is unreachable; ``merge`` never applies;
- the goal (g) comes from ``finish`` (needs q) or ``shortcut`` (needs p and s,
  never together), so q is a landmark the relaxation cannot prove;
- (w), from ``detour``, is reachable and no landmark;
- from the initial state h* = 2: ``take`` is a right next action, ``make`` a dead end.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.pddl import Task, parse_task
from scorer.tasks.acp.compile import state_problem
from scorer.tasks.acp.keys import with_vocabulary
from scorer.tasks.acp.kind import judge
from scorer.tasks.acp.oracle import Oracle, oracle_settings
from scorer.tasks.base import Judgement

LAB_DOMAIN = """(define (domain lab)
  (:requirements :strips)
  (:predicates (p) (q) (s) (r) (g) (w))
  (:action take :parameters () :precondition (p) :effect (and (q) (not (p))))
  (:action make :parameters () :precondition (p) :effect (and (s) (not (p))))
  (:action merge :parameters () :precondition (and (q) (s)) :effect (r))
  (:action finish :parameters () :precondition (q) :effect (g))
  (:action shortcut :parameters () :precondition (and (p) (s)) :effect (g))
  (:action detour :parameters () :precondition (q) :effect (w)))
"""

LAB_PROBLEM = """(define (problem lab-1) (:domain lab)
  (:init (p))
  (:goal (g)))
"""

RowFactory = Callable[..., KeyRow]
Judge = Callable[[KeyRow, str], Judgement]


@pytest.fixture(scope="session")
def lab_task() -> Task:
    return parse_task(LAB_DOMAIN, LAB_PROBLEM)


@pytest.fixture
def make_row() -> RowFactory:
    """``make_row(kind, key_fields, domain=..., problem=..., state=None)``: a row
    whose problem's :init is ``state`` (default: the problem's initial state)."""

    def factory(
        kind: str,
        fields: dict[str, Any],
        domain: str = LAB_DOMAIN,
        problem: str = LAB_PROBLEM,
        state: int | None = None,
    ) -> KeyRow:
        task = _parsed(domain, problem)
        at = task.init if state is None else state
        key = with_vocabulary(kind, task, fields)
        meta = {"acp_task": kind, "domain": "lab"}
        return KeyRow(f"t/{kind}", "t", "lab", "acp", kind, domain, state_problem(domain, task, at, "q"), key, meta)

    return factory


@cache
def _parsed(domain: str, problem: str) -> Task:
    return parse_task(domain, problem)


@pytest.fixture
def judged() -> Judge:
    def run(row: KeyRow, text: str) -> Judgement:
        return judge(row, Prediction(row.id, 1, text, None, None))

    return run


@pytest.fixture
def planner_only(tmp_path: Path) -> Oracle:
    """An oracle that skips its own search (the planner decides) with a fresh cache."""
    with oracle_settings(search_states=0, cache_dir=tmp_path / "cache") as oracle:
        yield oracle
