"""Our successor function against unified-planning's SequentialSimulator on random walks."""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import resources

import pytest
from unified_planning.environment import get_environment
from unified_planning.io import PDDLReader
from unified_planning.model import FNode, Problem, State

from scorer.pddl import Task, parse_task
from scorer.pddl._universe import Universe

# UP's simulator needs ~10 ms per applicability test, so the blocksworld
# walks are kept short.
WALK_SHAPE = {"hard": (2, 8), "bw-3-4": (3, 10), "gripper": (4, 25), "blocks4": (4, 25), "shop": (4, 25)}
# IPC domains shipped inside the unified-planning wheel (skipped if absent).
UP_SHIPPED = {"depot": (2, 8), "miconic": (3, 10)}


def _up_problem(domain: str, problem: str) -> Problem:
    get_environment().credits_stream = None
    return PDDLReader().parse_problem_string(domain, problem)


def _atom_nodes(problem: Problem, task: Task) -> list[FNode]:
    universe = Universe.from_problem(problem)
    assert universe.atom_names == task.atoms
    return [problem.fluent(name)(*(problem.object(arg) for arg in args)) for name, args in universe.atom_keys]


def _as_mask(state: State, nodes: list[FNode]) -> int:
    return sum(1 << i for i, node in enumerate(nodes) if state.get_value(node).bool_constant_value())


def _up_name(action: object, params: tuple[FNode, ...]) -> str:
    return "(" + " ".join([action.name, *(param.object().name for param in params)]) + ")"  # type: ignore[attr-defined]


def _compare_walks(domain: str, problem_text: str, seed: int, walks: int, steps: int) -> None:
    problem = _up_problem(domain, problem_text)
    task = parse_task(domain, problem_text)
    nodes = _atom_nodes(problem, task)
    rng = random.Random(seed)
    from unified_planning.shortcuts import SequentialSimulator  # its engines: not at every worker's collection

    with SequentialSimulator(problem=problem) as simulator:
        for _ in range(walks):
            up_state, ours = simulator.get_initial_state(), task.init
            for _ in range(steps):
                assert _as_mask(up_state, nodes) == ours
                assert simulator.is_goal(up_state) == task.is_goal(ours)
                up_options = {_up_name(a, p): (a, p) for a, p in simulator.get_applicable_actions(up_state)}
                our_options = [action.name for action in task.applicable(ours)]
                assert sorted(up_options) == sorted(our_options)
                if not our_options:
                    break
                name = rng.choice(our_options)
                up_state = simulator.apply(up_state, *up_options[name])
                ours = task.successor(ours, name)


@pytest.mark.parametrize(
    "case",
    list(WALK_SHAPE),
)
def test_random_walks_agree(
    case: str,
    blocksworld_domain: str,
    hard_problem: str,
    make_blocksworld_problem: Callable[[int, int, int], str],
    gripper: tuple[str, str],
    blocks4: tuple[str, str],
    shop: tuple[str, str],
) -> None:
    domain, problem = {
        "hard": (blocksworld_domain, hard_problem),
        "bw-3-4": (blocksworld_domain, make_blocksworld_problem(3, 4, 7)),
        "gripper": gripper,
        "blocks4": blocks4,
        "shop": shop,
    }[case]
    _compare_walks(domain, problem, len(case), *WALK_SHAPE[case])


@pytest.mark.parametrize("name", list(UP_SHIPPED))
def test_random_walks_agree_on_ipc_domains(name: str) -> None:
    folder = resources.files("unified_planning") / "test" / "pddl" / name
    try:
        domain, problem = (folder / "domain.pddl").read_text(), (folder / "problem.pddl").read_text()
    except FileNotFoundError:
        pytest.skip(f"unified-planning does not ship {name}")
    _compare_walks(domain, problem, len(name), *UP_SHIPPED[name])
