"""household-acp's words: the picture shows only what is in view, so the prompt says the rest."""

from __future__ import annotations

from scorer.families.household.configs.acp import household_words
from scorer.families.household.generate import ACTIVITY, generate_problem
from scorer.families.household.sight import sight


def test_facts_out_of_view_are_said_in_words_and_those_in_view_are_not() -> None:
    problem = generate_problem(ACTIVITY["packing_food_for_work"], "medium", "test/acp", "acp")
    task = problem.task()
    words = household_words(problem.scene)
    assert words.static_words is not None
    start = sight(problem.scene, task.true_atoms(task.init))
    said = words.static_words(task, task.init)
    for atom in task.true_atoms(task.init):
        _, *args = atom.strip("()").split()
        if not set(args) <= start.visible:
            assert words.atom_text(atom) in said, f"{atom} is out of view and must be said"
        else:
            assert words.atom_text(atom) not in said, f"{atom} is in the picture"
    closed_out_of_view = [c for c, t in task.objects.items() if t == "container" and c not in start.visible]
    closed_out_of_view = [c for c in closed_out_of_view if not task.holds(task.init, f"(open {c})")]
    assert all(f"the {c} is closed" in said for c in closed_out_of_view)
