"""``explore`` (a layer at a time in numpy for STRIPS tasks, a state at a time otherwise)
finds exactly the states and edges a plain breadth-first search over ``Task.transitions``
finds, stops exactly when that search would pass the cap, and stays exact when row hashes
collide."""

from __future__ import annotations

import random

import numpy as np
import pytest

import scorer.pddl._state_rows as state_rows
from scorer.families.classical import CLASSICAL_DOMAINS
from scorer.pddl import StateGraph, StateSet, StateTable, Task, explore, parse_task

Edges = set[tuple[int, int, int]]


def plain_search(task: Task) -> tuple[list[int], Edges]:
    """Every reachable state and every (state, action index, successor), one state at a time."""
    seen, order, edges = {task.init}, [task.init], set()
    for state in order:
        for action, child in task.transitions(state):
            edges.add((state, action.index, child))
            if child not in seen:
                seen.add(child)
                order.append(child)
    return order, edges


def graph_edges(graph: StateGraph) -> Edges:
    states = [graph.state(i) for i in range(len(graph))]
    sources = np.repeat(np.arange(graph.expanded), np.diff(graph.indptr))
    return {
        (states[s], a, states[c])
        for s, a, c in zip(sources.tolist(), graph.actions.tolist(), graph.children.tolist(), strict=True)
    }


def classical(name: str, seed: int) -> Task:
    domain = CLASSICAL_DOMAINS[name]
    return parse_task(domain.domain_pddl, domain.generate(random.Random(seed), 0))


def assert_same_space(task: Task) -> None:
    states, edges = plain_search(task)
    graph = explore(task, cap=len(states))
    assert graph.complete and len(graph) == len(states)
    assert {graph.state(i) for i in range(len(graph))} == set(states)
    assert graph.state(0) == task.init
    assert graph_edges(graph) == edges
    assert all(graph.find(state) is not None for state in states)
    assert not explore(task, cap=len(states) - 1).complete


@pytest.mark.parametrize("name", ["gripper", "logistics", "visitall", "ferry", "grid", "blocksworld4", "depot"])
def test_strips_layers_find_what_a_plain_search_finds(name: str) -> None:
    task = classical(name, seed=1)
    assert _is_strips(task)
    assert_same_space(task)


def test_general_preconditions_and_conditional_effects_are_explored_one_state_at_a_time(
    gripper: tuple[str, str],
) -> None:
    task = parse_task(*gripper)
    assert not _is_strips(task)
    assert_same_space(task)


CORRIDOR = """(define (domain corridor)
  (:predicates (at ?c) (visited ?c) (next ?a ?b))
  (:action step :parameters (?from ?to)
    :precondition (and (at ?from) (next ?from ?to))
    :effect (and (at ?to) (visited ?to) (not (at ?from)))))"""


def corridor(cells: int) -> Task:
    """A walk along ``cells`` cells, remembering those visited: 2 x ``cells`` fluents, and
    about ``cells``^2 / 2 states (the visited cells are an interval)."""
    names = [f"c{i}" for i in range(cells)]
    links = [f"(next {a} {b}) (next {b} {a})" for a, b in zip(names, names[1:], strict=False)]
    middle = names[cells // 2]
    problem = f"""(define (problem walk) (:domain corridor) (:objects {" ".join(names)})
      (:init (at {middle}) (visited {middle}) {" ".join(links)})
      (:goal (and (visited {names[0]}) (visited {names[-1]}))))"""
    return parse_task(CORRIDOR, problem)


def test_several_words_a_state() -> None:
    task = corridor(40)
    assert explore(task, cap=10).table.rows.shape[1] == 2
    assert_same_space(task)


def test_a_hash_shared_by_distinct_rows_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    task = corridor(40)
    expected = explore(task, cap=10**6)
    assert expected.table.rows.shape[1] > 1
    monkeypatch.setattr(state_rows, "row_hashes", lambda rows: rows[:, 0] & np.uint64(3))
    collided = explore(task, cap=10**6)
    assert len(collided) == len(expected)
    assert graph_edges(collided) == graph_edges(expected)


def test_a_state_table_numbers_rows_and_finds_them() -> None:
    rng = np.random.default_rng(0)
    rows = np.unique(rng.integers(0, 2**63, size=(500, 3), dtype=np.uint64), axis=0)
    table = StateTable(3)
    assert (table.find(rows) == -1).all()
    first = table.add(rows[:200])
    assert (table.find(rows[200:]) == -1).all()
    ids = np.concatenate([first, table.add(rows[200:])])
    assert ids.tolist() == list(range(len(rows)))
    assert table.find(rows[::-1]).tolist() == ids[::-1].tolist()


def test_meeting_a_state_known_too_big_stops_the_exploration() -> None:
    task = classical("gripper", seed=3)
    whole = explore(task, cap=10**6)
    too_big = StateSet()
    too_big.add(whole, np.array([len(whole) - 1]))  # a state the start reaches
    assert too_big.holds(task, whole.state(len(whole) - 1))
    assert not explore(task, cap=10**6, too_big=too_big).complete
    assert explore(task, cap=10**6, too_big=StateSet()).complete


def _is_strips(task: Task) -> bool:
    return all(action.pre_test is None and not action.cond_effects for action in task.actions)
