"""Blocksworld domain: layouts <-> atoms, the generator's bands, the verbalizer."""

from __future__ import annotations

import pytest

from scorer.families.blocksworld import (
    DIFFICULTIES,
    domain_pddl,
    generate_problem,
    goal_text,
    layout_from_atoms,
    problem_pddl,
    question,
)
from scorer.families.blocksworld.state import layout_atoms
from scorer.pddl import bfs, parse_task, validate_plan

LAYOUT = (("r", "g"), (), ("b",), ("y", "o", "p"))


def test_layout_round_trips_through_the_pddl_state() -> None:
    task = parse_task(domain_pddl(), problem_pddl("t", LAYOUT, LAYOUT))
    assert layout_from_atoms(task.true_atoms(task.init), 4) == LAYOUT
    assert task.is_goal(task.init)


def test_column_order_facts_are_transitively_closed() -> None:
    task = parse_task(domain_pddl(), problem_pddl("t", LAYOUT, LAYOUT))
    assert task.holds(task.init, "(rightof c4 c1)")
    assert task.holds(task.init, "(leftof c1 c4)")
    assert not task.holds(task.init, "(rightof c1 c1)")


def test_layout_atoms_describe_stacks() -> None:
    atoms = set(layout_atoms(LAYOUT))
    assert {"(on g r)", "(clear g)", "(incolumn r c1)", "(on p o)", "(clear b)"} <= atoms
    assert "(clear r)" not in atoms


@pytest.mark.parametrize("name", ["simple", "medium", "hard"])
def test_generated_problems_have_optimal_length_in_the_band(name: str) -> None:
    difficulty = DIFFICULTIES[name]
    taken: set = set()
    for index in range(2):
        problem = generate_problem(difficulty, f"test/{name}/{index}", f"p{index}", taken)
        assert len(problem.init) == difficulty.n_columns
        assert sum(map(len, problem.init)) == difficulty.n_blocks
        assert max(map(len, problem.init)) <= difficulty.max_init_height
        task = problem.task()
        optimal = bfs(task)
        assert optimal.length == problem.optimal_length
        assert difficulty.min_length <= optimal.length <= difficulty.max_length
        assert validate_plan(task, problem.optimal_plan).valid


def test_generator_is_deterministic_and_avoids_duplicates() -> None:
    difficulty = DIFFICULTIES["simple"]
    first = generate_problem(difficulty, "seed-x", "a", set())
    again = generate_problem(difficulty, "seed-x", "a", set())
    assert first == again
    taken = {(first.init, first.goal)}
    other = generate_problem(difficulty, "seed-x", "a", taken)
    assert (other.init, other.goal) != (first.init, first.goal)


def test_questions_use_viplan_templates() -> None:
    assert question("(on r g)") == "Is the red block on top of the green block?"
    assert question("(incolumn r c2)") == 'Is the red block in the column labeled "c2"?'
    assert question("(clear p)") == "Is the purple block the topmost of its column?"
    assert question("(leftof c1 c3)", text_view=True) == "Is the first column to the left of the third column?"


def test_goal_text_names_every_block() -> None:
    text = goal_text((("r", "g"), (), ("b",), ()))
    assert text == (
        "The red block needs to be in the column with label 'c1'. "
        "The green block needs to be on top of the red block, needs to be the topmost block in its column "
        "and needs to be in the column with label 'c1'. "
        "The blue block needs to be the topmost block in its column and needs to be in the column with label 'c3'."
    )
