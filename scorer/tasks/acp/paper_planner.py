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

from scorer.pddl import normalize_name, validate_plan

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
    """``is_plan``: every step applicable in turn from the initial state, the goal reached."""
    task = load_task(domain_pddl, problem_pddl)
    return validate_plan(task, [normalize_name(step) for step in plan], start=task.init).valid


def on_optimal_plan(domain_pddl: str, problem_pddl: str, action: str, opt: int | None) -> bool | None:
    """``is_on_optimal_plan``: the action applies and leads one step closer to the goal
    (h* after it is ``opt`` - 1)."""
    task = load_task(domain_pddl, problem_pddl)
    ground = task.action(action)
    if ground is None or opt is None or not ground.is_applicable(task.init):
        return False
    decision = get_oracle().goal_distance_is(domain_pddl, task, ground.apply(task.init), int(opt) - 1)
    return decision.holds
