"""Parsing and grounding: names, orders, static pruning, semantics, refusals."""

from __future__ import annotations

import pytest

from scorer.pddl import PDDLParseError, Task, UnsupportedPDDL, astar, normalize_name, parse_task


@pytest.fixture(scope="module")
def hard_task(blocksworld_domain: str, hard_problem: str) -> Task:
    return parse_task(blocksworld_domain, hard_problem)


@pytest.fixture(scope="module")
def gripper_task(gripper: tuple[str, str]) -> Task:
    return parse_task(*gripper)


def test_atom_table_order_and_static_mask(hard_task: Task) -> None:
    assert len(hard_task.atoms) == 36 + 24 + 6 + 16 + 16
    assert hard_task.atoms[:3] == ("(on r r)", "(on r o)", "(on r p)")
    assert hard_task.atoms[36] == "(incolumn r c1)"
    assert hard_task.atoms[-1] == "(leftof c4 c4)"
    assert hard_task.atom_index["(clear b)"] == 65
    static = {atom for i, atom in enumerate(hard_task.atoms) if hard_task.static_atoms >> i & 1}
    assert static == {atom for atom in hard_task.atoms if atom.startswith(("(rightof", "(leftof"))}
    assert hard_task.predicates["incolumn"] == ["block", "column"]
    assert hard_task.objects["c3"] == "column"


def test_action_order_and_lookup(hard_task: Task) -> None:
    assert len(hard_task.actions) == 24
    assert [a.name for a in hard_task.actions[:5]] == [
        "(moveblock r c1)",
        "(moveblock r c2)",
        "(moveblock r c3)",
        "(moveblock r c4)",
        "(moveblock o c1)",
    ]
    assert all(action.index == i for i, action in enumerate(hard_task.actions))
    assert hard_task.action("( MoveBlock  r c1 )") is hard_task.actions[0]
    assert hard_task.action("(moveblock r\tc1)") is hard_task.actions[0]
    assert hard_task.action("(moveblock r c9)") is None
    assert normalize_name("  ( On  R\nG ) ") == "(on r g)"


def test_state_helpers(hard_task: Task) -> None:
    init = hard_task.init
    assert hard_task.holds(init, "(ON O R)") and not hard_task.holds(init, "(on r o)")
    assert hard_task.state_from_atoms(hard_task.true_atoms(init)) == init
    with pytest.raises(KeyError, match="on r zz"):
        hard_task.state_from_atoms(["(on r zz)"])


def test_precondition_and_effect_atoms(hard_task: Task) -> None:
    action = hard_task.action("(moveblock o c1)")
    assert action is not None and hard_task.is_applicable(hard_task.init, action)
    assert action.precondition_atoms() == (["(clear o)"], ["(incolumn o c1)"])
    added, deleted = action.effect_atoms(hard_task, hard_task.init)
    assert sorted(added) == ["(clear o)", "(clear r)", "(incolumn o c1)", "(on o b)"]
    assert sorted(deleted) == ["(clear b)", "(incolumn o c2)", "(on o r)"]
    added, _ = action.effect_atoms(hard_task, hard_task.init, changes_only=True)
    assert "(clear o)" not in added  # already true
    after = hard_task.successor(hard_task.init, action)
    assert hard_task.holds(after, "(on o b)") and hard_task.holds(after, "(clear r)")
    assert not hard_task.holds(after, "(clear b)")
    blocked = hard_task.action("(moveblock r c1)")
    assert blocked is not None and not hard_task.is_applicable(hard_task.init, blocked)
    with pytest.raises(ValueError, match="not applicable"):
        hard_task.successor(hard_task.init, blocked)


def test_type_hierarchy_constants_and_static_pruning(gripper_task: Task) -> None:
    task = gripper_task
    assert list(task.objects) == ["lobby", "kitchen", "hall", "b1", "hb", "w"]
    assert task.types["heavy-ball"] == "ball" and task.types["ball"] == "thing"
    carry = [atom for atom in task.atoms if atom.startswith("(carry")]
    assert carry == ["(carry b1)", "(carry hb)", "(carry w)"]
    moves = [action.name for action in task.actions if action.name.startswith("(move")]
    # (connected ?from ?to) is static: only the four connected pairs survive.
    assert moves == ["(move lobby kitchen)", "(move kitchen lobby)", "(move kitchen hall)", "(move hall kitchen)"]
    assert task.is_well_formed_action("(move hall hall)") and task.action("(move hall hall)") is None
    assert not task.is_well_formed_action("(move b1 hall)")
    assert "(free)" in task.atoms


