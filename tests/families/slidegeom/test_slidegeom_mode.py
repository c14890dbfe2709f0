"""Slidegeom mode: settings, the five action classes with iVISPAR's feedback, the distance
metrics on hand-built boards, the three views, limits, and exact replay."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from scorer.episodes.base import SettingsError
from scorer.episodes.engine import make_episode, replay
from scorer.families.blocksworld import DIFFICULTIES, generate_problem
from scorer.families.slidegeom.board import Board, Geom
from scorer.families.slidegeom.configs.episodes import key_fields
from scorer.families.slidegeom.episode import step_deviation
from scorer.families.slidegeom.generate import SlideProblem
from scorer.families.slidegeom.search import solve
from scorer.io.dataset import KeyRow
from scorer.scoring.harness import key_row

CONFIG = "slidegeom-episodes"
RED_CUBE, BLUE_SPHERE = Geom("red", "cube"), Geom("blue", "sphere")


def slide_row(board: Board) -> KeyRow:
    moves = solve(board.size, board.start, board.goal)
    assert moves is not None
    return key_row(key_fields(SlideProblem("hand-built", "standard", "test", board, moves), CONFIG, "test", 0))


def corner_row() -> KeyRow:
    """Red cube A1 -> C1 (two moves right); blue sphere stays on A2, right above the cube."""
    return slide_row(Board(4, (RED_CUBE, BLUE_SPHERE), ((0, 0), (0, 1)), ((2, 0), (0, 1))))


def blocks_row() -> KeyRow:
    from scorer.families.blocksworld.configs.episodes import make_row

    row = make_row(generate_problem(DIFFICULTIES["simple"], "slidegeom-mode-test", "p", set()), "test", 0)
    return key_row(row)


# -- settings -----------------------------------------------------------------------


def test_each_domain_gets_its_own_default_mode() -> None:
    assert make_episode(corner_row()).settings == {
        "mode": "slidegeom",
        "view": "3d",
        "history": 2,
        "history_as": "turns",
        "last_result": False,
        "max_steps": 20,
        "parser": "ours",
    }
    assert make_episode(blocks_row()).settings["mode"] == "planner"


@pytest.mark.parametrize(
    ("row", "mode", "message"),
    [
        (corner_row, "planner", r"unknown mode 'planner' for slidegeom rows; known: slidegeom"),
        (corner_row, "grounder", r"unknown mode 'grounder' for slidegeom rows; known: slidegeom"),
        (blocks_row, "slidegeom", r"unknown mode 'slidegeom' for blocksworld rows; known: planner, grounder"),
    ],
)
def test_a_mode_of_another_domain_is_a_settings_error(row, mode: str, message: str) -> None:  # noqa: ANN001
    with pytest.raises(SettingsError, match=message):
        make_episode(row(), {"mode": mode})


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"view": "4d"}, "'view' must be one of 3d, 2d, text"),
        ({"history": -1}, "'history' must be >= 0"),
        ({"max_steps": 0}, "'max_steps' must be >= 1"),
        ({"history": "2"}, "'history' must be int"),
        ({"max_steps": True}, "'max_steps' must be int"),
        ({"cot": True}, "mode 'slidegeom' has no setting"),
    ],
)
def test_bad_settings_are_named(settings: dict, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        make_episode(corner_row(), settings)


# -- action classes -------------------------------------------------------------------

CLASS_CASES = [
    ("I go left. action: move red cube left", "out of bounds", "Destination out of bounds", (0, 0), 2),
    ("action: move red cube up", "occupied destination", "Destination occupied", (0, 0), 2),
    ("action: move blue sphere up", "ineffective", "was legal move", (0, 0), 3),
    ("action: move green cube left", "illegal command", "green cube is not a valid object", (0, 0), 2),
    ("I am not sure.", "illegal command", "not a legal command", (0, 0), 2),
    ("Move RED square right", "effective", "was legal move", (1, 0), 1),  # a 2D synonym, any case
]


@pytest.mark.parametrize(("reply", "move_class", "feedback", "red_cube_at", "distance"), CLASS_CASES)
def test_each_action_class_has_ivispar_feedback(
    reply: str, move_class: str, feedback: str, red_cube_at: tuple[int, int], distance: int
) -> None:
    episode = make_episode(corner_row(), {"view": "text", "last_result": True})
    episode.reset()
    result = episode.step(reply)
    assert result.info["move_class"] == move_class and result.info["feedback"] == feedback
    assert episode.placement[0] == red_cube_at and episode.distances[-1] == distance
    assert result.observation is not None and "## Result of your last action\n" in result.observation.text
    assert result.observation.text.rstrip().endswith("do not add any characters after your action.")


def test_outcome_counts_every_class_and_the_legal_rate() -> None:
    replies = [case[0] for case in CLASS_CASES] + ["action: move blue sphere down", "move red cube right"]
    outcome = replay(corner_row(), {}, replies)
    assert outcome["success"] and outcome["end"] == "goal" and outcome["steps"] == 8
    assert outcome["action_classes"] == {
        "effective_moves": 3,
        "ineffective_moves": 1,
        "occupied_destination": 1,
        "out_of_bounds": 1,
        "illegal_commands": 2,
    }
    assert outcome["unparsable"] == 1 and outcome["legal_rate"] == 4 / 8


# -- distances ------------------------------------------------------------------------


def test_step_deviation_is_the_distance_after_the_optimal_number_of_steps() -> None:
    replies = [
        "move red cube left",
        "move blue sphere up",
        "move blue sphere down",
        "move red cube right",
        "move red cube right",
    ]
    outcome = replay(corner_row(), {}, replies)
    assert outcome["distances"] == [2, 2, 3, 2, 1, 0]
    assert outcome["step_deviation"] == 3 and outcome["min_distance"] == 0 and outcome["success"]


def test_an_optimal_episode_has_no_deviation() -> None:
    outcome = replay(corner_row(), {}, ["move red cube right", "move red cube right"])
    assert outcome["distances"] == [2, 1, 0] and outcome["step_deviation"] == 0 and outcome["start_distance"] == 2


def test_an_episode_cut_short_keeps_its_last_distance_and_best_distance() -> None:
    cut = replay(corner_row(), {"max_steps": 1}, ["move blue sphere up"])
    assert cut["distances"] == [2, 3] and cut["step_deviation"] == 3 and cut["end"] == "max_steps"
    wandered = replay(corner_row(), {"max_steps": 3}, ["move red cube right", "move red cube left", "hello"])
    assert wandered["distances"] == [2, 1, 2, 2]
    assert (wandered["min_distance"], wandered["step_deviation"], wandered["final_distance"]) == (1, 2, 2)


def test_step_deviation_function() -> None:
    assert step_deviation([3, 2, 1, 0]) == 0
    assert step_deviation([3, 4, 5, 4, 3]) == 4
    assert step_deviation([3, 4]) == 4  # ended before three steps


# -- views, limits, replay ----------------------------------------------------------------


def _images(episode_result) -> list[Image.Image]:  # noqa: ANN001
    return [Image.open(io.BytesIO(png)) for png in episode_result.images_png()]


@pytest.mark.parametrize(("view", "size"), [("3d", (492, 409)), ("2d", (496, 545))])
def test_image_views_show_history_goal_and_current(view: str, size: tuple[int, int]) -> None:
    episode = make_episode(corner_row(), {"view": view, "history": 2})
    first, _ = episode.reset()
    assert first.text.count("<image>") == 2 and [i.size for i in _images(first)] == [size] * 2
    observations = [episode.step(reply).observation for reply in ("move red cube up", "hi", "move blue sphere up")]
    counts = [o.text.count("<image>") for o in observations if o is not None]
    assert counts == [3, 4, 4]  # the past grows to ``history`` states
    last = observations[-1]
    assert last is not None and [key.role for key in last.image_keys] == ["past", "past", "goal", "current"]
    assert [key.label for key in last.image_keys] == ["past", "past", "goal", "active"]  # iVISPAR's labels
    assert len(_images(last)) == 4
    roles = [(m.role, m.content) for m in last.roles()]
    assert [role for role, _ in roles] == ["system", "user", "assistant", "user", "assistant", "user", "user", "user"]
    assert roles[2][1] == "Action: No valid action found" and roles[4][1] == "Action: move blue sphere up"
    assert roles[1][1] == roles[5][1] == roles[6][1] == "<image>" and "## Analyze the Images" in roles[7][1]


def test_past_steps_inside_the_user_message_with_history_as_text() -> None:
    episode = make_episode(corner_row(), {"history": 2, "history_as": "text"})
    episode.reset()
    last = [episode.step(reply).observation for reply in ("move red cube up", "hi")][-1]
    assert last is not None and [m.role for m in last.roles()] == ["system", "user", "user", "user", "user"]
    assert last.roles()[1].content == "<image>\nAction: move red cube up\n<image>\nAction: No valid action found"
    assert last.text.count("<image>") == 4


def test_text_view_puts_the_boards_in_the_prompt() -> None:
    episode = make_episode(corner_row(), {"view": "text", "history": 0})
    observation, _ = episode.reset()
    assert observation.image_keys == () and observation.images_png() == []
    assert "first set of coordinates: \n                        A2 blue sphere\nC1 red cube." in observation.text
    assert "second set of coordinates: \n                        A1 red cube\nA2 blue sphere." in observation.text
    after = make_episode(corner_row(), {"view": "text", "last_result": True})
    after.reset()
    shown = after.step("move red cube right").observation
    assert "## Result of your last action\nmove red cube right: was legal move" in shown.text


def test_2d_prompt_names_the_shapes_as_drawn() -> None:
    observation, _ = make_episode(corner_row(), {"view": "2d"}).reset()
    assert "- Object Shapes: square, circle, triangle, hexagon" in observation.text


def test_the_step_limit_truncates_and_a_finished_episode_refuses_steps() -> None:
    episode = make_episode(corner_row(), {"max_steps": 3, "last_result": True})
    episode.reset()
    results = [episode.step("move red cube left") for _ in range(3)]
    assert results[-1].truncated and not results[-1].terminated
    assert "## Result of your last action\n" in results[-1].observation.text  # the final observation
    assert not any(r.truncated for r in results[:-1])
    with pytest.raises(RuntimeError, match="over"):
        episode.step("move red cube right")


def test_reaching_the_goal_terminates() -> None:
    episode = make_episode(corner_row())
    episode.reset()
    assert not episode.step("move red cube right").terminated
    result = episode.step("move red cube right")
    assert result.terminated and not result.truncated
    assert result.observation.text.count("<image>") == len(result.observation.images_png())  # the final one


def test_replay_reproduces_a_live_episode_and_ignores_extra_replies() -> None:
    replies = ["move blue sphere right", "??", "move red cube right", "move blue sphere left", "move red cube right"]
    episode = make_episode(corner_row(), {"view": "2d", "history": 1})
    episode.reset()
    for reply in replies:
        episode.step(reply)
    replayed = replay(corner_row(), episode.settings, [*replies, "move red cube left"])
    assert replayed == {**episode.outcome(), "ignored_replies": 1}


# -- the prompt's roles and what iVISPAR's instruction states -------------------------

# What iVISPAR's system prompt states (its ``ICML_instruction.txt``; the paper prints it
# only as a figure, appendix A.1.1); tests/fidelity/test_ivispar.py compares it byte for byte.
IVISPAR_INSTRUCTION = {
    "the board and its size": "on a 4 by 4 grid board",
    "one object per tile": "Each object occupies exactly one tile on the board.",
    "no leaving the board or overlapping": "Objects cannot move beyond the 4 by 4 grid boundaries",
    "invalid actions leave the board unchanged": "If an action does not change the board state, it is invalid",
    "the exact action format": "move <object color> <object shape> <direction>",
    "the valid colours, shapes and directions": "- Object Colors: green, red, blue, yellow",
    "no coordinates": "Do not include grid coordinates.",
}


@pytest.mark.parametrize("fact", sorted(IVISPAR_INSTRUCTION))
@pytest.mark.parametrize("view", ["3d", "2d", "text"])
def test_the_instruction_is_the_system_message_and_states_ivispars_rules(fact: str, view: str) -> None:
    observation, _ = make_episode(corner_row(), {"view": view}).reset()
    system, *rest = observation.roles()  # iVISPAR's code: its instruction as the system prompt, then the step
    assert system.role == "system" and {m.role for m in rest} == {"user"} and "<image>" not in system.content
    assert IVISPAR_INSTRUCTION[fact] in system.content
    assert observation.text == "\n\n".join(m.content for m in observation.roles())
