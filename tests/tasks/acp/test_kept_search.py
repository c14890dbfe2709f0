"""KeptSearch answers every target as bounded_search does, whatever was asked before it:
found or not, the depth and the states counted, at every bound (the bound's last state
included), on tasks small enough to exhaust and on bounds far below their size."""

from __future__ import annotations

import random

import pytest

from scorer.families.classical import CLASSICAL_DOMAINS
from scorer.pddl import Task, parse_task
from scorer.tasks.acp.search import KeptSearch, StateTest, bounded_search

DOMAINS = [name for name in ("ferry", "gripper", "blocksworld4") if name in CLASSICAL_DOMAINS]


def small_task(name: str) -> Task:
    domain = CLASSICAL_DOMAINS[name]
    return parse_task(domain.domain_pddl, domain.generate(random.Random(5), 0))


def targets(task: Task, rng: random.Random) -> list[StateTest]:
    """Atoms that may hold, actions that may apply, and one target no state meets."""
    atoms = [1 << rng.randrange(len(task.atoms)) for _ in range(12)]
    actions = rng.sample(task.actions, min(12, len(task.actions)))
    tests: list[StateTest] = [lambda s, bit=bit: bool(s & bit) for bit in atoms]
    tests += [action.is_applicable for action in actions]
    return [*tests, lambda s: False]


@pytest.mark.parametrize("name", DOMAINS)
@pytest.mark.parametrize("max_states", [0, 1, 2, 7, 60, 10**6])
def test_every_answer_is_bounded_searchs_in_any_order(name: str, max_states: int) -> None:
    task = small_task(name)
    rng = random.Random(max_states)
    asked = targets(task, rng)
    for order in range(3):
        kept = KeptSearch(task, task.init, max_states)
        for is_target in rng.sample(asked, len(asked)):
            assert kept.search(is_target) == bounded_search(task, task.init, is_target, max_states), (order, name)