def test_general_precondition_and_goal(gripper_task: Task) -> None:
    task = gripper_task
    into_kitchen = task.action("(move lobby kitchen)")
    into_lobby = task.action("(move kitchen lobby)")
    assert into_kitchen is not None and into_kitchen.pre_general is not None
    assert into_lobby is not None and into_lobby.pre_general is None  # (= ?to Lobby) folded to true
    assert into_kitchen.precondition_text() == "(and (at-robby lobby) (or (lit kitchen) (lit lobby)))"
    assert task.goal_general is not None
    assert task.goal_text() == "(and (at b1 hall) (not (lit kitchen)) (or (at hb lobby) (carry w)))"
    state = task.state_from_atoms(["(at b1 hall)", "(carry w)"])
    assert task.is_goal(state)
    assert not task.is_goal(task.state_from_atoms(["(at b1 hall)", "(carry w)", "(lit kitchen)"]))
    assert not task.is_goal(task.state_from_atoms(["(at b1 hall)"]))


SEMANTICS_DOMAIN = """(define (domain sem)
  (:requirements :strips :conditional-effects :negative-preconditions)
  (:predicates (p) (q) (r))
  (:action both :parameters () :precondition (and) :effect (and (not (p)) (p)))
  (:action toggle :parameters () :precondition (and)
    :effect (and (when (p) (not (p))) (when (not (p)) (p)) (when (p) (q))))
  (:action never :parameters () :precondition (and (r) (not (r))) :effect (q)))
"""
SEMANTICS_PROBLEM = "(define (problem s) (:domain sem) (:init) (:goal (and (p) (not (q)))))"


def test_add_wins_and_conditions_read_old_state() -> None:
    task = parse_task(SEMANTICS_DOMAIN, SEMANTICS_PROBLEM)
    assert [action.name for action in task.actions] == ["(both)", "(toggle)"]  # contradiction dropped
    p_only = task.state_from_atoms(["(p)"])
    assert task.successor(0, "(both)") == p_only
    assert task.successor(p_only, "(both)") == p_only
    assert task.successor(0, "(toggle)") == p_only
    assert task.successor(p_only, "(toggle)") == task.state_from_atoms(["(q)"])
    assert task.is_goal(p_only) and not task.is_goal(0)
    assert task.goal_atoms() == (["(p)"], ["(q)"])


def test_upper_case_untyped_domain(blocks4: tuple[str, str]) -> None:
    task = parse_task(*blocks4)
    assert "(handempty)" in task.atoms and "(on d c)" in task.atoms
    assert task.holds(task.init, "(HandEmpty)")
    assert len(task.actions) == 4 + 4 + 16 + 16


@pytest.mark.parametrize(
    ("domain", "feature"),
    [
        (
            "(define (domain d) (:requirements :strips :derived-predicates) (:predicates (p) (q))"
            " (:derived (q) (p)) (:action a :parameters () :precondition (q) :effect (p)))",
            "derived",
        ),
        (
            "(define (domain d) (:requirements :durative-actions) (:predicates (p))"
            " (:durative-action a :parameters () :duration (= ?duration 1)"
            " :condition (at start (not (p))) :effect (at end (p))))",
            "durative",
        ),
        (
            "(define (domain d) (:requirements :strips :numeric-fluents) (:predicates (p)) (:functions (f))"
            " (:action a :parameters () :precondition (> (f) 1) :effect (p)))",
            "numeric",
        ),
        (
            "(define (domain d) (:requirements :strips :numeric-fluents) (:predicates (p)) (:functions (f))"
            " (:action a :parameters () :precondition (p) :effect (assign (f) 3)))",
            "numeric",
        ),
    ],
)
def test_unsupported_features_are_refused(domain: str, feature: str) -> None:
    with pytest.raises(UnsupportedPDDL, match=feature):
        parse_task(domain, "(define (problem x) (:domain d) (:init (p)) (:goal (p)))")


TIMED_DOMAIN = """(define (domain d) (:requirements :strips :timed-initial-literals :constraints)
  (:predicates (p) (q)) (:action a :parameters () :precondition (p) :effect (q)))"""


