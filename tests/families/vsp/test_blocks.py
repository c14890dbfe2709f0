"""VSP's blocks world: moves and their legality, shortest plans, the text forms VSP
writes, and the PDDL agreeing with the game (planner lengths, plan validation)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from scorer.families.vsp.blocks import (
    IllegalMove,
    Move,
    Stacks,
    apply,
    canonical,
    distances,
    legal_moves,
    same,
    shortest_plan,
)
from scorer.families.vsp.blocks_pddl import domain_pddl, ground_plan, problem_pddl
from scorer.families.vsp.blocks_questions import random_state
from scorer.families.vsp.blocks_text import pure_text, read_bird, read_pure_text, read_table, table_text
from scorer.pddl import FailureReason, bfs, parse_task, validate_plan

EXAMPLE = (("purple",), ("blue",), ("orange", "red"))


def test_a_move_takes_a_top_block_onto_a_top_block_or_the_table() -> None:
    assert apply(EXAMPLE, Move("red", "table")) == (("purple",), ("blue",), ("orange",), ("red",))
    assert apply(EXAMPLE, Move("blue", "red")) == (("purple",), ("orange", "red", "blue"))
    assert same(apply(EXAMPLE, Move("red", "purple")), (("blue",), ("purple", "red"), ("orange",)))


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (Move("orange", "table"), "the orange block is under the red block"),
        (Move("blue", "orange"), "the orange block is under the red block"),
        (Move("green", "table"), "there is no green block"),
        (Move("red", "green"), "there is no green block to put it on"),
        (Move("blue", "table"), "the blue block is already on the table"),
        (Move("red", "red"), "the red block cannot go on itself"),
    ],
)
def test_illegal_moves_say_why(move: Move, reason: str) -> None:
    with pytest.raises(IllegalMove, match=f"^{reason}$"):
        apply(EXAMPLE, move)


def test_legal_moves_are_exactly_the_moves_apply_accepts() -> None:
    blocks = ("purple", "blue", "orange", "red", "green")
    every = [Move(b, t) for b in blocks for t in (*blocks, "table")]
    accepted = set()
    for move in every:
        try:
            apply(EXAMPLE, move)
            accepted.add(move)
        except IllegalMove:
            pass
    assert accepted == set(legal_moves(EXAMPLE))


def test_stack_order_does_not_matter_and_plans_are_shortest() -> None:
    assert canonical(EXAMPLE) == canonical(tuple(reversed(EXAMPLE)))
    goal = (("purple",), ("orange", "blue"), ("red",))  # VSP's example answer: 2 moves
    assert [str(m) for m in shortest_plan(EXAMPLE, goal)] == ["move(red,table)", "move(blue,orange)"]
    assert distances(EXAMPLE)[canonical(goal)] == 2
    assert len(distances((("a", "b", "c", "d", "e"),))) == 501  # the Lah numbers' sum for 5 blocks


def test_text_forms_round_trip_in_vsp_layout() -> None:
    assert pure_text(EXAMPLE) == (
        "- Stack with purple block\n- Stack with blue block\n- Stack with orange block, red block, from bottom to top\n"
    )
    assert (
        table_text(EXAMPLE)
        == " | Stack 1 | Stack 2 | Stack 3 |\nLevel 2 | | | red |\nLevel 1 | purple | blue | orange |\n"
    )
    rng = random.Random(3)
    for _ in range(30):
        state = random_state(rng.randint(1, 6), rng)
        assert read_pure_text(pure_text(state)) == read_table(table_text(state)) == state
    assert read_bird("P00000-B00000-OR0000-000000-000000-000000-000000") == EXAMPLE


@pytest.mark.parametrize(
    ("reader", "text"),
    [
        (read_pure_text, "- Stack with pink block\n"),
        (read_pure_text, "Stack: red\n"),
        (read_table, " | Stack 1 |\nLevel 2 | red |\nLevel 1 | |\n"),
        (read_bird, "R0B000-000000"),
    ],
)
def test_text_readers_refuse_what_they_cannot_read(reader: Callable[[str], Stacks], text: str) -> None:
    with pytest.raises(ValueError):
        reader(text)


def test_the_planner_finds_the_games_shortest_lengths_and_validation_agrees() -> None:
    rng, five = random.Random(11), ("blue", "yellow", "purple", "orange", "red")
    for _ in range(6):
        start, goal = random_state(5, rng, five), random_state(5, rng, five)
        task = parse_task(domain_pddl(), problem_pddl("p", start, goal))
        plan = shortest_plan(start, goal)
        assert bfs(task).length == len(plan)
        assert validate_plan(task, ground_plan(start, plan)).valid
        if plan:
            short = validate_plan(task, ground_plan(start, plan[:-1]))
            assert short.reason is FailureReason.UNSATISFIED_GOALS


def test_a_block_cannot_go_onto_itself_in_the_pddl_either() -> None:
    task = parse_task(domain_pddl(), problem_pddl("p", EXAMPLE))
    checked = validate_plan(task, ["(move-from-table blue blue)"])
    assert checked.reason is FailureReason.INAPPLICABLE_ACTION
