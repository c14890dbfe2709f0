"""Classical ACP domains, part 2: rovers, depot, goldminer, satellite, swap,
alfworld. PDDL parses, generators are deterministic and solvable, size-0 state
spaces are enumerable, templates cover every atom and action.

Parsing dominates the run time, so each (domain, seed, size) task is parsed
once and shared between tests; size-2 problems are generated but not parsed
(depot's ground into ~20,000 actions)."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from scorer.domains.classical import CLASSICAL_DOMAINS, goldminer, swap
from scorer.domains.classical.base import ClassicalDomain
from scorer.pddl import Task, Verdict, bfs, parse_task, plan_with_planner, reachable_states, validate_plan

PART2 = ["rovers", "depot", "goldminer", "satellite", "swap", "alfworld"]
NAME_PATTERNS = {
    "rovers": r"prob-\d+-\d+-\d+-\d+-\d+-\d+",
    "depot": r"depot-\d+-\d+-\d+-\d+-\d+-\d+",
    "goldminer": r"goldminer-rows\d+-cols\d+",
    "satellite": r"prob-\d+-\d+-\d+-\d+-\d+",
    "swap": r"swap-\d+-\d+",
    "alfworld": r"alfworld-(kitchen|livingroom|bathroom)(-[a-z]+(-two)?)+-r\d+-i\d+",
}
SIZE0_SEEDS = range(2)


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


@pytest.mark.parametrize("name", PART2)
def test_registered_with_its_own_name(name: str) -> None:
    assert domain(name).name == name
    assert len(domain(name).description.split()) > 40


@pytest.mark.parametrize("name", PART2)
@pytest.mark.parametrize("size", [0, 1, 2])
def test_generation_is_deterministic_and_named(name: str, size: int) -> None:
    texts = [domain(name).generate(random.Random(seed), size) for seed in range(4)]
    assert texts[0] == problem_of(name, 0, size)
    assert len(set(texts)) > 1, "different seeds should give different problems"
    assert all(re.fullmatch(NAME_PATTERNS[name], problem_name(text)) for text in texts)


@pytest.mark.parametrize("name", PART2)
def test_unknown_size_is_rejected(name: str) -> None:
    with pytest.raises(ValueError):
        domain(name).generate(random.Random(0), 3)


@pytest.mark.parametrize("name", PART2)
def test_size0_is_solvable_and_enumerable(name: str) -> None:
    for seed in SIZE0_SEEDS:
        task = task_of(name, seed, 0)
        assert not task.is_goal(task.init)
        space = reachable_states(task, cap=200_000)
        assert space.complete
        assert space.goal_states()
        assert bfs(task).plan is not None


@pytest.mark.parametrize("name", PART2)
def test_size1_is_solved_by_fast_downward(name: str) -> None:
    result = plan_with_planner(domain(name).domain_pddl, problem_of(name, 0, 1), engine="fast-downward", timeout_s=20)
    assert result.verdict is Verdict.SOLVED, result.message
    assert result.plan is not None
    task = task_of(name, 0, 1)
    assert not task.is_goal(task.init)
    assert validate_plan(task, result.plan).valid


@pytest.mark.parametrize("name", PART2)
def test_templates_cover_the_pddl(name: str) -> None:
    task = task_of(name, 0, 0)
    assert set(domain(name).atom_templates) == set(task.predicates)
    assert set(domain(name).action_templates) == set(task.action_schemas)


@pytest.mark.parametrize("name", PART2)
def test_every_atom_and_action_verbalises_with_its_arguments(name: str) -> None:
    task = task_of(name, 0, 1)
    for atom in task.atoms:
        assert_verbalised(atom, domain(name).atom_text(atom))
    for action in task.actions:
        assert_verbalised(action.name, domain(name).action_text(action.name))


def assert_verbalised(call: str, text: str) -> None:
    assert text and "{" not in text and "  " not in text, (call, text)
    for argument in call.strip("()").split()[1:]:
        assert re.search(rf"(?<![\w-]){re.escape(argument)}(?![\w-])", text), (call, text)


def test_verbalisation_reads_naturally() -> None:
    assert domain("rovers").action_text("(navigate rover1 waypoint0 waypoint2)") == "drive rover1 from waypoint0 to waypoint2"
    assert domain("rovers").atom_text("(have-image rover0 objective1 colour)") == "rover0 has an image of objective1 in mode colour"
    assert domain("depot").action_text("(lift hoist0 crate1 pallet0 depot0)") == "use hoist0 to lift crate1 off pallet0 at depot0"
    assert domain("goldminer").atom_text("(soft-rock-at f1-2f)") == "there is soft rock at cell f1-2f"
    assert domain("goldminer").action_text("(fire-laser f0-0f f0-1f)") == "fire the laser from cell f0-0f at cell f0-1f"
    assert domain("satellite").atom_text("(pointing satellite0 star3)") == "satellite0 is pointing at star3"
    assert domain("swap").action_text("(swap ana ben kite drum)") == (
        "ana and ben swap items, ana giving the kite and receiving the drum"
    )
    assert domain("alfworld").action_text("(heat apple1 microwave1)") == "heat apple1 with microwave1"


def test_swap_friend_groups_are_connected_and_the_goal_is_a_reshuffle_within_them() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        agents = swap.AGENTS[:8]
        groups = 1 + seed % 2
        pairs = swap.friend_pairs(rng, agents, groups)
        assert len(_components(agents, pairs)) == groups
        start = {a: f"i{k}" for k, a in enumerate(agents)}
        goal = swap.traded(rng, start, pairs)
        assert sum(goal[a] != start[a] for a in agents) > len(agents) // 2
        for group in _components(agents, pairs):
            assert sorted(goal[a] for a in group) == sorted(start[a] for a in group)


def _components(nodes: list[str], pairs: list[tuple[str, str]]) -> list[set[str]]:
    groups = [{n} for n in nodes]
    for a, b in pairs:
        ga = next(g for g in groups if a in g)
        gb = next(g for g in groups if b in g)
        if ga is not gb:
            groups.remove(gb)
            ga |= gb
    return groups


def test_goldminer_laser_starts_within_the_robots_reach() -> None:
    """The generator's solvability argument needs the robot to walk to the laser."""
    for seed in range(20):
        text = goldminer.generate(random.Random(seed), seed % 3)
        clear = set(re.findall(r"\(clear (\S+)\)", text))
        robot = re.search(r"\(robot-at (\S+)\)", text).group(1)  # type: ignore[union-attr]
        laser = re.search(r"\(laser-at (\S+)\)", text).group(1)  # type: ignore[union-attr]
        links = re.findall(r"\(connected (\S+) (\S+)\)", text)
        reached, frontier = {robot}, [robot]
        while frontier:
            here = frontier.pop()
            for a, b in links:
                if a == here and b in clear and b not in reached:
                    reached.add(b)
                    frontier.append(b)
        assert laser in reached
        assert re.search(r"\(gold-at (\S+)\)", text).group(1) in set(re.findall(r"\(soft-rock-at (\S+)\)", text))  # type: ignore[union-attr]
