"""Shared PDDL fixtures: the Planarium blocksworld domain and its hard sample problem
(shared with the benchmarks, in bench/pddl_samples.py), a generator of blocksworld
problems, and small test domains exercising ADL-lite features."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import pairwise

import pytest

from bench.pddl_samples import BLOCKSWORLD_DOMAIN, HARD_PROBLEM

# Type hierarchy, a domain constant, or / imply / exists / forall preconditions,
# forall + conditional effects, equality, and a goal with a negative literal.
GRIPPER_DOMAIN = """(define (domain Grip-World)
  (:requirements :strips :typing :negative-preconditions :equality :disjunctive-preconditions
                 :existential-preconditions :universal-preconditions :conditional-effects)
  (:types room thing - object ball tool - thing heavy-ball - ball)
  (:constants Lobby - room)
  (:predicates (at-robby ?r - room) (at ?t - thing ?r - room) (carry ?t - thing) (free)
               (lit ?r - room) (connected ?a ?b - room))
  (:action Move
    :parameters (?from ?to - room)
    :precondition (and (at-robby ?from) (connected ?from ?to) (or (lit ?to) (lit ?from) (= ?to Lobby)))
    :effect (and (at-robby ?to) (not (at-robby ?from))))
  (:action pick
    :parameters (?t - thing ?r - room)
    :precondition (and (at ?t ?r) (at-robby ?r) (free) (imply (lit ?r) (not (carry ?t))))
    :effect (and (carry ?t) (not (at ?t ?r)) (not (free))))
  (:action drop
    :parameters (?t - thing ?r - room)
    :precondition (and (carry ?t) (at-robby ?r) (exists (?b - ball) (not (carry ?b))))
    :effect (and (at ?t ?r) (free) (not (carry ?t))
       (forall (?h - heavy-ball) (when (and (at ?h ?r) (not (= ?h ?t))) (lit ?r)))))
  (:action switch
    :parameters (?r - room)
    :precondition (and (at-robby ?r) (forall (?b - ball) (not (at ?b ?r))))
    :effect (and (when (lit ?r) (not (lit ?r))) (when (not (lit ?r)) (lit ?r)))))
"""

GRIPPER_PROBLEM = """(define (problem P2) (:domain Grip-World)
  (:objects kitchen hall - room b1 - ball hb - heavy-ball w - tool)
  (:init (at-robby Lobby) (free) (at b1 kitchen) (at hb hall) (at w Lobby) (lit kitchen)
     (connected Lobby kitchen) (connected kitchen Lobby) (connected kitchen hall) (connected hall kitchen))
  (:goal (and (at b1 hall) (not (lit kitchen)) (or (at hb Lobby) (carry w)))))
"""

# IPC 4-operator blocksworld: untyped, upper case, 0-ary predicate.
BLOCKS4_DOMAIN = """(define (domain BLOCKS)
  (:requirements :strips)
  (:predicates (on ?x ?y) (ontable ?x) (clear ?x) (handempty) (holding ?x))
  (:action pick-up :parameters (?x) :precondition (and (clear ?x) (ontable ?x) (handempty))
    :effect (and (not (ontable ?x)) (not (clear ?x)) (not (handempty)) (holding ?x)))
  (:action put-down :parameters (?x) :precondition (holding ?x)
    :effect (and (not (holding ?x)) (clear ?x) (handempty) (ontable ?x)))
  (:action stack :parameters (?x ?y) :precondition (and (holding ?x) (clear ?y))
    :effect (and (not (holding ?x)) (not (clear ?y)) (clear ?x) (handempty) (on ?x ?y)))
  (:action unstack :parameters (?x ?y) :precondition (and (on ?x ?y) (clear ?x) (handempty))
    :effect (and (holding ?x) (clear ?y) (not (clear ?x)) (not (handempty)) (not (on ?x ?y)))))
"""

BLOCKS4_PROBLEM = """(define (problem BLOCKS-4) (:domain BLOCKS) (:objects D B A C)
  (:INIT (CLEAR C) (CLEAR A) (CLEAR B) (CLEAR D) (ONTABLE C) (ONTABLE A) (ONTABLE B) (ONTABLE D) (HANDEMPTY))
  (:goal (AND (ON D C) (ON C B) (ON B A))))
