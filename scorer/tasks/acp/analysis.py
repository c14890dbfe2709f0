"""What the build knows about one question state, exactly or as evidence.

**Exact** (``ExactFacts``): when the states reachable from the question state
number at most ``cap``, everything is computed on the explicit graph: the
reachable atoms and actions (so every unreachable one), h* of every state
(backward breadth-first search from the goal states), the next actions that
decrease h*, and every landmark: p (false now) is a landmark iff no goal
state can be reached through states where p is false, which is the
p-not-achieved compilation (ACPBench Hard) solved on the graph.

**Evidence** (``EvidenceFacts``), for larger spaces: atoms and actions seen
in a bounded exploration are reachable; the delete relaxation proves atoms
and actions unreachable (and grounding already pruned actions whose static
precondition is false); atoms that some known plan never makes true are not
landmarks, and the relaxation (or a bounded search avoiding the atom) proves
landmarks among the rest; h* comes from a bounded search, else from a
known optimal plan the state lies on (its h* is the plan's remaining length),
else it is unknown: the build asks no planner for h*, so a question that needs
it is asked only where it is known; a next action is known good when its
successor is at h*-1 within a bounded search, known bad when the search
shows it is not. What stays unknown is decided at scoring time by the oracle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import product

import numpy as np

from scorer.pddl import (
    PlannerCache,
    ReachableSpace,
    StateGraph,
    StateSet,
    Task,
    bfs,
    bit_indices,
    explore,
    reachable_states,
    validate_plan,
)

from .relaxed import proves_landmark, relaxed_reachable
from .search import bounded_search
from .vocabulary import fluent_mask

EXACT_CAP = 100_000
# Evidence bounds: a successor costs up to ~0.4 ms in big tasks (many static facts),
# so these keep a large state's facts to seconds.
EXPLORE_STATES = 5_000
SEARCH_STATES = 10_000  # one optimal plan from the state
DECISION_STATES = 2_000  # each landmark / next-action decision
MAX_PRUNED_EXAMPLES = 5
MAX_PRUNED_SCAN = 200_000
# The build's own planner calls (plans from the initial state of a problem too big for its
# explicit graph) get half the scorer's memory: the calls the build still makes answer well
# within it (docs/scale.md), and a call that reached it would be thrown away.
BUILD_MEMORY_MB = 1024


@dataclass(frozen=True)
class PlannerBudget:
    """Bounds of the build's own planner calls (plans from a problem's initial state): memory,
    a count, so the stored keys are the same under any load (see ``scorer.pddl._planner``)."""

    memory_mb: int = BUILD_MEMORY_MB
    cache: PlannerCache | None = None
    safety_s: float | None = None  # the wall-clock safety net (never a verdict); None: the scorer's


def state_facts(
    task: Task,
    state: int,
    plans: Sequence[Sequence[str]] = (),
    graph: ProblemGraph | None = None,
    optimal: Sequence[str] | None = None,
) -> ExactFacts | EvidenceFacts:
    """Exact facts on the problem's explicit ``graph`` when there is one, else evidence.

    ``plans``: known plans from ``state`` (evidence for landmarks and next actions);
    ``optimal``: a plan from ``state`` known to be optimal (the rest of an optimal plan the
    state lies on), whose length is h* of the state.
    """
    if graph is not None and graph.contains(state):
        return ExactFacts(task, state, graph)
    explored = reachable_states(task, start=state, cap=EXPLORE_STATES)
    known = None if optimal is None else list(optimal)
    return EvidenceFacts(task, state, explored, [list(p) for p in plans], known)


class ProblemGraph:
    """A problem's complete reachable state graph from a state (``scorer.pddl.StateGraph``),
    with h* of every state.

    Built once per problem: every question state is reachable from the initial
    state, so its reachable states are a part of this graph and h* (which
    depends on the state only) is already known for all of them.
    """

    def __init__(self, task: Task, space: StateGraph) -> None:
        self.task = task
        self.space = space
        self.is_goal = space.goal_states(task)
        self.goal_distance = space.distances_to(np.flatnonzero(self.is_goal))  # -1: no goal reachable

    @classmethod
    def build(cls, task: Task, cap: int = EXACT_CAP, too_big: StateSet | None = None) -> ProblemGraph | None:
        """The graph from the initial state; None when it has more than ``cap`` states.

        ``too_big``: states known to reach more than ``cap`` states; meeting one ends the
        build early with None (whatever reaches such a state reaches all it reaches)."""
        space = explore(task, cap, too_big)
        return cls(task, space) if space.complete else None

    def contains(self, state: int) -> bool:
        return self.space.find(state) is not None

    def distance(self, state: int) -> int | None:
        """h*(state); None for a dead end or a state not in the graph."""
        return self.distances([state])[0]

    def distances(self, states: Sequence[int]) -> list[int | None]:
        """h* of each state, as ``distance`` gives it."""
        ids = self.space.ids(states)
        found = np.where(ids >= 0, self.goal_distance[ids], -1).tolist()
        return [None if d < 0 else d for d in found]

    def reachable_from(self, state: int) -> np.ndarray:
        """The ids of the states reachable from ``state`` (a state of the graph)."""
        start = self._id(state)
        return np.flatnonzero(self.space.distances_from(np.array([start])) >= 0)

    def actions_from(self, ids: np.ndarray) -> set[int]:
        """The actions of the edges leaving the states ``ids``."""
        return set(np.unique(self.space.edge_actions(ids)).tolist())

    def goal_path_exists(self, state: int, avoid_mask: int) -> bool:
        """Whether a goal state can be reached from ``state`` through states where
        no atom of ``avoid_mask`` holds."""
        if state & avoid_mask:
            return False
        space = self.space
        avoid = space.layout.rows([avoid_mask & space.layout.fluent_mask])[0]
        allowed = ~(space.table.rows & avoid).any(axis=1)
        reached = space.distances_from(np.array([self._id(state)]), allowed) >= 0
        return bool((reached & self.is_goal).any())

    def optimal_plan(self, state: int) -> list[str] | None:
        """An optimal plan from the state, the first improving action (in task order) at each step."""
        distance = self.distance(state)
        if distance is None:
            return None
        plan: list[str] = []
        while distance > 0:
            options = self.task.applicable(state)
            after = self.distances([action.apply(state) for action in options])
            action = next(a for a, d in zip(options, after, strict=True) if d == distance - 1)
            plan.append(action.name)
            state, distance = action.apply(state), distance - 1
        return plan

    def _id(self, state: int) -> int:
        found = self.space.find(state)
        if found is None:
            raise KeyError("the state is not in the graph")
        return found


def _reaching_start(space: StateGraph) -> np.ndarray:
    """The explored states with a path to the start (id 0) along the edges seen: each
    reaches everything the start reaches."""
    if not (space.children == 0).any():
        return np.zeros(1, dtype=np.int64)  # nothing leads back (e.g. every action uses something up)
    return np.flatnonzero(space.distances_to(np.zeros(1, dtype=np.int64)) >= 0)


class VariantGraphs:
    """The explicit state graphs of one problem's variants (the same task from other
    initial states, ``Task.with_init``), each state space explored once for them all.

    A variant whose initial state lies in a graph already built is answered by that graph:
    a graph holds every state reachable from each of its states, and h* of each. A variant
    that reaches more than ``cap`` states is remembered with every explored state that
    leads back to it, so that another variant reaching one of them stops at once. Either way
    the answer is the one ``ProblemGraph.build`` gives alone.
    """

    def __init__(self, cap: int = EXACT_CAP) -> None:
        self.cap = cap
        self.graphs: list[ProblemGraph] = []
        self.too_big = StateSet()

    def graph(self, task: Task) -> ProblemGraph | None:
        """The graph holding ``task.init`` and all it reaches; None when that is more than ``cap``."""
        state = task.init
        found = next((graph for graph in self.graphs if graph.contains(state)), None)
        if found is not None or self.too_big.holds(task, state):
            return found
        space = explore(task, self.cap, self.too_big)
        if not space.complete:
            # Every explored state with a path back to this one reaches more than the cap too:
            # in a space one can go back and forth in (most domains) that is nearly all of
            # them, so a later variant starting among them, or meeting one, stops at once.
            self.too_big.add(space, _reaching_start(space))
            return None
        built = ProblemGraph(task, space)
        self.graphs.append(built)
        return built


@dataclass(eq=False)
class ExactFacts:
    task: Task
    state: int
    graph: ProblemGraph = field(repr=False)
    exact: bool = True

    @cached_property
    def reachable_ids(self) -> np.ndarray:
        return self.graph.reachable_from(self.state)

    @cached_property
    def reachable_atoms(self) -> int:
        return self.graph.space.atoms(self.reachable_ids)

    @cached_property
    def reachable_actions(self) -> set[int]:
        """Actions applicable in some reachable state: the labels of the graph's edges."""
        return self.graph.actions_from(self.reachable_ids)

    @cached_property
    def unreachable_atoms(self) -> int:
        return fluent_mask(self.task) & ~self.reachable_atoms

    @cached_property
    def unreachable_actions(self) -> set[int]:
        return {action.index for action in self.task.actions} - self.reachable_actions

    @cached_property
    def opt(self) -> int | None:
        return self.graph.distance(self.state)

    @cached_property
    def next_actions(self) -> tuple[set[int], set[int]]:
        """(indices of applicable actions that decrease h*, those that do not)."""
        opt = self.opt
        good: set[int] = set()
        bad: set[int] = set()
        options = self.task.applicable(self.state)
        after = self.graph.distances([action.apply(self.state) for action in options])
        for action, distance in zip(options, after, strict=True):
            (good if opt is not None and distance == opt - 1 else bad).add(action.index)
        return good, bad

    def optimal_plan(self) -> list[str] | None:
        """An optimal plan from the state, the first improving action at each step."""
        return self.graph.optimal_plan(self.state)

    @cached_property
    def landmarks(self) -> int:
        """Mask of the non-trivial landmarks (false now, not in the goal): p is one
        iff no goal state is reachable through states where p is false."""
        plan = self.optimal_plan()
        if plan is None:
            return 0  # no plan, no landmark question
        trivial = self.state | self.task.goal_pos
        candidates = _traversed(self.task, plan, self.state) & ~trivial
        found = 0
        for atom in bit_indices(candidates):
            if not self.graph.goal_path_exists(self.state, 1 << atom):
                found |= 1 << atom
        return found


