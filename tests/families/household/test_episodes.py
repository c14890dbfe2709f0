"""household-episodes on ViPlan's generic modes: the planner's feedback is ViPlan's
household client's, its prompt carries the "Additional information" about hidden objects,
the grounder starts from the true state and asks only about what is in view, and both
modes plan with the world's A* (``HouseholdWorld.plan``)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from scorer.episodes.engine import make_episode, replay
from scorer.families.household.configs.episodes import CONFIG, make_row
from scorer.families.household.generate import ACTIVITIES, generate_problem
from scorer.families.household.world import HouseholdWorld
from scorer.io.dataset import KeyRow


@cache
def _row(activity: str = "cleaning_out_drawers", difficulty: str = "simple") -> KeyRow:
    chosen = next(a for a in ACTIVITIES if a.name == activity)
    row = make_row(generate_problem(chosen, difficulty, f"episodes/{activity}/{difficulty}", "p"), "test", 0)
    return KeyRow(
        row["id"],
        CONFIG,
        row["domain"],
        row["task"],
        row["difficulty"],
        row["domain_pddl"],
        row["problem_pddl"],
        json.loads(row["answer_key"]),
        json.loads(row["meta"]),
    )


def _reply(pddl_name: str) -> str:
    name, *parameters = pddl_name.strip("()").split()
    return json.dumps({"action": name, "parameters": parameters})


def test_the_optimal_plan_wins_in_planner_mode_with_viplans_feedback() -> None:
    row = _row()
    episode = make_episode(row, {"mode": "planner", "output": "action"})
    first, _ = episode.reset()
    assert "## Additional information\n" in first.text and first.text.count("<image>") == 1
    assert [m.role for m in first.roles()] == ["system", "user"]
    episode.step(_reply("(grasp no_such_thing_1)"))
    for action in row.answer_key["optimal_plan"]:
        result = episode.step(_reply(action))
    assert result.terminated and episode.outcome()["success"]
    entries = _feedback(result.observation.text)
    assert entries[0] == {
        "action": "grasp",
        "parameters": ["no_such_thing_1"],
        "outcome": "parameters incorrectly specified",
    }
    assert {entry["outcome"] for entry in entries[1:]} == {"executed"}


def _feedback(text: str) -> list[dict[str, Any]]:
    """The previous actions' JSON list the last prompt shows."""
    listed = text.split("## Previously taken actions\n", 1)[1].split("\n\n## ", 1)[0]
    return json.loads(listed)


def test_hidden_objects_are_named_until_the_agent_reaches_them() -> None:
    row = _row()
    world = HouseholdWorld(row)
    start = world.task.init
    hidden = [a for a in world.task.true_atoms(start) if a.startswith("(inside ")]
    assert hidden, "the simple drawer problem hides its objects in a container"
    system, user = world.planner_prompt("plan", False, "[]", start)
    obj, container = hidden[0].strip("()").split()[1:]
    # ViPlan's words (its preds_templates): lower case, no full stop, one fact a line.
    assert f"## Additional information\nthe {obj} is inside the {container}\n" in user.content
    state = start
    for action in row.answer_key["optimal_plan"]:
        state = world.task.successor(state, action)
    _, after = world.planner_prompt("plan", False, "[]", state)
    assert f"the {obj} is inside the {container}" not in after.content
    # No fact left: ViPlan's loop removes the heading and the placeholder, their blank lines stay.
    assert (
        "## Additional information" not in after.content and "container.\n\n\n\n\n## Available actions" in after.content
    )


def test_the_grounder_asks_only_about_atoms_in_view_and_wins_with_the_truth() -> None:
    row = _row("sorting_groceries", "medium")
    world = HouseholdWorld(row)
    episode = make_episode(row, {"mode": "grounder"})
    _, info = episode.reset()
    state, replies = world.task.init, []
    while not episode.done:
        for action in info["executed_actions"]:  # several when no question of an action is in view
            state = world.task.successor(state, action)
        assert info["phase"] != "enumerate"  # the household starts from the true state
        assert world.visible(state, info["atom"]), info["atom"]
        replies.append("Yes" if world.task.holds(state, info["atom"]) else "No")
        info = episode.step(replies[-1]).info
    outcome = episode.outcome()
    assert outcome["success"] and outcome["actions"] == row.answer_key["optimal_length"]
    assert replay(row, {"mode": "grounder", "planner": "bfs"}, replies)["success"]  # the former name, read as optimal


def test_the_grounder_prompt_is_viplans_household_ground_prompt() -> None:
    observation, _ = make_episode(_row(), {"mode": "grounder", "cot": True}).reset()
    system, user = observation.roles()
    assert system.role == "system" and "<explanation>" in system.content
    assert user.content.startswith("The environment is a virtual household simulator")
    assert user.content.endswith("?") and "\n<image>\nQuestion: Is the " in user.content


def test_the_text_view_describes_instead_of_showing() -> None:
    observation, _ = make_episode(_row(), {"mode": "planner", "view": "text"}).reset()
    assert "<image>" not in observation.text and not observation.image_keys
    assert "a text description which represents" in observation.text