"""

# Universal conditional effects whose variables are joined on static facts (two variables
# tied by (tap ?t ?p)), an effect that names only some of its action's parameters (the
# counters), and counts with a successor relation.
SHOP_DOMAIN = """(define (domain shop)
  (:requirements :strips :typing :negative-preconditions :conditional-effects)
  (:types place item count)
  (:predicates (robot ?p - place) (near ?p ?q - place) (at ?i - item ?p - place) (inside ?x ?i - item)
               (held ?i - item) (tap ?t - item ?p - place) (running ?t - item) (wet ?i - item)
               (load ?p - place ?n - count) (succ ?n ?m - count))
  (:action move :parameters (?from ?to - place) :precondition (and (robot ?from) (near ?from ?to))
    :effect (and (robot ?to) (not (robot ?from))))
  (:action take :parameters (?i - item ?p - place ?n ?m - count)
    :precondition (and (robot ?p) (at ?i ?p) (load ?p ?m) (succ ?n ?m) (not (tap ?i ?p)))
    :effect (and (held ?i) (not (at ?i ?p)) (not (load ?p ?m)) (load ?p ?n)
                 (forall (?x - item) (when (inside ?x ?i) (not (at ?x ?p))))))
  (:action drop :parameters (?i - item ?p - place ?n ?m - count)
    :precondition (and (robot ?p) (held ?i) (load ?p ?n) (succ ?n ?m))
    :effect (and (at ?i ?p) (not (held ?i)) (not (load ?p ?n)) (load ?p ?m)
                 (forall (?x - item) (when (inside ?x ?i) (at ?x ?p)))
                 (forall (?q - place ?t - item) (when (and (tap ?t ?q) (near ?q ?p) (running ?t)) (wet ?i)))))
  (:action turn :parameters (?t - item ?p - place)
    :precondition (and (robot ?p) (tap ?t ?p))
    :effect (and (when (running ?t) (not (running ?t))) (when (not (running ?t)) (running ?t))
                 (forall (?x ?q - item) (when (and (at ?x ?p) (inside ?q ?x)) (wet ?q))))))
"""

SHOP_PROBLEM = """(define (problem shop-1) (:domain shop)
  (:objects hall yard shed - place cup box spoon tap1 tap2 - item n0 n1 n2 n3 - count)
  (:init (robot hall) (near hall yard) (near yard hall) (near yard shed) (near shed yard)
         (at cup hall) (at box hall) (inside spoon box) (at spoon hall) (tap tap1 yard) (tap tap2 shed)
         (at tap1 yard) (at tap2 shed) (load hall n2) (load yard n1) (load shed n1)
         (succ n0 n1) (succ n1 n2) (succ n2 n3))
  (:goal (and (wet cup) (at spoon shed))))
"""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "planner: runs an external planner binary (slower)")


def blocksworld_problem(n_blocks: int, n_columns: int, seed: int) -> str:
    """A random Planarium blocksworld problem: random start and goal layouts."""
    rng = random.Random(seed)
    blocks = [f"b{i}" for i in range(1, n_blocks + 1)]
    columns = [f"c{i}" for i in range(1, n_columns + 1)]
    static = [
        fact
        for i, right in enumerate(columns)
        for left in columns[:i]
        for fact in (f"(rightof {right} {left})", f"(leftof {left} {right})")
    ]
    init = _layout_facts(_random_layout(blocks, columns, rng)) + static
    goal = _layout_facts(_random_layout(blocks, columns, rng))
    return (
        f"(define (problem bw-{n_blocks}-{n_columns}-{seed}) (:domain blocksworld)\n"
        f"  (:objects {' '.join(blocks)} - block {' '.join(columns)} - column)\n"
        f"  (:init {' '.join(init)})\n"
        f"  (:goal (and {' '.join(goal)})))\n"
    )


def _random_layout(blocks: list[str], columns: list[str], rng: random.Random) -> dict[str, list[str]]:
    layout: dict[str, list[str]] = {column: [] for column in columns}
    for block in rng.sample(blocks, len(blocks)):
        layout[rng.choice(columns)].append(block)  # bottom to top
    return layout


def _layout_facts(layout: dict[str, list[str]]) -> list[str]:
    facts = []
    for column, stack in layout.items():
        facts += [f"(incolumn {block} {column})" for block in stack]
        facts += [f"(on {upper} {lower})" for lower, upper in pairwise(stack)]
        if stack:
            facts.append(f"(clear {stack[-1]})")
    return facts


@pytest.fixture(scope="session")
def blocksworld_domain() -> str:
    return BLOCKSWORLD_DOMAIN.read_text()


@pytest.fixture(scope="session")
def make_blocksworld_problem() -> Callable[[int, int, int], str]:
    return blocksworld_problem


@pytest.fixture(scope="session")
def hard_problem() -> str:
    return HARD_PROBLEM


@pytest.fixture(scope="session")
def gripper() -> tuple[str, str]:
    return GRIPPER_DOMAIN, GRIPPER_PROBLEM


@pytest.fixture(scope="session")
def blocks4() -> tuple[str, str]:
    return BLOCKS4_DOMAIN, BLOCKS4_PROBLEM


@pytest.fixture(scope="session")
def shop() -> tuple[str, str]:
    return SHOP_DOMAIN, SHOP_PROBLEM
