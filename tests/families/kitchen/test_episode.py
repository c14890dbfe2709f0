"""Kitchen mode: bad input gets AsgardBench's outcome and message, the feedback forms,
the plan and memory carried over, the views and settings, and exact replay."""

from __future__ import annotations

import io
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from scorer.episodes.base import SettingsError
from scorer.episodes.engine import make_episode, replay, step_on_reply
from scorer.families.kitchen import strings as S
from scorer.families.kitchen.policies import optimal, reference
from scorer.io.dataset import KeyRow

from .kitchen_rows import generated_row


def answer(action: str) -> str:
    return f"<answer>\nAction: {action}\n</answer>"


@pytest.fixture(scope="module")
def row() -> KeyRow:
    return generated_row("coffee", seed="kitchen-episode-test")


@pytest.mark.parametrize(
    ("reply", "action", "entry"),
    [
        ("<answer>Action: pickup Mug</answer>", None, S.NO_ACTION),  # the verb must be upper case
        ("<answer>Action: PICKUP Spaceship</answer>", None, "PICKUP Spaceship"),
        ("<answer>Action: JUMP Mug</answer>", None, "JUMP Mug"),
        ("<answer>Action: JUMP mug</answer>", None, "JUMP Mug"),  # the known object takes its spelling
        ("I would FIND the mug.", None, S.NO_ACTION),
        ("", None, "empty_response "),
        ("Action: FIND Fridge\n<answer>\nAction: FIND Sofa\nAction: FIND Mug\n</answer>", "FIND Mug", "FIND Mug"),
        ("no answer tag at all. Action: FIND Mug", "FIND Mug", "FIND Mug"),
        ("<answer>Action: find mug</answer>", None, S.NO_ACTION),
        ("<answer>Action: FIND mug</answer>", "FIND Mug", "FIND Mug"),  # the object is matched without case
    ],
)
def test_reply_parsing(row: KeyRow, reply: str, action: str | None, entry: str) -> None:
    """A bad reply fails with AsgardBench's one message and is recorded as it reads it."""
    episode = make_episode(row, {"view": "text"})
    episode.reset()
    info = episode.step(reply).info
    assert (info["action"], info["message"]) == (action, "" if action else S.INVALID_RESPONSE)
    assert info["error_type"] == (S.UNPARSABLE if action is None else None)
    assert episode.outcome()["actions"] == [entry]


def test_a_one_megabyte_reply_is_one_step(row: KeyRow) -> None:
    episode = make_episode(row, {"view": "text"})
    episode.reset()
    start = time.process_time()
    huge = "x" * 1_000_000 + "\n<answer>\nAction: FIND Mug\n</answer>"
    assert episode.step(huge).info["action"] == "FIND Mug"
    assert episode.step("Action: " * 150_000).info["error_type"] == S.UNPARSABLE
    assert time.process_time() - start < 5


def test_history_lines_in_each_feedback_form(row: KeyRow) -> None:
    """AsgardBench's history: a reply with no Action line is left out and the lines are
    numbered without gaps; an invalid one stays as written."""
    replies = [answer("FIND Mug"), "nothing", answer("JUMP Mug"), answer("PUT Fridge")]
    texts = {}
    for feedback in ("none", "simple", "detailed"):
        episode = make_episode(row, {"view": "text", "feedback": feedback})
        episode.reset()
        for reply in replies:
            observation = episode.step(reply).observation
        texts[feedback] = observation.text
    assert "0. FIND Mug\n1. JUMP Mug\n2. PUT Fridge\n" in texts["none"]
    assert "0. FIND Mug  Success\n1. JUMP Mug  Failure\n2. PUT Fridge  Failure\n" in texts["simple"]
    detailed = (
        f"0. FIND Mug  Success\n1. JUMP Mug  Failure: {S.INVALID_RESPONSE}\n2. PUT Fridge  Failure: No object held.\n"
    )
    assert detailed in texts["detailed"]
    assert "None None" not in texts["simple"]


