"""One household problem: its PDDL objects, facts and goal, and the home it is set in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files

from scorer.families.household.layout import make_scene
from scorer.families.household.scene import Scene
from scorer.pddl import Task, astar, parse_task, problem_text

DOMAIN_NAME = "igibson"  # ViPlan's name for the domain, kept so its problem files parse unchanged
PLACING = ("inside", "ontop", "nextto")
# ViPlan's step limits (its run scripts): 10 / 20 / 30 for simple / medium / hard.
MAX_STEPS = {"simple": 10, "medium": 20, "hard": 30}


@cache
def domain_pddl() -> str:
    """ViPlan's household domain, as published (``data/planning/igibson/domain.pddl``)."""
    return files("scorer.families.household").joinpath("domain.pddl").read_text()


@dataclass(frozen=True)
class HouseholdProblem:
    name: str
    activity: str  # one of ViPlan's ten BEHAVIOR activities (ViPlan, table 5)
    difficulty: str
    objects: tuple[tuple[str, str], ...]  # (name, PDDL type), in declaration order
    init: tuple[str, ...]  # the true atoms of the problem's :init
    goal: tuple[str, ...]  # goal literals, "(not ...)" for negative ones
    scene: Scene
    seed: str  # the seed string it was generated from
    layout_seeds: tuple[str, str]  # the seeds of its home's rooms and of the placement (``scene_for``)

    def pddl(self) -> str:
        by_type: dict[str, list[str]] = {}
        for name, pddl_type in self.objects:
            by_type.setdefault(pddl_type, []).append(name)
        return problem_text(self.name, DOMAIN_NAME, list(by_type.items()), self.init, self.goal)

    def task(self) -> Task:
        return _task(self.pddl())

    @property
    def optimal_plan(self) -> list[str]:
        return list(_optimal_plan(self.pddl()))

    @property
    def optimal_length(self) -> int:
        return len(self.optimal_plan)

    @property
    def max_steps(self) -> int:
        return MAX_STEPS[self.difficulty]


def _task(problem: str) -> Task:
    return household_task(domain_pddl(), problem)


@lru_cache(maxsize=512)  # a full build parses 262 distinct problems, drafts included
def household_task(domain: str, problem: str) -> Task:
    """The parsed task, shared by the generator and the world (a build's rows are drawn from
    the problems it just made: one parse each, not two)."""
    return parse_task(domain, problem)


@lru_cache(maxsize=256)
def _optimal_plan(problem: str) -> tuple[str, ...]:
    return tuple(optimal_plan(_task(problem)))


def scene_for(name: str, objects: dict[str, str], init: list[str], rooms_seed: str, place_seed: str) -> Scene:
    """The home of a problem: ``init``'s placing facts say which movables need no home."""
    placed = [atom.strip("()").split()[1] for atom in init if _predicate(atom) in PLACING]
    return make_scene(name, objects, placed, rooms_seed, place_seed)


SEARCH_LIMIT = 500_000  # states A* may keep; a search past it reports no plan


def optimal_plan(task: Task, start: int | None = None) -> list[str]:
    """An optimal plan from ``start`` (A* with an admissible count of missing steps); a
    ValueError when the goal cannot be reached or the search passes ``SEARCH_LIMIT``."""
    found = astar(task, goal_distance(task), start=start, max_states=SEARCH_LIMIT)
    if found.plan is None:
        raise ValueError(f"{task.name}: no plan from this state within {SEARCH_LIMIT} states")
    return found.plan


def goal_distance(task: Task) -> Callable[[int], float]:
    """A lower bound on the actions left: every unmet placing goal needs a place action,
    every movable in one that is not held a grasp, every unmet open/closed goal an action.

    No action meets two placing goals or grasps two objects, and open/close change one
    container each, so the count never overestimates (A* stays optimal).
    """
    positive, negative = task.goal_atoms()
    place_goals = {task.atom_index[a]: a.strip("()").split()[1] for a in positive if _predicate(a) in PLACING}
    # One navigate-to can make several objects reachable and one grasp undo several facts:
    # those goals count for one action together, the others (open, holding, sliced) one each.
    single = _mask(task, [a for a in positive if _predicate(a) not in (*PLACING, "reachable")])
    shared = _mask(task, [a for a in positive if _predicate(a) == "reachable"])
    unwanted_open = _mask(task, [a for a in negative if _predicate(a) == "open"])
    unwanted_other = _mask(task, [a for a in negative if _predicate(a) != "open"])
    placing = sum(1 << bit for bit in place_goals)
    # Per movable object: the bits of its placing goals, and of its holding atom (0: none).
    movables = [
        (sum(1 << bit for bit, m in place_goals.items() if m == movable), _bit(task, f"(holding {movable})"))
        for movable in dict.fromkeys(place_goals.values())
    ]

    # Whole-state masks, not a shift per atom: A* asks this of every state it reaches (a
    # state is an int of thousands of bits, and each shift copied it).
    def estimate(state: int) -> int:
        missing = placing & ~state
        to_grasp = sum(1 for goals, holding in movables if missing & goals and not state & holding)
        count = missing.bit_count() + to_grasp
        count += (single & ~state).bit_count() + (state & unwanted_open).bit_count()
        count += (state & shared != shared) + bool(state & unwanted_other)
        return count

    return estimate


def _bit(task: Task, atom: str) -> int:
    index = task.atom_index.get(atom)
    return 0 if index is None else 1 << index


def _mask(task: Task, atoms: list[str]) -> int:
    return sum(1 << task.atom_index[atom] for atom in atoms)


def _predicate(atom: str) -> str:
    return atom.strip("(").split()[0]