@pytest.mark.parametrize(
    ("problem", "feature"),
    [
        ("(:init (p) (at 10 (q))) (:goal (q))", "continuous_time"),
        ("(:init (p)) (:goal (q)) (:constraints (always (p)))", "state_invariants"),
        ("(:init (p)) (:goal (q)) (:constraints (sometime (q)))", "trajectory_constraints"),
    ],
)
def test_timed_and_constrained_problems_are_refused_by_their_feature(problem: str, feature: str) -> None:
    """A problem's own timed literals and PDDL3 constraints (its domain is plain STRIPS): the
    kind is computed only for such problems, and names the feature."""
    with pytest.raises(UnsupportedPDDL, match=feature):
        parse_task(TIMED_DOMAIN, f"(define (problem x) (:domain d) {problem})")


COST_DOMAIN = """(define (domain c) (:requirements :strips :typing :action-costs)
  (:types t) (:predicates (p ?x - t) (q ?x - t))
  (:functions (total-cost) - number (w ?x - t) - number)
  (:action a :parameters (?x - t) :precondition (p ?x) :effect (and (q ?x) (increase (total-cost) (w ?x)))))
"""


@pytest.mark.parametrize("metric", ["(:metric minimize (total-cost))", ""])
def test_action_costs_are_ignored(metric: str) -> None:
    problem = (
        "(define (problem c1) (:domain c) (:objects o1 o2 - t)"
        f" (:init (p o1) (= (w o1) 3) (= (w o2) 4)) (:goal (q o1)) {metric})"
    )
    task = parse_task(COST_DOMAIN, problem)
    assert [action.name for action in task.actions] == ["(a o1)"]  # (p o2) is statically false
    assert task.is_goal(task.successor(task.init, "(a o1)"))


def test_parse_errors_are_reported() -> None:
    with pytest.raises(PDDLParseError):
        parse_task("(define (domain d)", "(define (problem x))")


def test_with_goal_equals_the_task_parsed_with_that_goal(blocks4: tuple[str, str]) -> None:
    domain, problem = blocks4
    parsed = parse_task(domain, problem)
    goal_atoms = [a for a in parsed.atoms if parsed.goal_pos >> parsed.atom_index[a] & 1]
    assert goal_atoms, "the fixture's goal is a conjunction of atoms"
    goal = "(:goal (AND (ON D C) (ON C B) (ON B A)))"
    assert goal in problem
    start = problem.replace(goal, "(:goal (AND (HANDEMPTY)))")  # the same task with another goal
    swapped = parse_task(domain, start).with_goal(goal_atoms)
    for field_name in ("atoms", "init", "goal_pos", "goal_neg", "goal_general", "static_atoms"):
        assert getattr(swapped, field_name) == getattr(parsed, field_name), field_name
    assert [a.name for a in swapped.actions] == [a.name for a in parsed.actions]
    assert astar(swapped).plan == astar(parsed).plan


def test_a_task_of_more_than_14000_atoms_with_conditional_effects() -> None:
    # Its masks have more than 4,300 decimal digits, Python's limit on int <-> str
    # conversion: the successor code must hold no mask as a literal.
    nodes = [f"n{i}" for i in range(125)]
    domain = """(define (domain web) (:requirements :strips :conditional-effects)
      (:predicates (link ?a ?b) (mark ?a))
      (:action spread :parameters (?a) :precondition (mark ?a)
        :effect (forall (?b) (when (link ?a ?b) (mark ?b))))
      (:action cut :parameters (?a ?b) :precondition (link ?a ?b) :effect (not (link ?a ?b))))"""
    links = " ".join(f"(link {a} {b})" for a, b in zip(nodes, nodes[1:]))
    problem = f"""(define (problem chain) (:domain web) (:objects {" ".join(nodes)})
      (:init {links} (mark n0)) (:goal (mark n124)))"""
    task = parse_task(domain, problem)
    assert len(task.atoms) == 125 * 125 + 125
    state = task.successor(task.init, "(spread n0)")
    assert task.holds(state, "(mark n1)") and not task.holds(state, "(mark n2)")
    assert task.successor(state, "(spread n1)") == task.state_from_atoms([*task.true_atoms(state), "(mark n2)"])
