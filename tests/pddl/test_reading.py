"""Reading PDDL with one reader per process and each domain's syntax tree and actions kept
gives the problem that unified-planning's public reader, made anew for every problem, gives."""

from __future__ import annotations

import pytest
from unified_planning.io import PDDLReader

from scorer.pddl import Task, parse_task
from scorer.pddl._grounder import ground_problem
from scorer.pddl._reading import _domain, _reader, read_problem
from tests.pddl.test_init_variants import signature

# The IPC blocksworld with a total-cost fluent: the reader remembers the fluent between
# parses, so a problem of another domain read after it must not see it.
COSTED_DOMAIN = """(define (domain costed)
  (:requirements :strips :action-costs)
  (:predicates (on ?x ?y) (ontable ?x) (clear ?x) (handempty) (holding ?x))
  (:functions (total-cost) - number)
  (:action pick-up :parameters (?x) :precondition (and (clear ?x) (ontable ?x) (handempty))
    :effect (and (not (ontable ?x)) (not (clear ?x)) (not (handempty)) (holding ?x) (increase (total-cost) 1)))
  (:action stack :parameters (?x ?y) :precondition (and (holding ?x) (clear ?y))
    :effect (and (not (holding ?x)) (not (clear ?y)) (clear ?x) (handempty) (on ?x ?y) (increase (total-cost) 2))))
"""
COSTED_PROBLEM = """(define (problem costed-1) (:domain costed) (:objects a b)
  (:init (clear a) (clear b) (ontable a) (ontable b) (handempty) (= (total-cost) 0))
  (:goal (on a b)) (:metric minimize (total-cost)))
"""


def public_read(domain: str, problem: str) -> Task:
    """The task as unified-planning's public API reads it: a new reader, every text parsed."""
    return ground_problem(PDDLReader().parse_problem_string(domain, problem))


@pytest.fixture
def samples(gripper, blocks4, shop, blocksworld_domain, hard_problem) -> list[tuple[str, str]]:
    return [gripper, (COSTED_DOMAIN, COSTED_PROBLEM), blocks4, shop, (blocksworld_domain, hard_problem)]


def test_every_read_equals_the_public_readers_in_any_order(samples: list[tuple[str, str]]) -> None:
    for domain, problem in samples + samples[::-1]:  # each domain's tree is reused the second time
        assert signature(ground_problem(read_problem(domain, problem))) == signature(public_read(domain, problem))


def test_every_model_equals_the_public_readers(samples: list[tuple[str, str]]) -> None:
    """The model itself, not only its task: the kept actions, added after the problem's
    objects, make the same Problem (the costed one, with a metric, is read whole; without
    it, on the kept actions)."""
    unmeasured = (COSTED_DOMAIN, COSTED_PROBLEM.replace("(:metric minimize (total-cost))", ""))
    for domain, problem in [*samples, unmeasured, *samples[::-1]]:
        ours, public = read_problem(domain, problem), PDDLReader().parse_problem_string(domain, problem)
        assert ours == public and str(ours) == str(public)


def test_problems_of_one_domain_get_actions_of_their_own(make_blocksworld_problem, blocksworld_domain) -> None:
    first, second = (read_problem(blocksworld_domain, make_blocksworld_problem(4, 3, seed)) for seed in range(2))
    assert first.actions == second.actions
    assert all(a is not b for a, b in zip(first.actions, second.actions))


def test_problems_of_one_domain_share_its_tree_and_the_reader(make_blocksworld_problem, blocksworld_domain) -> None:
    _domain.cache_clear()
    parse_task.cache_clear()
    reader = _reader()
    problems = [make_blocksworld_problem(4, 3, seed) for seed in range(3)]
    for problem in problems:
        assert signature(parse_task(blocksworld_domain, problem)) == signature(public_read(blocksworld_domain, problem))
    assert _domain.cache_info().misses == 1 and _domain.cache_info().hits == len(problems) - 1
    assert _reader() is reader


def test_the_total_cost_of_one_domain_does_not_leak_into_the_next(blocks4: tuple[str, str]) -> None:
    costed = read_problem(COSTED_DOMAIN, COSTED_PROBLEM)
    plain = read_problem(*blocks4)
    assert costed.quality_metrics and not plain.quality_metrics
    assert [f.name for f in plain.fluents] == [f.name for f in PDDLReader().parse_problem_string(*blocks4).fluents]


def test_pyparsings_memo_is_off_while_pddl_is_read_and_back_after(blocks4: tuple[str, str]) -> None:
    """unified-planning turns packrat on for the process; the PDDL grammar reads faster
    without it, and pyparsing's other users get it back."""
    from pyparsing import ParserElement

    ParserElement.enable_packrat()
    seen = []
    before = ParserElement._parseNoCache

    def spy(self, *args, **kwargs):  # records which parse method the reader calls
        seen.append(ParserElement._packratEnabled)
        return before(self, *args, **kwargs)

    ParserElement._parseNoCache = spy
    try:
        read_problem(*blocks4)
    finally:
        ParserElement._parseNoCache = before
    assert seen and not any(seen)
    assert ParserElement._packratEnabled