def test_plan_and_memory_come_back_in_the_next_prompt(row: KeyRow) -> None:
    reply = (
        "<think>mug looks dirty</think>\n<answer>\nTHINGS TO REMEMBER: the mug is dirty\n\n"
        "SUGGESTED PLAN SEQUENCE:\nFIND Mug\nPICKUP Mug\nAction: FIND Mug\n</answer>"
    )
    episode = make_episode(row, {"view": "text"})
    episode.reset()
    text = episode.step(reply).observation.text
    assert f"{S.MEMORY_HEADER}\nthe mug is dirty" in text
    assert f"{S.PLAN_HEADER}\nFIND Mug\nPICKUP Mug" in text
    episode = make_episode(row, {"view": "text", "plan": False, "memory": False})
    episode.reset()
    text = episode.step(reply).observation.text
    assert S.MEMORY_HEADER not in text and S.PLAN_HEADER not in text


@pytest.mark.parametrize("name", ["../../../../../../../etc/passwd", "../prompt.py", "no_such.prompt"])
def test_a_memory_naming_a_file_includes_nothing(row: KeyRow, tmp_path: Path, name: str) -> None:
    """A reply's memory is a variable of the next prompt, filled in before the template's
    includes are expanded: an include it names that is not a shipped template is dropped,
    never read (the server would otherwise put any file it can read into the prompt)."""
    secret = tmp_path / "secret.prompt"
    secret.write_text("* | the secret\n")
    memory = f"see {{include:{name}}} and {{include:{secret}}}"
    reply = f"<answer>\nTHINGS TO REMEMBER: {memory}\nAction: FIND Mug\n</answer>"
    episode = make_episode(row, {"view": "text"})
    episode.reset()
    text = episode.step(reply).observation.text
    assert f"{S.MEMORY_HEADER}\nsee  and " in text and "the secret" not in text and "root:" not in text


def test_static_part_is_the_system_message(row: KeyRow) -> None:
    """AsgardBench's client sends what comes before the cache boundary (actions, rules,
    instructions, examples) as the system message and the task, notes and images as the
    user message, the images after the text (anchors notes, 2.1)."""
    episode = make_episode(row, {})
    first, _ = episode.reset()
    after = episode.step(answer("FIND Mug")).observation
    later = episode.step(answer("PICKUP Mug")).observation
    assert [m.role for m in first.roles()] == ["system", "user"]
    assert after.roles()[0] == later.roles()[0]  # the same system message after the first step
    assert first.roles()[1].content.endswith("<image>") and after.roles()[1].content.endswith("<image><image>")
    assert "WORLD RULES" in first.roles()[0].content and "<image>" not in first.roles()[0].content
    assert after.roles()[1].content.count("<image>") == 2 and "0. FIND Mug" in after.roles()[1].content


def test_views_images_and_text(row: KeyRow) -> None:
    episode = make_episode(row, {})
    first, _ = episode.reset()
    assert len(first.images_png()) == 1  # nothing done yet: only the scene now
    after = episode.step(answer("FIND Mug")).observation
    assert after.text.count("<image>") == 2 and len(after.images_png()) == 2
    single = make_episode(row, {"images": 1})
    single.reset()
    assert len(single.step(answer("FIND Mug")).observation.images_png()) == 1
    text = make_episode(row, {"view": "text"})
    text.reset()
    observation = text.step(answer("FIND Mug")).observation
    assert observation.image_keys == () and "Mug" in observation.text and "You are facing:" in observation.text
    blind = make_episode(row, {"view": "text_only"})
    blind.reset()
    observation = blind.step(answer("FIND Mug")).observation
    assert observation.image_keys == () and "You are facing" not in observation.text


@pytest.mark.parametrize("previous_image", ["color", "grayscale"])
def test_the_previous_picture_is_the_last_one_as_asgardbench_makes_it(row: KeyRow, previous_image: str) -> None:
    """AsgardBench's previous image is the last current frame copied (or turned to grayscale
    and back to RGB, its ablation): no caption or mark tells the two apart."""
    episode = make_episode(row, {"previous_image": previous_image})
    first, _ = episode.reset()
    after = episode.step(answer("FIND Mug")).observation
    before_now = Image.open(io.BytesIO(first.images_png()[0])).convert("RGB")
    if previous_image == "grayscale":
        before_now = before_now.convert("L").convert("RGB")
    previous = Image.open(io.BytesIO(after.images_png()[0])).convert("RGB")
    assert previous.tobytes() == before_now.tobytes()


