"""The three views: deterministic, and they show what the state says."""

from __future__ import annotations

from PIL import ImageChops

from scorer.families.household.generate import ACTIVITY, generate_problem
from scorer.families.household.sight import sight
from scorer.families.household.trajectory import plan_states
from scorer.families.household.view_2d import render_2d
from scorer.families.household.view_3d import _render, render_3d
from scorer.families.household.view_text import render_text


def _problem():
    return generate_problem(ACTIVITY["packing_food_for_work"], "simple", "test/views", "views")


def test_views_are_deterministic_and_change_with_the_state() -> None:
    states = plan_states(_problem())
    first = render_3d(states[0].seen)
    _render.cache_clear()
    assert not ImageChops.difference(first, render_3d(states[0].seen)).getbbox(), "same state, same pixels"
    pictures = [render_3d(s.seen).tobytes() for s in states]
    assert len(set(pictures)) == len(pictures), "every step of the plan changes the first-person view"
    plans = [render_2d(s.seen).tobytes() for s in states]
    assert len(set(plans)) >= len(states) - 1, "the floor plan shows the agent moving and objects appearing"


def test_text_view_says_what_is_open_inside_and_held() -> None:
    problem = _problem()
    task = problem.task()
    source = next(a.split()[2].rstrip(")") for a in problem.init if a.startswith("(inside"))
    item = next(a.split()[1] for a in problem.init if a.startswith("(inside"))
    state = task.successor(task.init, f"(navigate-to {source})")
    closed = render_text(sight(problem.scene, task.true_atoms(state)))
    assert f"{source} (closed)" in closed and item not in closed
    state = task.successor(state, f"(open-container {source})")
    opened = render_text(sight(problem.scene, task.true_atoms(state)))
    assert f"Inside the {source}: {item}." in opened
    state = task.successor(state, f"(grasp {item})")
    assert render_text(sight(problem.scene, task.true_atoms(state))).endswith(f"You are holding the {item}.")
