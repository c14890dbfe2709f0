"""Classical ACP domains, part 2: rovers, depot, goldminer, satellite, swap,
alfworld. Checks particular to these domains; the generic checks every domain
gets are in test_every_domain.py."""

from __future__ import annotations

import random
import re

from scorer.families.classical import goldminer, swap


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