@dataclass(eq=False)
class EvidenceFacts:
    task: Task
    state: int
    explored: ReachableSpace = field(repr=False)
    plans: list[list[str]]
    known_optimal: list[str] | None = None  # a plan from the state known to be optimal
    exact: bool = False

    @cached_property
    def reachable_atoms(self) -> int:
        mask = 0
        for reached in self.explored.order:
            mask |= reached
        for plan in self.plans:
            mask |= _traversed(self.task, plan, self.state)
        return mask

    @cached_property
    def reachable_actions(self) -> set[int]:
        found = {action.index for reached in self.explored.order for action in self.task.applicable(reached)}
        for plan in self.plans:
            found |= {index for index in _action_indices(self.task, plan)}
        return found

    @cached_property
    def relaxed_mask(self) -> int:
        return relaxed_reachable(self.task, self.state)

    @cached_property
    def unreachable_atoms(self) -> int:
        return fluent_mask(self.task) & ~self.relaxed_mask

    @cached_property
    def unreachable_actions(self) -> set[int]:
        relaxed = self.relaxed_mask
        return {a.index for a in self.task.actions if a.pre_pos & relaxed != a.pre_pos}

    @cached_property
    def searched_optimal(self) -> tuple[bool, list[str] | None]:
        """(whether the bounded BFS ended, the optimal plan it found)."""
        found = bfs(self.task, start=self.state, max_states=SEARCH_STATES)
        return found.complete, found.plan

    @cached_property
    def opt_and_plan(self) -> tuple[int | None, list[str] | None]:
        """h*(state) and an optimal plan: bounded BFS, else the known optimal plan, else unknown
        (None, None). No planner call: on a known optimal plan h* is its remaining length, and
        elsewhere h* of a big state would take a ``symk-opt`` call that may run for minutes to
        its memory bound (docs/scale.md), so the build does not ask there."""
        ended, plan = self.searched_optimal
        if plan is not None:
            return len(plan), plan
        if ended:
            return None, None  # dead end
        if self.known_optimal is not None and validate_plan(self.task, self.known_optimal, start=self.state).valid:
            return len(self.known_optimal), self.known_optimal
        return None, None

    @property
    def opt(self) -> int | None:
        return self.opt_and_plan[0]

    @cached_property
    def next_actions(self) -> tuple[set[int], set[int]]:
        """(known improving applicable actions, known non-improving ones); the rest are unknown."""
        opt, plan = self.opt_and_plan
        good: set[int] = set()
        bad: set[int] = set()
        if opt is None:
            return good, bad
        first = self.task.action(plan[0]) if plan else None
        for action in self.task.applicable(self.state):
            if first is not None and action.index == first.index:
                good.add(action.index)
                continue
            outcome = bounded_search(
                self.task, action.apply(self.state), self.task.is_goal, DECISION_STATES, max_depth=opt - 1
            )
            if outcome.found is True and outcome.depth == opt - 1:
                good.add(action.index)
            elif outcome.found is not None:
                bad.add(action.index)
        return good, bad

    def optimal_plan(self) -> list[str] | None:
        return self.opt_and_plan[1]

    @cached_property
    def landmark_candidates(self) -> int:
        """Atoms (false now, not in the goal) that every known plan makes true."""
        # Only plans known without a planner call: the sampled one and a cheap optimal one.
        plans = [p for p in [*self.plans, self.searched_optimal[1]] if p is not None]
        if not plans:
            return 0
        common = ~0
        for plan in plans:
            common &= _traversed(self.task, plan, self.state)
        return common & ~(self.state | self.task.goal_pos) & fluent_mask(self.task)

    @cached_property
    def landmark_decisions(self) -> tuple[int, int]:
        """(proven landmarks, proven non-landmarks) among the candidates."""
        proven, refuted = 0, 0
        for atom in bit_indices(self.landmark_candidates):
            if proves_landmark(self.task, self.state, atom):
                proven |= 1 << atom
                continue
            bit = 1 << atom
            outcome = bounded_search(self.task, self.state, self.task.is_goal, DECISION_STATES, avoid=_holds_bit(bit))
            if outcome.found is False:
                proven |= bit
            elif outcome.found is True:
                refuted |= bit
        return proven, refuted

    @property
    def landmarks(self) -> int:
        return self.landmark_decisions[0]


