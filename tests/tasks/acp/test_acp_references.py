"""Reference answers: gold scores 1 and wrong scores 0, also where a key is incomplete
or the right answer is empty (cases met on the full-size build)."""

from __future__ import annotations

from scorer.tasks.acp.kind import gold_answer, wrong_answer
from scorer.tasks.acp.oracle import Oracle


def test_wrong_next_action_of_an_incomplete_key_is_never_an_unchecked_move(
    make_row, judged, planner_only: Oracle
) -> None:
    # "take" is right but in no set: a wrong answer must not pick it (nor any applicable action).
    row = make_row("nexta", {"applicable": ["(take)", "(make)"], "yes": [], "no": [], "opt": 2, "complete": False})
    answer = wrong_answer("nexta", row.answer_key)
    assert answer not in ("(take)", "(make)")
    assert judged(row, answer).score == 0.0


def test_an_action_that_changes_nothing_gets_a_parsable_wrong_progression(make_row, judged, lab_task) -> None:
    # After take and detour, (w) holds already: detour again changes nothing.
    state = lab_task.successor(lab_task.successor(lab_task.init, "(take)"), "(detour)")
    row = make_row("prog", {"action": "(detour)", "pos": [], "neg": []}, state=state)
    gold, wrong = gold_answer("prog", row.answer_key), wrong_answer("prog", row.answer_key)
    assert judged(row, gold).score == 1.0
    judgement = judged(row, wrong)
    assert (judgement.score, judgement.reason) == (0.0, "wrong")
