"""State graphs shared by a problem's variants (``VariantGraphs``) give each variant exactly
what its own graph gives: the same keys, and None exactly when its own would be over the cap."""

from __future__ import annotations

import random

from scorer.families.classical import CLASSICAL_DOMAINS
from scorer.pddl import Task, parse_task, reachable_states
from scorer.tasks.acp import keys
from scorer.tasks.acp.analysis import ExactFacts, ProblemGraph, VariantGraphs


def walk_states(task: Task, count: int, seed: int) -> list[int]:
    """States along a random walk from the initial state, the initial one first."""
    states, state, rng = [task.init], task.init, random.Random(seed)
    while len(states) < count:
        options = task.applicable(state)
        if not options:
            break
        state = rng.choice(options).apply(state)
        states.append(state)
    return states


def fact_keys(task: Task, graph: ProblemGraph) -> list[object]:
    facts = ExactFacts(task, task.init, graph)
    return [keys.reach_key(facts), keys.areach_key(facts), keys.land_key(facts), keys.nexta_key(facts)]


def test_shared_graphs_answer_each_variant_as_its_own_graph_would() -> None:
    # Visit-all only ever adds visited cells, so later states reach fewer states: with a cap
    # between the sizes, some variants fit and some do not.
    domain = CLASSICAL_DOMAINS["visitall"]
    task = parse_task(domain.domain_pddl, domain.generate(random.Random(5), 0))
    states = walk_states(task, 12, seed=2)
    sizes = [len(reachable_states(task, start=state).order) for state in states]
    cap = sorted(sizes)[len(sizes) // 2]
    assert min(sizes) <= cap < max(sizes), sizes
    shared = VariantGraphs(cap)
    for state in [*states, *reversed(states)]:  # asked again: answered from what is kept
        variant = task.with_init(state)
        alone = ProblemGraph.build(variant, cap)
        from_shared = shared.graph(variant)
        assert (alone is None) == (from_shared is None)
        if alone is not None and from_shared is not None:
            assert fact_keys(variant, from_shared) == fact_keys(variant, alone)
    assert shared.graphs and any(shared.too_big.holds(task, state) for state in states)
    assert len(shared.graphs) < sum(size <= cap for size in sizes)  # later variants lay in earlier graphs


def test_states_leading_back_to_an_over_cap_variant_stop_the_next_ones_at_once() -> None:
    # Gripper's moves can all be undone: every state of a walk leads back to the first, so once
    # the first variant is over the cap, the later ones are known to be before any exploration.
    domain = CLASSICAL_DOMAINS["gripper"]
    task = parse_task(domain.domain_pddl, domain.generate(random.Random(3), 0))
    states = walk_states(task, 8, seed=4)
    cap = 50
    assert all(len(reachable_states(task, start=state).order) > cap for state in states)
    shared = VariantGraphs(cap)
    assert shared.graph(task.with_init(states[0])) is None
    near = [state for state in states[1:] if shared.too_big.holds(task, state)]
    assert near, "the walk's next states were explored from the first and lead back to it"
    for state in states:
        assert shared.graph(task.with_init(state)) is None
        assert ProblemGraph.build(task.with_init(state), cap) is None