def pruned_action_examples(task: Task, limit: int = MAX_PRUNED_EXAMPLES) -> list[str]:
    """Well-formed ground actions that grounding pruned (static precondition false):
    they can never become applicable. At most ``limit``, in schema order."""
    found: list[str] = []
    for name in _well_formed_groundings(task):
        if name not in task.action_index:
            found.append(name)
            if len(found) >= limit:
                break
    return found


def _well_formed_groundings(task: Task) -> Iterator[str]:
    objects_of = _objects_by_type(task)
    scanned = 0
    for schema, param_types in task.action_schemas.items():
        domains = [objects_of(kind) for kind in param_types]
        total = 1
        for domain in domains:
            total *= len(domain)
        grounded = sum(1 for a in task.actions if a.name[1:].split()[0].rstrip(")") == schema.lower())
        if total <= grounded:
            continue  # every well-formed grounding of this schema survived grounding
        for args in product(*domains):
            scanned += 1
            if scanned > MAX_PRUNED_SCAN:
                return
            yield "(" + " ".join((schema, *args)).lower() + ")"


def _objects_by_type(task: Task) -> Callable[[str], list[str]]:
    def objects_of(kind: str) -> list[str]:
        return [name for name in task.objects if _has_type(task, name, kind)]

    return objects_of


def _has_type(task: Task, obj: str, kind: str) -> bool:
    if kind == "object":
        return True
    current: str | None = task.objects.get(obj)
    while current is not None:
        if current == kind:
            return True
        current = task.types.get(current)
    return False


def _traversed(task: Task, plan: Sequence[str], state: int) -> int:
    """Mask of the atoms true in some state along ``plan`` from ``state``."""
    mask = state
    for name in plan:
        action = task.action(name)
        if action is None or not action.is_applicable(state):
            break
        state = action.apply(state)
        mask |= state
    return mask


def _action_indices(task: Task, plan: Sequence[str]) -> Iterator[int]:
    for name in plan:
        action = task.action(name)
        if action is not None:
            yield action.index


def _holds_bit(bit: int) -> Callable[[int], bool]:
    """A test of states: does the state hold the atom of ``bit``?"""
    return lambda state: bool(state & bit)
