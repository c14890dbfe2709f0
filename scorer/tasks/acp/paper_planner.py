"""Stand-ins for ACPBench Hard's planner calls, answered by our oracle.

ACPBench Hard's evaluators ask a planner where their key does not decide
(``src/evaluators``: ``is_unsolvable_new_goal``, ``get_action_preconditions``, ``is_plan``,
``is_on_optimal_plan`` of its ``utils`` package, which is not published; K* with a time
limit there). Here our oracle answers the same four questions (the delete relaxation, an
explicit search, then a planner through unified-planning), so the paper's reading follows
their evaluators with our planner. None: undecided (a bound was hit), which scores 0 as a
timeout does there.

A text that names no ground atom or action of the task (an unknown predicate, object or
schema, wrong arity or types) is "not solvable" for their planner call: it fails, and the
evaluator scores False. A well-typed static fact is an atom of the task: a false one can
never hold (their planner proves it), a true one holds already.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorer.pddl import Task, allow_shared_names, check_plan, normalize_name

from .judge import load_task
from .oracle import get_oracle


def atom_unreachable(domain_pddl: str, problem_pddl: str, atom: str) -> bool | None:
    """``is_unsolvable_new_goal(domain, problem, atom)``: the atom can never hold from the
    problem's initial state. False when it is not an atom of the task."""
    task = load_task(domain_pddl, problem_pddl)
    index = task.atom_index.get(normalize_name(atom))
    if index is None:
        return False
    bit = 1 << index
    if task.static_atoms & bit:
        return not task.init & bit
    decision = get_oracle().atom_reachable(domain_pddl, task, task.init, index)
    return None if decision.holds is None else not decision.holds


def action_unreachable(domain_pddl: str, problem_pddl: str, action: str) -> bool | None:
    """``get_action_preconditions`` then ``is_unsolvable_new_goal`` on them: the action can
    never become applicable. False when it is not an action of the task (no preconditions)."""
    task = load_task(domain_pddl, problem_pddl)
    if not task.is_well_formed_action(action):
        return False
    ground = task.action(action)
    if ground is None:  # grounding pruned it: a static precondition is false
        return True
    decision = get_oracle().action_reachable(domain_pddl, task, task.init, ground)
    return None if decision.holds is None else not decision.holds


def is_plan(domain_pddl: str, problem_pddl: str, plan: list[str]) -> bool:
    """``is_plan``: every step applicable in turn from the initial state, the goal reached.
    Only the actions the plan names are grounded (``validate_plan`` of the task's verdict):
    a problem of 52,000 atoms was grounded whole to check a plan of ten steps."""
    allow_shared_names()
    return check_plan(domain_pddl, problem_pddl, [normalize_name(step) for step in plan]).valid


def on_optimal_plan(
    domain_pddl: str,
    problem_pddl: str,
    action: str,
    opt: int | None,
    closer: Sequence[str] = (),
    not_closer: Sequence[str] = (),
) -> bool | None:
    """``is_on_optimal_plan``: the action applies and leads one step closer to the goal
    (h* after it is ``opt`` - 1). ``closer`` and ``not_closer`` are actions already known
    either way (the key's yes and no): an action that is their image under exchanging two
    interchangeable objects (same type, the state and the goal unchanged by the exchange)
    has the same verdict, which settles what a search cannot reach (a task of 40 like
    objects 65 steps from its goal) as a planner would."""
    task = load_task(domain_pddl, problem_pddl)
    ground = task.action(action)
    if ground is None or opt is None or not ground.is_applicable(task.init):
        return False
    for known, verdict in ((closer, True), (not_closer, False)):
        if any(_interchangeable(task, action, other) for other in known):
            return verdict
    decision = get_oracle().goal_distance_is(domain_pddl, task, ground.apply(task.init), int(opt) - 1)
    return decision.holds


def _interchangeable(task: Task, action: str, other: str) -> bool:
    """Whether exchanging the objects in which the two actions differ maps one to the other
    and leaves the state and the goal as they are."""
    mine, theirs = normalize_name(action)[1:-1].split(), normalize_name(other)[1:-1].split()
    if len(mine) != len(theirs) or mine[0] != theirs[0] or mine == theirs:
        return False
    exchange: dict[str, str] = {}
    for a, b in zip(mine[1:], theirs[1:], strict=True):
        if a != b:
            if exchange.get(a, b) != b or exchange.get(b, a) != a or task.objects.get(a) != task.objects.get(b):
                return False
            exchange[a], exchange[b] = b, a
    if task.goal_general is not None:
        return False

    def exchanged(atoms: Iterable[str]) -> set[str]:
        return {"(" + " ".join(exchange.get(word, word) for word in atom[1:-1].split()) + ")" for atom in atoms}

    state = task.true_atoms(task.init)
    positive, negative = task.goal_atoms()
    return all(exchanged(atoms) == set(atoms) for atoms in (state, positive, negative))
