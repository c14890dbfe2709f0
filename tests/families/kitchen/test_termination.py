"""Hand-built replies reach each of AsgardBench's termination reasons at exactly its step:
8 repeats (of an action, or of a pattern), 10 failures in a row, the soft limit without
progress, the +10 extension on progress, and the hard limit."""

from __future__ import annotations

from scorer.episodes.engine import make_episode, replay
from scorer.families.kitchen import strings as S
from scorer.families.kitchen import termination as T

from .kitchen_rows import generated_row

EXPERT = 10  # soft limit max(15, 15) = 15, hard limit max(20, 20) = 20: AsgardBench ends after 16 and 21


def answer(action: str) -> str:
    return f"<answer>\nAction: {action}\n</answer>"


def ended_at(replies: list[str], expert: int = EXPERT) -> tuple[str, int]:
    row = generated_row("putaway_food", step_count=expert)
    outcome = replay(row, {}, replies)
    return outcome["end"], outcome["steps"]


def test_limits_follow_asgardbench_formulas() -> None:
    assert (T.soft_limit(10), T.hard_limit(10)) == (15, 20)
    assert (T.soft_limit(38), T.hard_limit(38)) == (57, 76)
    assert (T.soft_limit(5), T.hard_limit(5)) == (15, 20)


def test_eight_repeats_of_an_action() -> None:
    assert ended_at([answer("FIND Fridge")] * 30) == (S.MAX_REPEATS, 8)


def test_eight_repeats_of_a_pattern() -> None:
    pattern = [answer("FIND Fridge"), answer("FIND Cabinet")]
    assert ended_at(pattern * 20) == (S.MAX_REPEATS, 16)  # checked before the soft limit, also due at 16
    assert ended_at(pattern * 20, expert=20) == (S.MAX_REPEATS, 16)


def test_ten_failures_in_a_row() -> None:
    kinds = ["Fridge", "Cabinet", "Drawer", "CounterTop", "SinkBasin", "Microwave", "Toaster", "StoveBurner"]
    replies = [answer(f"PUT {k}") for k in kinds + kinds]  # nothing held: every PUT fails
    assert ended_at(replies) == (S.MAX_FAILURES, 10)


def test_unparsable_replies_count_as_failures_and_repeats() -> None:
    assert ended_at(["no action"] * 20) == (S.MAX_REPEATS, 8)  # eight "None None" in a row
    assert ended_at([answer("JUMP Mug"), answer("JUMP Cup")] * 20) == (S.MAX_FAILURES, 10)


def test_novelty_reads_the_object_word_of_every_step() -> None:
    """AsgardBench takes the word after the verb of each history entry: ``None`` for a reply
    with no Action line and an unknown object as written count as objects."""
    assert T.novel_objects(["FIND Mug"] * 10 + ["None None"] + ["FIND Mug"] * 9)
    assert T.novel_objects(["FIND Mug"] * 10 + ["FIND Unicorn"] + ["FIND Mug"] * 9)
    assert not T.novel_objects(["FIND Mug", "PICKUP Mug"] * 10)


def test_soft_limit_without_progress() -> None:
    cycle = [answer("FIND Fridge"), answer("FIND Cabinet"), answer("FIND Drawer")]
    assert ended_at(cycle * 10) == (S.MAX_STEPS, 16)  # 16 > 15: AsgardBench checks steps > limit


def test_extension_on_a_new_object_then_the_hard_limit() -> None:
    cycle = [answer("FIND Fridge"), answer("FIND Cabinet"), answer("FIND Drawer")]
    replies = cycle * 3 + [answer("FIND Toaster")] + cycle * 10  # step 10 touches a new object
    assert ended_at(replies) == (S.HARD_LIMIT, 21)


def test_extension_on_a_subgoal() -> None:
    row = generated_row("cook_bread", step_count=EXPERT)
    plan = row.answer_key["expert_plan"]
    slicing = plan[: plan.index("SLICE Bread") + 1]
    cycle = [answer("FIND Fridge"), answer("FIND Cabinet"), answer("FIND Drawer")]
    replies = [answer(a) for a in slicing] + cycle * 20
    outcome = replay(row, {}, replies)
    assert outcome["extensions"] >= 1 and outcome["end"] == S.HARD_LIMIT and outcome["steps"] == 21


def test_outcome_names_the_reason_as_asgardbench() -> None:
    row = generated_row("putaway_food", step_count=EXPERT)
    episode = make_episode(row, {})
    episode.reset()
    result = None
    for reply in [answer("FIND Fridge")] * 8:
        result = episode.step(reply)
    assert result is not None and result.truncated and not result.terminated
    outcome = episode.outcome()
    assert outcome["end"] == "Max_Repeats" and outcome["fail_reason"] == "Max_Repeats" and not outcome["success"]


def test_success_ends_the_episode_at_the_last_goal() -> None:
    row = generated_row("turn_on_tv")
    replies = [answer(a) for a in row.answer_key["expert_plan"]]
    outcome = replay(row, {}, replies + [answer("FIND Sofa")] * 5)
    assert outcome["end"] == S.SUCCESS and outcome["steps"] == len(replies) and outcome["ignored_replies"] == 5