def test_the_hand_is_drawn_only_when_asked(row: KeyRow) -> None:
    pictures = {}
    for hand in (True, False):
        episode = make_episode(row, {"hand": hand, "images": 1})
        episode.reset()
        episode.step(answer("FIND Mug"))
        png = episode.step(answer("PICKUP Mug")).observation.images_png()[0]
        pictures[hand] = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = pictures[True].size
    box = (width // 2 - 60, height - 100, width // 2 + 60, height - 45)
    assert pictures[True].crop(box).tobytes() != pictures[False].crop(box).tobytes()


@pytest.mark.parametrize(
    "settings",
    [
        {"view": "3d"},
        {"feedback": "verbose"},
        {"images": 3},
        {"hand": "yes"},
        {"colour": True},
        {"previous_image": "sepia"},
        {"parser": "asgard"},
    ],
)
def test_bad_settings(row: KeyRow, settings: dict[str, object]) -> None:
    with pytest.raises(SettingsError):
        make_episode(row, settings)


def test_gold_succeeds_and_wrong_fails(row: KeyRow) -> None:
    for kind, success in (("gold", True), ("wrong", False)):
        episode = reference(kind, row)["episode"]
        assert replay(row, episode["settings"], episode["replies"])["success"] is success


class _Turn:
    def __init__(self, row: KeyRow, info: dict[str, Any], memory: dict[str, Any]) -> None:
        self.row, self.info, self.memory = row, info, memory


@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"feedback": "detailed", "view": "text"},
        {"view": "text_only", "find_opens": False, "put_tries_others": False},
    ],
)
def test_optimal_wins_and_replay_matches_live(row: KeyRow, settings: dict[str, object]) -> None:
    episode = make_episode(row, dict(settings))
    _, info = episode.reset()
    memory: dict[str, Any] = {}
    while not episode.done:
        info = episode.step(optimal(_Turn(row, info, memory))).info
    live = episode.outcome()
    assert live["success"] and live["end"] == S.SUCCESS
    assert replay(row, dict(settings), episode.replies) == {**live, "ignored_replies": 0}


def test_an_invalid_reply_on_objects_all_fulfilling_a_goal_gets_the_engines_refusal() -> None:
    """AsgardBench's engine refuses a type whose every object already fulfils a location goal
    before it looks at the verb: "JUMP Potato" with the potato served in its bowl fails with
    that message, "JUMP Microwave" with the reply's."""
    row = generated_row("cook_potato", seed="x")
    plan = list(row.answer_key["expert_plan"])
    plan.remove("CLOSE Microwave")  # the potato served, the microwave still open: not done yet
    episode = make_episode(row, {"feedback": "detailed"})
    episode.reset()
    for action in plan:
        episode.step(answer(action))
    assert not episode.done
    assert episode.step(answer("JUMP Potato")).info["message"] == S.ALL_IN_USE.format(t="Potato")
    assert episode.step(answer("JUMP Microwave")).info["message"] == S.INVALID_RESPONSE


def test_the_paper_parser_reads_the_think_block_as_asgardbench_does(row: KeyRow) -> None:
    """By default the rollout engine removes the ``<think>`` block before the kitchen reading
    (our reading); ``parser: paper`` reads the whole reply as AsgardBench does: its memory is
    the first "things to remember" anywhere, its action the last Action line from the start
    when there is no ``<answer>``."""
    noted = (
        "<think>THINGS TO REMEMBER: from the think block\n\n</think>\n"
        "<answer>\nTHINGS TO REMEMBER: from the answer\n\nAction: FIND Mug\n</answer>"
    )
    unanswered = "<think>I will do it. Action: FIND Mug</think>\nI am done thinking."
    seen = {}
    for parser in ("ours", "paper"):
        episode = make_episode(row, {"view": "text_only", "parser": parser})
        episode.reset()
        text = step_on_reply(episode, noted).observation.text  # the memory comes last
        seen[parser] = (text.rsplit(S.MEMORY_HEADER + "\n", 1)[1], step_on_reply(episode, unanswered).info["action"])
    assert seen["ours"] == ("from the answer", None)
    assert seen["paper"] == ("from the think block", "FIND Mug")
