"""Exact keys against brute force, evidence keys against exact ones, and the compiled tasks."""

from __future__ import annotations

import random

import numpy as np
import pytest

from scorer.families.classical import CLASSICAL_DOMAINS
from scorer.pddl import Task, bfs, parse_task, reachable_states
from scorer.tasks.acp import analysis, keys, questions
from scorer.tasks.acp.analysis import EvidenceFacts, ExactFacts, PlannerBudget, ProblemGraph, state_facts
from scorer.tasks.acp.compile import compiled_task, state_problem
from scorer.tasks.acp.search import bounded_search
from scorer.tasks.acp.vocabulary import fluent_mask

DOMAINS = [name for name in ("ferry", "gripper", "blocksworld4", "grid") if name in CLASSICAL_DOMAINS]


def small_task(name: str, seed: int = 3) -> Task:
    domain = CLASSICAL_DOMAINS[name]
    return parse_task(domain.domain_pddl, domain.generate(random.Random(seed), 0))


def some_states(task: Task, count: int = 4) -> list[int]:
    walk_states, state, rng = [task.init], task.init, random.Random(1)
    for _ in range(count * 3):
        options = task.applicable(state)
        state = rng.choice(options).apply(state) if options else state
        walk_states.append(state)
    return walk_states[::3][:count]


@pytest.mark.parametrize("name", DOMAINS)
def test_exact_keys_match_brute_force(name: str) -> None:
    task = small_task(name)
    graph = ProblemGraph.build(task)
    for state in some_states(task):
        facts = ExactFacts(task, state, graph)
        space = reachable_states(task, start=state)
        seen = 0
        for reached in space.order:
            seen |= reached
        assert facts.unreachable_atoms == fluent_mask(task) & ~seen
        applicable_somewhere = {a.index for s in space.order for a in task.applicable(s)}
        assert facts.reachable_actions == applicable_somewhere
        h = bfs(task, start=state).length
        assert facts.opt == h
        if h:
            good, _ = facts.next_actions
            assert good == {a.index for a in task.applicable(state) if bfs(task, start=a.apply(state)).length == h - 1}
            for atom in range(len(task.atoms)):
                if state >> atom & 1 or task.goal_pos >> atom & 1 or not fluent_mask(task) >> atom & 1:
                    continue
                avoided = bounded_search(task, state, task.is_goal, 10**6, avoid=lambda s, a=atom: bool(s >> a & 1))
                assert bool(facts.landmarks >> atom & 1) == (avoided.found is False), task.atoms[atom]


@pytest.mark.parametrize("name", DOMAINS)
def test_evidence_never_contradicts_the_exact_facts(name: str) -> None:
    task = small_task(name)
    graph = ProblemGraph.build(task)
    for state in some_states(task):
        exact = ExactFacts(task, state, graph)
        plan = exact.optimal_plan() or []
        evidence = state_facts(task, state, [plan])
        assert isinstance(evidence, EvidenceFacts)
        assert evidence.unreachable_atoms & ~exact.unreachable_atoms == 0
        assert evidence.reachable_atoms & ~exact.reachable_atoms == 0
        assert evidence.unreachable_actions <= exact.unreachable_actions
        assert evidence.landmarks & ~exact.landmarks == 0
        assert exact.landmarks & ~evidence.landmark_candidates == 0 or not plan
        good, bad = evidence.next_actions
        exact_good, exact_bad = exact.next_actions
        assert good <= exact_good and bad <= exact_bad


def test_a_state_problem_parses_back_to_the_state() -> None:
    for name in DOMAINS:
        task = small_task(name)
        state = some_states(task)[-1]
        domain = CLASSICAL_DOMAINS[name].domain_pddl
        again = parse_task(domain, state_problem(domain, task, state, "s"))
        assert set(again.true_atoms(again.init)) == set(task.true_atoms(state))
        assert again.goal_text() == task.goal_text()


