"""The environment PDDL is read in: unified-planning's, with its engines imported only when a
planner is asked for (scorer/pddl/_environment.py)."""

from __future__ import annotations

import subprocess
import sys

from unified_planning.environment import Environment

from scorer.pddl._environment import EnginesOnFirstUse

BLOCKS = """
(define (domain d) (:requirements :strips) (:predicates (on ?x) (clear ?x))
  (:action pick :parameters (?x) :precondition (clear ?x) :effect (and (on ?x) (not (clear ?x)))))
"""
PROBLEM = "(define (problem p) (:domain d) (:objects a b) (:init (clear a)) (:goal (on a)))"


def test_it_has_every_field_of_unified_plannings_environment_each_of_the_same_class() -> None:
    ours, theirs = vars(EnginesOnFirstUse()), vars(Environment())
    assert sorted(ours) == sorted(theirs)
    assert {name: type(value) for name, value in ours.items() if name != "_factory"} == {
        name: type(value) for name, value in theirs.items() if name != "_factory"
    }
    assert type(EnginesOnFirstUse().factory) is type(theirs["_factory"])


def test_reading_and_judging_import_no_engine_and_a_planner_still_finds_its_engines() -> None:
    script = f"""
import sys
from scorer.pddl import parse_task, allow_shared_names
allow_shared_names()
task = parse_task({BLOCKS!r}, {PROBLEM!r})
assert len(task.actions) == 2, task.actions
assert "ConfigSpace" not in sys.modules and "unified_planning.engines" not in sys.modules, "engines imported"
from unified_planning.shortcuts import get_environment
names = get_environment().factory.engines
assert "symk-opt" in names and "fast-downward" in names, names
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
