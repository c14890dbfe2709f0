"""Seeded generator of ViPlan-BW problems whose OPTIMAL plan length is in the band.

ViPlan kept a problem when a satisficing planner's plan fell in the band, so many of
its problems are shorter than their band. Here the goal is drawn uniformly from the
states whose breadth-first distance from the initial state lies in the band, so the
band holds for the optimal length by construction, and the plan is then found by A*
(admissible: every block off its goal column or goal support must move at least once).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scorer.families.blocksworld.layout_space import band_states
from scorer.families.blocksworld.pddl import domain_pddl, problem_pddl
from scorer.families.blocksworld.state import COLOURS, Layout, layout_atoms, layout_from_atoms
from scorer.pddl import Task, astar, parse_task

# Draws in a row that may hit taken problems before a difficulty counts as exhausted (the
# simple one has 173,760 distinct problems: 1,920 initial layouts x 3-5 moves to a goal).
MAX_DRAWS = 1_000


@dataclass(frozen=True)
class Difficulty:
    name: str
    n_blocks: int
    n_columns: int
    max_init_height: int  # ViPlan's cap on initial column heights
    min_length: int
    max_length: int
    max_steps: int  # step limit of closed-loop episodes (ViPlan's scripts)


DIFFICULTIES = {
    d.name: d
    for d in (
        Difficulty("simple", 3, 4, 2, 3, 5, 10),
        Difficulty("medium", 5, 5, 4, 5, 10, 20),
        Difficulty("hard", 6, 4, 5, 8, 15, 30),
    )
}


@dataclass(frozen=True)
class BlocksProblem:
    name: str
    difficulty: str
    seed: str
    init: Layout
    goal: Layout
    optimal_plan: tuple[str, ...]
    blocks: tuple[str, ...] = ()  # the declaration order of an imported problem's blocks (else ours)

    @property
    def optimal_length(self) -> int:
        return len(self.optimal_plan)

    def pddl(self) -> str:
        return problem_pddl(self.name, self.init, self.goal, self.blocks)

    def task(self) -> Task:
        return parse_task(domain_pddl(), self.pddl())


def random_layout(rng: random.Random, blocks: list[str], n_columns: int, max_height: int) -> Layout:
    """Drop blocks one by one on a random column that is below the height cap."""
    columns: list[list[str]] = [[] for _ in range(n_columns)]
    for block in blocks:
        open_columns = [c for c in columns if len(c) < max_height]
        rng.choice(open_columns).append(block)
    return tuple(tuple(c) for c in columns)


def generate_problem(difficulty: Difficulty, seed: str, name: str, taken: set[tuple[Layout, Layout]]) -> BlocksProblem:
    """One problem from ``seed``; ``taken`` holds (init, goal) pairs already used."""
    rng = random.Random(seed)
    for _ in range(MAX_DRAWS):
        blocks = rng.sample(COLOURS, k=difficulty.n_blocks)
        init = random_layout(rng, blocks, difficulty.n_columns, difficulty.max_init_height)
        task = parse_task(domain_pddl(), problem_pddl(name, init, init))
        in_band = band_states(task, init, difficulty.min_length, difficulty.max_length)  # in the order of their bits
        if not in_band:
            continue
        goal = layout_from_atoms(task.true_atoms(rng.choice(in_band)), difficulty.n_columns)
        if (init, goal) in taken:
            continue
        plan = optimal_plan(task.with_goal(layout_atoms(goal)), goal)  # the problem's task, parsed once
        taken.add((init, goal))
        return BlocksProblem(name, difficulty.name, seed, init, goal, tuple(plan))
    raise ValueError(
        f"blocksworld {difficulty.name}: {MAX_DRAWS:,} draws in a row hit problems already taken "
        f"({len(taken):,} taken); the difficulty has no more distinct problems for this size"
    )


def optimal_plan(task: Task, goal: Layout) -> list[str]:
    block_goal_masks = [_goal_mask_of_block(task, goal, block) for column in goal for block in column]

    def misplaced_blocks(state: int) -> int:
        return sum(1 for mask in block_goal_masks if state & mask != mask)

    result = astar(task, heuristic=misplaced_blocks)
    assert result.plan is not None, "a goal drawn from the reachable states must be reachable"
    return result.plan


def _goal_mask_of_block(task: Task, goal: Layout, block: str) -> int:
    mask = 0
    for atom in layout_atoms(goal):
        args = atom.strip("()").split()
        if args[0] in ("on", "incolumn") and args[1] == block:
            mask |= 1 << task.atom_index[atom]
    return mask
