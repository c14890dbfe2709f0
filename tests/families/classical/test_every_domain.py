"""Generic checks run on every classical ACP domain: PDDL parses, generators are
deterministic and solvable, size-0 state spaces are enumerable, templates cover
every atom and action. Domain-specific checks live in test_domain_specifics_*.py.

Parsing dominates the run time, so each (domain, seed, size) task is parsed
once and shared between tests. How far the checks go differs per domain (see
DEPTH): the part-2 domains' size-2 problems are generated but not parsed
(depot's ground into ~20,000 actions)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache

import pytest

from scorer.families.classical import CLASSICAL_DOMAINS
from scorer.families.classical.base import ClassicalDomain
from scorer.pddl import PlannerVerdict, Task, bfs, parse_task, plan_with_planner, reachable_states, validate_plan

NAME_PATTERNS = {
    "ferry": r"ferry-l\d+-c\d+",
    "logistics": r"logistics-c\d+-s\d+-p\d+-a\d+",
    "blocksworld4": r"bw-rand-\d+",
    "grid": r"grid-x\d+-y\d+-t\d+-k\d+-l\d+-p100",
    "floortile": r"floortile-\d+-\d+-\d+",
    "gripper": r"gripper-\d+-\d+-\d+",
    "visitall": r"visitall-x\d+-y\d+-u\d+",
    "rovers": r"prob-\d+-\d+-\d+-\d+-\d+-\d+",
    "depot": r"depot-\d+-\d+-\d+-\d+-\d+-\d+",
    "goldminer": r"goldminer-rows\d+-cols\d+",
    "satellite": r"prob-\d+-\d+-\d+-\d+-\d+",
    "swap": r"swap-\d+-\d+",
    "alfworld": r"alfworld-(kitchen|livingroom|bathroom)(-[a-z]+(-two)?)+-r\d+-i\d+",
}
DOMAINS = list(NAME_PATTERNS)


@dataclass(frozen=True)
class Depth:
    """How far the generic checks go for one domain."""

    size0_seeds: range  # seeds whose size-0 state space is enumerated and solved
    parsed_sizes: tuple[int, ...]  # sizes whose seed-0 problem is parsed by the generation check
    verbalise_seed: int  # seed of the size-1 problem whose atoms and actions are verbalised


PART1 = Depth(size0_seeds=range(3), parsed_sizes=(0, 1, 2), verbalise_seed=1)
PART2 = Depth(size0_seeds=range(2), parsed_sizes=(0, 1), verbalise_seed=0)  # size 2: depot is too big to parse
DEPTH: dict[str, Depth] = {
    "ferry": PART1,
    "logistics": PART1,
    "blocksworld4": PART1,
    "grid": PART1,
    "floortile": PART1,
    "gripper": PART1,
    "visitall": PART1,
    "rovers": PART2,
    "depot": PART2,
    "goldminer": PART2,
    "satellite": PART2,
    "swap": PART2,
    "alfworld": PART2,
}


def domain(name: str) -> ClassicalDomain:
    return CLASSICAL_DOMAINS[name]


@cache
def problem_of(name: str, seed: int, size: int) -> str:
    return domain(name).generate(random.Random(seed), size)


@cache
def task_of(name: str, seed: int, size: int) -> Task:
    return parse_task(domain(name).domain_pddl, problem_of(name, seed, size))


def problem_name(text: str) -> str:
    match = re.search(r"\(define \(problem ([^)\s]+)\)", text)
    assert match, text[:200]
    return match.group(1)


def test_every_registered_domain_is_checked() -> None:
    assert set(NAME_PATTERNS) == set(DEPTH) == set(CLASSICAL_DOMAINS)


@pytest.mark.parametrize("name", DOMAINS)
def test_registered_with_its_own_name(name: str) -> None:
    assert domain(name).name == name
    assert len(domain(name).description.split()) > 40


@pytest.mark.parametrize("name", DOMAINS)
@pytest.mark.parametrize("size", [0, 1, 2])
def test_generation_is_deterministic_named_and_parses(name: str, size: int) -> None:
    texts = [domain(name).generate(random.Random(seed), size) for seed in range(4)]
    assert texts[0] == problem_of(name, 0, size)
    assert len(set(texts)) > 1, "different seeds should give different problems"
    assert all(re.fullmatch(NAME_PATTERNS[name], problem_name(text)) for text in texts)
    if size in DEPTH[name].parsed_sizes:
        task = task_of(name, 0, size)
        assert not task.is_goal(task.init)


@pytest.mark.parametrize("name", DOMAINS)
def test_unknown_size_is_rejected(name: str) -> None:
    with pytest.raises(ValueError):
        domain(name).generate(random.Random(0), 3)


@pytest.mark.parametrize("name", DOMAINS)
def test_size0_is_solvable_and_enumerable(name: str) -> None:
    for seed in DEPTH[name].size0_seeds:
        task = task_of(name, seed, 0)
        assert not task.is_goal(task.init)
        space = reachable_states(task, cap=200_000)
        assert space.complete
        assert space.goal_states()
        assert bfs(task).plan is not None


@pytest.mark.parametrize("name", DOMAINS)
def test_size1_is_solved_by_fast_downward(name: str) -> None:
    result = plan_with_planner(domain(name).domain_pddl, problem_of(name, 0, 1), engine="fast-downward")
    assert result.verdict is PlannerVerdict.SOLVED, result.message
    assert result.plan is not None
    task = task_of(name, 0, 1)
    assert not task.is_goal(task.init)
    assert validate_plan(task, result.plan).valid


@pytest.mark.parametrize("name", DOMAINS)
def test_templates_cover_the_pddl(name: str) -> None:
    task = task_of(name, 0, 0)
    assert set(domain(name).atom_templates) == set(task.predicates)
    assert set(domain(name).action_templates) == set(task.action_schemas)


@pytest.mark.parametrize("name", DOMAINS)
def test_every_atom_and_action_verbalises_with_its_arguments(name: str) -> None:
    task = task_of(name, DEPTH[name].verbalise_seed, 1)
    for atom in task.atoms:
        assert_verbalised(atom, domain(name).atom_text(atom))
    for action in task.actions:
        assert_verbalised(action.name, domain(name).action_text(action.name))


def assert_verbalised(call: str, text: str) -> None:
    assert text and "{" not in text and "  " not in text, (call, text)
    for argument in call.strip("()").split()[1:]:
        assert re.search(rf"(?<![\w-]){re.escape(argument)}(?![\w-])", text), (call, text)


# One hand-checked sentence per line: (domain, "atom" or "action", call, its words).
READ_NATURALLY = [
    ("ferry", "atom", "(car-at c1 l2)", "car c1 is at location l2"),
    ("ferry", "action", "(sail l0 l1)", "sail the ferry from location l0 to location l1"),
    ("logistics", "action", "(fly-airplane a0 l0-0 l1-0)", "fly airplane a0 from airport l0-0 to airport l1-0"),
    ("logistics", "atom", "(in p3 t1)", "package p3 is in truck t1"),
    ("blocksworld4", "atom", "(on b1 b2)", "block b1 is on top of block b2"),
    ("grid", "action", "(unlock p0-0 p0-1 k0-1 s0)", "from place p0-0, unlock place p0-1 with key k0-1 of shape s0"),
    ("floortile", "atom", "(painted t2-1 black)", "tile t2-1 is painted black"),
    ("gripper", "atom", "(carry robot1 ball2 left1)", "robot1 is carrying ball2 in gripper left1"),
    ("visitall", "atom", "(visited x1-y2)", "cell x1-y2 has been visited"),
    ("rovers", "action", "(navigate rover1 waypoint0 waypoint2)", "drive rover1 from waypoint0 to waypoint2"),
    ("rovers", "atom", "(have-image rover0 objective1 colour)", "rover0 has an image of objective1 in mode colour"),
    ("depot", "action", "(lift hoist0 crate1 pallet0 depot0)", "use hoist0 to lift crate1 off pallet0 at depot0"),
    ("goldminer", "atom", "(soft-rock-at f1-2f)", "there is soft rock at cell f1-2f"),
    ("goldminer", "action", "(fire-laser f0-0f f0-1f)", "fire the laser from cell f0-0f at cell f0-1f"),
    ("satellite", "atom", "(pointing satellite0 star3)", "satellite0 is pointing at star3"),
    (
        "swap",
        "action",
        "(swap ana ben kite drum)",
        "ana and ben swap items, ana giving the kite and receiving the drum",
    ),
    ("alfworld", "action", "(heat apple1 microwave1)", "heat apple1 with microwave1"),
]


@pytest.mark.parametrize(("name", "kind", "call", "words"), READ_NATURALLY)
def test_verbalisation_reads_naturally(name: str, kind: str, call: str, words: str) -> None:
    text = domain(name).atom_text(call) if kind == "atom" else domain(name).action_text(call)
    assert text == words