def test_a_state_on_a_known_optimal_plan_has_its_remaining_length_as_h_star(monkeypatch) -> None:
    """Where the bounded search gives up, h* comes from the optimal plan the state lies on, and
    nowhere else: no planner is asked (``analysis`` has no way to call one)."""
    monkeypatch.setattr(analysis, "SEARCH_STATES", 1)  # the search gives up at once
    assert not hasattr(analysis, "plan_with_planner")
    task = small_task("ferry")
    graph = ProblemGraph.build(task)
    state = some_states(task)[1]
    optimal = ExactFacts(task, state, graph).optimal_plan()
    assert optimal and len(optimal) > 1
    known = state_facts(task, state, [optimal], optimal=optimal)
    assert isinstance(known, EvidenceFacts)
    assert known.opt == graph.distance(state) == len(optimal)
    good, bad = known.next_actions
    exact_good, exact_bad = ExactFacts(task, state, graph).next_actions
    assert task.action(optimal[0]).index in good and good <= exact_good and bad <= exact_bad
    assert keys.nexta_key(known) is not None
    unknown = state_facts(task, state, [optimal])  # the same plan, not known to be optimal
    assert unknown.opt is None and keys.nexta_key(unknown) is None


def test_the_build_asks_symk_opt_only_where_the_problem_allows_it(monkeypatch) -> None:
    """States never cost a planner call; the initial state's optimal plan costs a ``symk-opt``
    call only where the problem allows it (``optimal_planner``), and then its states know h*."""
    calls: list[tuple[str, bool]] = []

    def planned(task, domain_pddl, state, engine, budget):
        calls.append((engine, state == task.init))
        return bfs(task, start=state).plan  # a stand-in that answers as an optimal planner would

    monkeypatch.setattr(questions, "_planned", planned)
    monkeypatch.setattr(questions, "SEARCH_STATES", 1)  # the initial state's search gives up
    monkeypatch.setattr(analysis, "SEARCH_STATES", 1)
    monkeypatch.setattr(analysis, "EXACT_CAP", 1)
    monkeypatch.setattr(questions.ProblemGraph, "build", classmethod(lambda cls, task, cap=1, too_big=None: None))
    task = small_task("ferry")
    domain = CLASSICAL_DOMAINS["ferry"].domain_pddl
    for allowed in (False, True):
        calls.clear()
        sampler = questions.ProblemQuestions(task, domain, random.Random(5), PlannerBudget(), optimal_planner=allowed)
        asked = sampler.questions("nexta", 3, set())
        on_optimal = [c for c in sampler.candidates if c.optimal]
        assert [engine for engine, _ in calls if engine == "symk-opt"] == (["symk-opt"] if allowed else [])
        assert all(at_init for engine, at_init in calls if engine == "symk-opt")
        assert bool(on_optimal) == allowed and all(c.source == "optimal-0" for c in on_optimal)
        if allowed:
            assert asked and all(q.opt == bfs(task, start=q.state).length for q in asked)


def test_keys_skip_states_that_cannot_be_decided() -> None:
    task = small_task("ferry")
    graph = ProblemGraph.build(task)
    goal_state = graph.space.state(int(np.flatnonzero(graph.is_goal)[0]))
    facts = ExactFacts(task, goal_state, graph)
    assert keys.land_key(facts) is None and keys.nexta_key(facts) is None
    assert keys.reach_key(facts) is not None  # reachability questions need no plan


def test_the_landmark_compilation_matches_the_explicit_graph(tmp_path) -> None:
    from scorer.pddl import PlannerVerdict, plan_with_planner

    task = small_task("ferry")
    graph = ProblemGraph.build(task)
    facts = ExactFacts(task, task.init, graph)
    domain = CLASSICAL_DOMAINS["ferry"].domain_pddl
    plan = facts.optimal_plan() or []
    candidates = [
        a
        for a in range(len(task.atoms))
        if not (task.init | task.goal_pos) >> a & 1
        and any(task.atoms[a] in task.true_atoms(s) for s in _states_along(task, plan))
    ][:3]
    for atom in candidates:
        compiled = compiled_task(domain, task, task.init, task.goal_text(), never_achieve=atom)
        result = plan_with_planner(compiled.domain, compiled.problem, "fast-downward")
        assert (result.verdict is PlannerVerdict.UNSOLVABLE) == bool(facts.landmarks >> atom & 1), task.atoms[atom]


def _states_along(task: Task, plan: list[str]) -> list[int]:
    states, state = [task.init], task.init
    for name in plan:
        state = task.successor(state, name)
        states.append(state)
    return states
