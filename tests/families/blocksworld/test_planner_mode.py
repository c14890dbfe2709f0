"""Planner mode: ViPlan's feedback forms, failures, limits, and exact replay."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorer.episodes.base import SettingsError
from scorer.episodes.engine import make_episode, replay
from scorer.families.blocksworld.state import Layout
from scorer.io.dataset import KeyRow
from tests.families.blocksworld.episode_rows import episode_row


def _row(difficulty: str = "simple", seed: str = "planner-test") -> KeyRow:
    return episode_row(difficulty, seed)


def _plan_reply(actions: list[str], explanation: str = "") -> str:
    plan = [
        {"action": "moveblock", "parameters": dict(zip(("block", "column"), a.strip("()").split()[1:]))}
        for a in actions
    ]
    return f"{explanation}```json\n{json.dumps({'plan': plan})}\n```"


def test_optimal_plan_succeeds_in_exactly_its_length() -> None:
    row = _row()
    plan = row.answer_key["optimal_plan"]
    episode = make_episode(row, {"mode": "planner"})
    observation, info = episode.reset()
    assert observation.text.count("<image>") == 1 and len(observation.images_png()) == 1
    assert "## Goal\nThe " in observation.text and info["max_steps"] == 10
    for index in range(len(plan)):
        result = episode.step(_plan_reply(plan[index:], "Let me think. "))
        assert result.info["outcome"] == "success"
    assert result.terminated and not result.truncated
    assert '"outcome": "success"' in result.observation.text  # the final observation shows the last feedback
    assert episode.outcome()["success"] and episode.outcome()["steps"] == len(plan)


def test_feedback_uses_viplan_forms() -> None:
    row = _row()
    episode = make_episode(row, {"mode": "planner", "output": "action"})
    episode.reset()
    replies = [
        '{"action": "fly", "parameters": {}}',
        '{"action": "moveblock", "parameters": {"block": "x", "column": "c1"}}',
        '{"action": "moveblock", "parameters": {"column": "c1"}}',
        "I would move the red block.",
    ]
    outcomes = [episode.step(reply).info["feedback"] for reply in replies]
    assert outcomes[0] == {"action": "fly", "outcome": "action does not exist"}
    assert outcomes[1]["outcome"] == "action does not exist"
    assert outcomes[2]["outcome"] == "action does not exist"  # ViPlan: a missing parameter leaves no action
    assert outcomes[3]["outcome"] == "unparsable"
    next_prompt = episode.step(_plan_reply(row.answer_key["optimal_plan"])).observation
    assert next_prompt is not None and '"outcome": "action does not exist"' in next_prompt.text


def _layout(episode: Any) -> Layout:
    return episode.world.layout(episode.state)


def test_illegal_move_is_not_legal_and_state_is_unchanged() -> None:
    row = _row("hard")  # 6 blocks in 4 columns: some block is always buried
    episode = make_episode(row, {"mode": "planner"})
    episode.reset()
    before = _layout(episode)
    buried = next(column[0] for column in before if len(column) > 1)
    target = "c1" if not before[0] or before[0][0] != buried else "c2"
    result = episode.step(_plan_reply([f"(moveblock {buried} {target})"]))
    assert result.info["feedback"]["info"] == "not legal"
    assert _layout(episode) == before
    assert episode.outcome()["legal_rate"] == 0.0


def test_step_limit_truncates_and_stop_on_unparsable_terminates() -> None:
    row = _row()
    episode = make_episode(row, {"mode": "planner", "max_steps": 3})
    episode.reset()
    results = [episode.step("no idea") for _ in range(3)]
    assert results[-1].truncated and not results[-1].terminated
    assert episode.outcome()["unparsable"] == 3 and episode.outcome()["end"] == "max_steps"
    strict = make_episode(row, {"mode": "planner", "stop_on_unparsable": True})
    strict.reset()
    assert strict.step("no idea").terminated and strict.outcome()["end"] == "unparsable"


def test_failures_are_drawn_from_the_seed_and_replay_exactly() -> None:
    row = _row("medium", "failures")
    settings = {"mode": "planner", "fail_prob": 1.0}
    episode = make_episode(row, settings)
    episode.reset()
    plan = row.answer_key["optimal_plan"]
    for index in range(len(plan)):
        if episode.done:
            break
        episode.step(_plan_reply(plan[index:]))
    outcome = episode.outcome()
    assert outcome["failures_drawn"] == outcome["legal_actions"] > 0
    assert replay(row, settings, episode.replies) == {**outcome, "ignored_replies": 0}


def test_bad_settings_name_the_field() -> None:
    row = _row()
    with pytest.raises(SettingsError, match="colour"):
        make_episode(row, {"mode": "planner", "colour": "red"})
    with pytest.raises(SettingsError, match="output"):
        make_episode(row, {"mode": "planner", "output": "poem"})
    with pytest.raises(SettingsError, match="unknown mode"):
        make_episode(row, {"mode": "dance"})


def test_replay_ignores_replies_after_the_end() -> None:
    row = _row()
    plan = row.answer_key["optimal_plan"]
    replies = [_plan_reply(plan[i:]) for i in range(len(plan))] + ["extra", "extra"]
    outcome = replay(row, {"mode": "planner"}, replies)
    assert outcome["success"] and outcome["steps"] == len(plan) and outcome["ignored_replies"] == 2
