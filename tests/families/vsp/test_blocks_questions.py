"""The blocks questions: levels, balanced answers, keys that follow from the pictures,
T4's two error kinds failing where meta says, and no state repeated across splits."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scorer.families.vsp.blocks import IllegalMove, Move, apply, blocks_of, canonical, distances, run, where
from scorer.families.vsp.blocks_questions import TASKS, BlocksQuestion, StatePool, levels, make_questions
from scorer.families.vsp.blocks_text import read_pure_text
from scorer.families.vsp.kind import judge

PER_LEVEL = 12
Questions = dict[tuple[str, str], list[BlocksQuestion]]


@pytest.fixture(scope="module")
def questions() -> Questions:
    pool = StatePool(set())
    return {
        (task, level): make_questions(task, level, PER_LEVEL, random.Random(f"{task}/{level}"), pool)
        for task in TASKS
        for level in levels(task)
    }


def test_levels_are_vsps_folders() -> None:
    assert levels("main") == levels("T4") == ["level1", "level3", "level5", "level7"]
    assert levels("T1") == levels("T2") == levels("T3") == ["level3", "level4", "level5"]


def test_main_plans_have_the_levels_length(questions: Questions) -> None:
    for level in levels("main"):
        for q in questions[("main", level)]:
            start, goal = q.states
            assert distances(start)[canonical(goal)] == int(level[5:]) == q.key["optimal_length"]
            moves = [Move(*m[5:-1].split(",")) for m in q.key["optimal_plan"]]
            assert canonical(run(start, moves)) == canonical(goal)


def test_t1_and_t2_keys_follow_from_the_picture(questions: Questions) -> None:
    for level in levels("T1"):
        for q in questions[("T1", level)]:
            stack, height = q.facts["asked"]
            assert q.states[0][stack - 1][height - 1] == q.key["answer"] and len(blocks_of(q.states[0])) == int(
                level[5:]
            )
        answers = Counter(q.key["answer"] for q in questions[("T2", level)])
        assert answers == {letter: PER_LEVEL // 4 for letter in "ABCD"}
        for q in questions[("T2", level)]:
            first, second = (where(q.states[0], b) for b in q.facts["asked"])
            truth = (
                "D"
                if first is None or second is None
                else "C"
                if first[0] != second[0]
                else "A"
                if first[1] == second[1] + 1
                else "B"
                if first[1] == second[1] - 1
                else "not directly"
            )
            assert truth == q.key["answer"]


def test_t3_has_one_candidate_matching_the_picture(questions: Questions) -> None:
    for level in levels("T3"):
        for q in questions[("T3", level)]:
            blocks = q.fields["candidates"].split("\n\n")
            candidates = [read_pure_text(b.split("\n", 1)[1]) for b in blocks]
            assert [c == q.states[0] for c in candidates].count(True) == 1
            assert candidates["ABCD".index(q.key["answer"])] == q.states[0]


def test_t4_half_valid_and_failures_of_both_kinds_where_meta_says(questions: Questions) -> None:
    kinds: Counter[str] = Counter()
    for level in levels("T4"):
        rows = questions[("T4", level)]
        assert sum(q.key["answer"] for q in rows) == PER_LEVEL // 2
        for q in rows:
            moves = [Move(*m[5:-1].split(",")) for m in q.facts["moves"]]
            assert len(moves) == int(level[5:])
            state = q.states[0]
            for step, move in enumerate(moves, start=1):
                try:
                    state = apply(state, move)
                except IllegalMove as error:
                    assert not q.key["answer"] and step == q.facts["failing_step"]
                    missing = str(error).startswith("there is no")
                    assert missing == (q.facts["error"] == "missing")
                    kinds[q.facts["error"]] += 1
                    break
            else:
                assert q.key["answer"]
            assert judge(q.solution, q.key).score == 1.0  # the worked answer reaches the key
    assert kinds == {"position": 12, "missing": 12}


def test_worked_answers_score_as_their_keys(questions: Questions) -> None:
    for found in questions.values():
        for q in found:
            assert judge(q.solution, q.key).score == 1.0, (q.task, q.level, q.solution)


def test_no_state_repeats_and_the_same_seed_gives_the_same_questions() -> None:
    pool = StatePool(set())
    first = make_questions("T1", "level3", 40, random.Random(1), pool)
    again = make_questions("T1", "level3", 40, random.Random(1), StatePool(set()))
    assert [q.states for q in first] == [q.states for q in again]
    assert len({q.states for q in first}) == 40
    more = make_questions("T1", "level3", 40, random.Random(1), pool)  # same draws, states taken: all new
    assert not {q.states for q in more} & {q.states for q in first}
