"""Our generator: every activity at every difficulty, optimal lengths in ViPlan's bands,
and the words of ViPlan's household client."""

from __future__ import annotations

import pytest

from scorer.families.household.generate import ACTIVITIES, BANDS, DIFFICULTIES, generate_problem
from scorer.families.household.problem import optimal_plan
from scorer.families.household.verbalize import goal_text, hidden_facts, question
from scorer.pddl import bfs


@pytest.mark.parametrize("activity", ACTIVITIES, ids=lambda a: a.name)
def test_each_activity_makes_problems_in_every_band(activity) -> None:
    for difficulty in DIFFICULTIES:
        problem = generate_problem(activity, difficulty, f"test/{activity.name}/{difficulty}", "p")
        low, high = BANDS[difficulty]
        assert low <= problem.optimal_length <= high, f"{activity.name} {difficulty}: {problem.optimal_length}"
        assert problem == generate_problem(activity, difficulty, f"test/{activity.name}/{difficulty}", "p")


def test_a_star_lengths_are_those_of_breadth_first_search() -> None:
    """The goal-count heuristic is admissible: A* finds plans as short as BFS on small problems."""
    for activity in ACTIVITIES:
        problem = generate_problem(activity, "simple", f"bfs/{activity.name}", "p")
        task = problem.task()
        assert len(optimal_plan(task)) == bfs(task).length


def test_viplan_words() -> None:
    assert question("(inside bowl_1 cabinet_1)") == "Is the bowl_1 inside the cabinet_1?"
    assert question("(reachable cabinet_1)") == "Is the cabinet_1 in reach of the agent?"
    assert goal_text(["(ontop bowl_1 sink_1)", "(not (open door_1))"]) == (
        "The bowl_1 needs to be on top of the sink_1.\nThe door_1 needs to be closed."
    )
    atoms = ["(inside bowl_1 cabinet_1)", "(inside spoon_1 cabinet_2)", "(reachable spoon_1)"]
    assert hidden_facts(atoms) == ["the bowl_1 is inside the cabinet_1"]  # ViPlan's preds_templates
