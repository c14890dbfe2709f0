"""Grounder mode: the engine plans, the agent only answers yes/no questions (ViPlan)."""

from __future__ import annotations

import pytest

from scorer.episodes.engine import make_episode, replay
from scorer.pddl import Task
from tests.episodes.test_planner_mode import _row


def play(row, settings: dict, answer) -> tuple[dict, list[str]]:  # type: ignore[no-untyped-def]
    """Play with ``answer(task, true_state, info, index) -> reply``; return outcome and replies."""
    episode = make_episode(row, settings)
    _, info = episode.reset()
    index = 0
    while not episode.done:
        reply = answer(episode.task, episode.true_state, info, index)
        info = episode.step(reply).info
        index += 1
    return episode.outcome(), episode.replies


def truthful(task: Task, state: int, info: dict, index: int) -> str:
    return "Yes" if task.holds(state, info["atom"]) else "No"


@pytest.mark.parametrize("difficulty", ["simple", "medium"])
def test_a_truthful_oracle_succeeds_without_replanning(difficulty: str) -> None:
    row = _row(difficulty, "grounder")
    outcome, _ = play(row, {"mode": "grounder"}, truthful)
    assert outcome["success"] and outcome["replans"] == 0
    assert outcome["actions"] == row.answer_key["optimal_length"]
    assert all(outcome["answers_correct"]) and outcome["questions"] == outcome["steps"]


def test_always_no_fails_and_ends() -> None:
    outcome, _ = play(_row(), {"mode": "grounder"}, lambda *args: "No")
    assert not outcome["success"] and outcome["end"] in ("no_plan", "max_questions")


def test_a_lie_on_a_precondition_calls_the_action_off_then_recovers() -> None:
    lied: list[int] = []

    def liar(task: Task, state: int, info: dict, index: int) -> str:
        if info["phase"] == "precondition" and not lied:
            lied.append(index)
            return "No" if task.holds(state, info["atom"]) else "Yes"
        return truthful(task, state, info, index)

    outcome, _ = play(_row(), {"mode": "grounder", "memory": True}, liar)
    assert lied and outcome["replans"] == 1 and outcome["success"]


def test_memory_context_follows_a_called_off_action_only_with_memory() -> None:
    for memory in (True, False):
        episode = make_episode(_row(), {"mode": "grounder", "memory": memory})
        observation, info = episode.reset()
        lied = False
        while not episode.done:
            if info["phase"] == "precondition" and not lied:
                lied = True
                reply = "No" if episode.task.holds(episode.true_state, info["atom"]) else "Yes"
                observation = episode.step(reply).observation
                break
            result = episode.step(truthful(episode.task, episode.true_state, info, 0))
            observation, info = result.observation, result.info
        assert lied and observation is not None
        assert ("was called off" in observation.text) == memory


def test_replay_recomputes_the_same_outcome() -> None:
    row = _row("simple", "grounder-replay")
    settings = {"mode": "grounder", "fail_prob": 0.3}
    outcome, replies = play(row, settings, truthful)
    assert replay(row, settings, replies) == {**outcome, "ignored_replies": 0}


def test_certain_failures_end_cleanly() -> None:
    outcome, _ = play(_row(), {"mode": "grounder", "fail_prob": 1.0, "max_questions": 400}, truthful)
    assert outcome["end"] in ("plan_done", "max_actions", "max_questions", "no_plan")
    assert outcome["questions"] <= 400


def test_fast_downward_planner_through_unified_planning() -> None:
    outcome, _ = play(_row(), {"mode": "grounder", "planner": "fast-downward"}, truthful)
    assert outcome["success"]
