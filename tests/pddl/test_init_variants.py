"""Problems differing only in :init are grounded once (``parse_task_variant``), and each
variant equals the task parsed from its own text."""

from __future__ import annotations

import pytest

from scorer.pddl import Task, parse_task, parse_task_variant, split_init
from scorer.pddl._init_variants import _bases

# The blocksworld fixture's four blocks: one on another, and another state of the same problem.
INIT = "(:INIT (CLEAR C) (CLEAR A) (CLEAR B) (CLEAR D) (ONTABLE C) (ONTABLE A) (ONTABLE B) (ONTABLE D) (HANDEMPTY))"
OTHER_INIT = "(:init (clear d) (on d c) (ontable c) (clear a) (ontable a) (clear b) (ontable b) (handempty))"


def signature(task: Task) -> tuple[object, ...]:
    """Everything a task holds, actions included, as comparable values."""
    actions = [
        (a.name, a.index, a.pre_pos, a.pre_neg, a.add, a.delete, a.cond_effects, repr(a.pre_general))
        for a in task.actions
    ]
    return (
        task.name,
        task.atoms,
        task.init,
        task.goal_pos,
        task.goal_neg,
        repr(task.goal_general),
        task.static_atoms,
        task.objects,
        task.types,
        task.predicates,
        task.action_schemas,
        actions,
    )


def fresh_parse(domain: str, problem: str) -> Task:
    parse_task.cache_clear()
    return parse_task(domain, problem)


def test_a_variant_is_its_sibling_with_another_init_and_equals_its_own_parse(blocks4: tuple[str, str]) -> None:
    domain, problem = blocks4
    assert INIT in problem
    _bases.clear()
    first = parse_task_variant(domain, problem)
    variant_text = problem.replace(INIT, OTHER_INIT)
    variant = parse_task_variant(domain, variant_text)
    assert variant.actions is first.actions  # grounded once: the sibling's actions
    assert variant.init != first.init
    assert signature(variant) == signature(fresh_parse(domain, variant_text))


def test_other_static_facts_are_parsed_in_full(gripper: tuple[str, str]) -> None:
    domain, problem = gripper
    _bases.clear()
    first = parse_task_variant(domain, problem)
    # (connected ...) is static: without the road hall-kitchen, grounding drops actions.
    fewer_roads = problem.replace("(connected kitchen hall) (connected hall kitchen)", "")
    variant = parse_task_variant(domain, fewer_roads)
    assert variant.actions is not first.actions and len(variant.actions) < len(first.actions)
    assert signature(variant) == signature(fresh_parse(domain, fewer_roads))
    with pytest.raises(ValueError, match="static facts"):
        first.with_init(variant.init)


@pytest.mark.parametrize(
    "init",
    [
        "(:init (on a b) (not (clear b)))",  # a negated entry
        "(:init (on a b) (= (total-cost) 0))",  # a numeric one
        "(:init (on a b) ; a comment (with parentheses\n)",
    ],
)
def test_an_init_beyond_plain_atoms_is_not_split(init: str) -> None:
    assert split_init(f"(define (problem p) (:domain d) (:objects a b) {init} (:goal (on a b)))") is None


def test_split_init_cuts_the_section_and_normalises_its_atoms() -> None:
    rest, atoms = split_init("(define (problem p) (:domain d) (:INIT (On A  B) (HandEmpty)) (:goal (on a b)))") or (
        "",
        [],
    )
    assert rest == "(define (problem p) (:domain d)  (:goal (on a b)))"
    assert atoms == ["(on a b)", "(handempty)"]
