"""iVISPAR's own code beside ours: the prompt its agent sends, and how it reads a reply.

* Prompt: iVISPAR's ``GPT4Agent.act`` (``Source/Experiment/agent_systems.py``, lifted with
  its ``LLMAgent``; only its I/O is replaced: the HTTP call returns our scripted reply, the
  API-key file and ``color_codes.json`` are stubs) plays the same episodes as our
  ``slidegeom`` mode, and every message it would send equals ours: role, text (byte for
  byte) and which board each image shows, in every view, with both parsers.
* Reading: its ``parse_action`` + ``parse_action_rmv_special_chars`` beside our
  ``python_side`` on a corpus of replies, and Unity's ``TurnManager.decodeCommand`` (C#,
  which cannot run here: its word lists are read from the C# file and its loop is
  transcribed below line by line) beside our ``unity_side``.
"""

from __future__ import annotations

import base64
import io
import json
import logging
import os
import random
import re
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from scorer.episodes.engine import make_episode
from scorer.families.slidegeom.board import Board
from scorer.families.slidegeom.configs.episodes import key_fields, make_row
from scorer.families.slidegeom.episode import row_board
from scorer.families.slidegeom.episode_prompt import LABELS, prompt_file
from scorer.families.slidegeom.frames import FRAME_COLOURS
from scorer.families.slidegeom.generate import generate_boards
from scorer.families.slidegeom.ivispar_parse import COMMANDS, DIRECTIONS, NUMBER_WORDS, OBJECTS, python_side, unity_side
from scorer.families.slidegeom.text import placement_lines
from scorer.io.dataset import KeyRow
from scorer.scoring.harness import key_row
from tests.fidelity.reference import lift, reference_path

AGENT = "ivispar/Source/Experiment/agent_systems.py"
TURN_MANAGER = "ivispar/Source/iVISPAR/Assets/Scripts/Level/TurnManager.cs"
# iVISPAR's ``Data/Params/color_codes.json`` is not published: the label each role's image
# carries and its background's name, as our LABELS give them.
COLOR_CODES = {
    "active_1": {"type": LABELS["current"][0], "color": LABELS["current"][1], "rgb": [82, 138, 174]},
    "goal_1": {"type": LABELS["goal"][0], "color": LABELS["goal"][1], "rgb": [100, 191, 106]},
    "past": {"type": LABELS["past"][0], "color": LABELS["past"][1], "rgb": [141, 153, 174]},
}
INSTRUCTIONS = {"3d": "Data/Instructions/ICML_instruction.txt", "2d": "Data/Instructions/ICML_instruction_2D.txt"}
INSTRUCTIONS["text"] = INSTRUCTIONS["3d"]


# -- iVISPAR's agent, its I/O replaced ---------------------------------------------------------


class _ScriptedPost:
    """Stands in for ``requests.post``: records the payload, answers the next reply."""

    def __init__(self) -> None:
        self.payloads: list[dict[str, Any]] = []
        self.replies: list[str] = []

    def __call__(self, url: str, headers: dict[str, str], json: dict[str, Any]) -> Any:
        self.payloads.append(json)
        reply = self.replies.pop(0)
        return types.SimpleNamespace(json=lambda: {"choices": [{"message": {"content": reply}}]})


def reference_agent(view: str, tmp_path: Path) -> tuple[Any, _ScriptedPost]:
    path = reference_path(AGENT)
    post = _ScriptedPost()
    namespace = {
        "__file__": str(path),
        "os": os,
        "io": io,
        "re": re,
        "base64": base64,
        "logging": logging,
        "Image": Image,
        "ImageDraw": ImageDraw,
        "ImageFont": ImageFont,
        "DEBUG": False,
        "requests": types.SimpleNamespace(post=post),
        "util": types.SimpleNamespace(load_params_from_json=lambda name: COLOR_CODES),
        "load_api_keys": lambda path: {"GPT4_API_KEY": "none"},
        "format_message_structure": lambda messages, cutoff=None: "",
    }
    code = lift(AGENT, ["LLMAgent", "GPT4Agent"], namespace)
    agent = code.GPT4Agent(
        str(tmp_path), logging.getLogger("ivispar-reference"), "unused", INSTRUCTIONS[view], "both",
        single_images=True, COT=True, delay=0, max_history=2,
    )  # fmt: skip
    return agent, post


# -- boards and what each side shows -----------------------------------------------------------


def sample_rows() -> list[KeyRow]:
    """Boards of every size of the standard set (2 to 11 geoms), a few per optimal length."""
    problems = generate_boards("standard", 0, per_cell=1)
    picked = problems[:: max(1, len(problems) // 8)][:8]
    return [key_row(key_fields(p, "slidegeom-episodes", "test", i)) for i, p in enumerate(picked)]


def state_image(state: int) -> Image.Image:
    """A board image iVISPAR's agent can be given: one flat colour per state, so the image in
    each of its messages says which board it shows (its label sits in the top-right corner)."""
    return Image.new("RGB", (320, 240), (state * 7 % 256, state * 13 % 256, 200))


def state_of_png(data: str) -> int:
    pixel = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB").getpixel((0, 239))
    assert isinstance(pixel, tuple)
    return next(s for s in range(4096) if state_image(s).getpixel((0, 0)) == pixel)


def their_messages(payload: dict[str, Any]) -> list[tuple[str, str, list[int]]]:
    """(role, text with an ``<image>`` per image, the boards the images show)."""
    found = []
    for message in payload["messages"]:
        content = message["content"]
        if isinstance(content, str):
            found.append((message["role"], content, []))
            continue
        text, states = "", []
        for part in content:
            if part["type"] == "text":
                text += part["text"]
            else:
                text += "<image>"
                states.append(state_of_png(part["image_url"]["url"].split(",", 1)[1]))
        found.append((message["role"], text, states))
    return found


def our_messages(observation: Any, states: dict[Any, int]) -> list[tuple[str, str, list[int]]]:
    keys = iter(observation.image_keys)
    found = []
    for message in observation.roles():
        shown = [next(keys) for _ in range(message.content.count("<image>"))]
        assert all(key.label == LABELS[key.role][0] for key in shown)  # labelled as iVISPAR labels
        found.append((message.role, message.content, [states[key.placement] for key in shown]))
    return found


WELL_FORMED = [
    "I compare the boards.\naction: move {g} left",
    "action: move {g} up",
    "The {g} is one step away.\n\naction: move {g} right",
    "action: move {g} down",
]
MIXED = [
    "I am not sure what to do.",
    "**Action: Move {g} LEFT**",
    "action: move {g} right 2",
    "action: move purple cone up",
    "Let me think. action: move {g} up. action: move {g} down",
    "action: move {g}",
    "#action: move {g}, left",
]


def play_both(row: KeyRow, view: str, parser: str, replies: list[str], tmp_path: Path) -> int:
    """Plays ``replies`` on our episode and through iVISPAR's agent; asserts each prompt is
    the same; returns how many prompts were compared."""
    agent, post = reference_agent(view, tmp_path)
    board = row_board(row)
    episode = make_episode(row, {"view": view, "parser": parser})
    observation, _ = episode.reset()
    states: dict[Any, int] = {}

    def shown(placement: Any) -> Any:
        states.setdefault(placement, len(states))
        if view == "text":
            return placement_lines(board.geoms, placement)
        return state_image(states[placement])

    assert agent.act(shown(board.goal), 0) == "start"
    compared = 0
    for i, reply in enumerate(replies, 1):
        post.replies.append(reply)
        agent.act(shown(episode.placement), i)
        assert their_messages(post.payloads[-1]) == our_messages(observation, states), (row.id, view, i)
        compared += 1
        result = episode.step(reply)
        if episode.done:
            break
        observation = result.observation
    return compared


def geom_name(board: Board, i: int) -> str:
    return board.geoms[i % len(board.geoms)].name


@pytest.mark.parametrize("view", ["3d", "2d", "text"])
def test_the_prompt_is_ivispars_message_by_message(view: str, tmp_path: Path) -> None:
    compared = 0
    for row in sample_rows():
        board = row_board(row)
        replies = [WELL_FORMED[i % 4].format(g=geom_name(board, i)) for i in range(6)]
        if view == "2d":  # the 2D prompt names the shapes as drawn; iVISPAR maps them back
            replies = [r.replace("cube", "square").replace("sphere", "circle") for r in replies]
        compared += play_both(row, view, "ours", replies, tmp_path)
        mixed = [MIXED[i % len(MIXED)].format(g=geom_name(board, i)) for i in range(7)]
        compared += play_both(row, view, "paper", mixed, tmp_path)
    assert compared >= 60


def test_labels_and_colours_are_those_of_ivispars_color_codes() -> None:
    """The roles' labels and background names in the images and the prompt, and the frames'
    RGB, are what iVISPAR's ``Data/Params/color_codes.json`` holds for the keys its agent uses."""
    codes = json.loads(reference_path("ivispar/Data/Params/color_codes.json").read_text())
    used = {"current": "active_1", "goal": "goal_1", "past": "past"}  # GPT4Agent.act's keys
    assert {role: (codes[key]["type"], codes[key]["color"]) for role, key in used.items()} == LABELS
    assert {role: tuple(codes[key]["rgb"]) for role, key in used.items()} == FRAME_COLOURS


def test_the_system_message_is_ivispars_instruction_and_cot_block() -> None:
    for view, source in INSTRUCTIONS.items():
        text = reference_path(f"ivispar/{source}").read_text(encoding="utf-8")
        observation, _ = make_episode(sample_rows()[0], {"view": view}).reset()
        assert observation.roles()[0].content == text + prompt_file("cot.txt")


def test_the_rows_messages_column_is_the_first_observation_the_server_sends() -> None:
    from scorer.families.slidegeom.configs.episodes import SlideProblem  # noqa: F401 - the row's type

    problem = generate_boards("standard", 0, per_cell=1)[3]
    row = make_row(problem, "slidegeom-episodes", "test", 3)
    observation, _ = make_episode(key_row(row)).reset()
    assert row["messages"] == [m.to_json() for m in observation.roles()]
    assert row["messages"] == observation.to_json()["messages"]  # the server's observation JSON


def test_the_last_result_setting_adds_our_feedback_section() -> None:
    row = sample_rows()[0]
    episode = make_episode(row, {"last_result": True, "view": "text"})
    episode.reset()
    observation = episode.step("action: move nothing here").observation
    roles = observation.roles()
    assert roles[-2].content == "## Result of your last action\nNo valid action found: not a legal command"
    default = make_episode(row, {"view": "text"})
    default.reset()
    assert "## Result of your last action" not in default.step("hello").observation.text


# -- reading a reply -------------------------------------------------------------------------------


def reply_corpus(count: int = 400) -> Iterator[str]:
    """Replies as models write them: well-formed, prose around, case, Markdown, code fences,
    2D names, several actions, repeat counts, unknown geoms, think blocks, punctuation."""
    rng = random.Random(26)
    colours = ["red", "green", "blue", "yellow", "Purple", "RED"]
    shapes = ["cube", "sphere", "pyramid", "cylinder", "square", "circle", "triangle", "hexagon", "cone", "tile"]
    shapes += ["Cube"]
    directions = ["left", "right", "up", "down", "LEFT", "upward", "north", ""]
    wrappers = [
        "action: move {a}",
        "Action: Move {a}",
        "**action: move {a}**",
        "## action: move {a}\n",
        "I think so.\n\naction: move {a}.",
        "```\naction: move {a}\n```",
        "<think>action: move red cube up</think>\naction: move {a}",
        "action: move {a}, action: move {a}",
        "move {a}",
        "action:move {a}",
        "action: move {a} 2 times",
        "action: move {a} two cells",
        "action: move the {a}",
        "action: move {a} (it is blocked otherwise)",
        "Final answer -> action: move {a}\t",
        'action: move "{a}"',
        "action: move <{a}>",
        "action: move {a}\n\nThat is my move.",
        "  action: move {a}  ",
        "action: move {a}, left",
    ]
    for _ in range(count):
        action = " ".join(w for w in (rng.choice(colours), rng.choice(shapes), rng.choice(directions)) if w)
        yield rng.choice(wrappers).format(a=action)


def _reference_python_side() -> Any:
    code = lift(AGENT, ["LLMAgent"], {"re": re, "logging": logging, "os": os})
    agent = object.__new__(code.LLMAgent)
    agent.episode_logger = logging.getLogger("ivispar-reference")

    def send(reply: str) -> str:
        action, _ = agent.parse_action(reply)
        return agent.parse_action_rmv_special_chars(action)

    return send


def test_parse_action_agrees_with_ivispars_on_every_reply() -> None:
    theirs = _reference_python_side()
    corpus = list(reply_corpus())
    assert len(corpus) >= 300
    assert [python_side(reply) for reply in corpus] == [theirs(reply) for reply in corpus]


def _csharp_lists() -> dict[str, Any]:
    source = reference_path(TURN_MANAGER).read_text(encoding="utf-8")

    def strings(name: str) -> tuple[str, ...]:
        body = re.search(rf"string\[\] {name} = \{{([^}}]*)\}}", source)
        assert body is not None, name
        return tuple(re.findall(r'"([^"]*)"', body.group(1)))

    words = re.findall(r'\{"(\w+)", (\d+)\}', source)
    return {
        "directions": strings("knownDirections"),
        "objects": strings("knownObjects"),
        "commands": strings("knownCommands"),
        "numbers": tuple((word, int(n)) for word, n in words),
    }


def decode_command(command: str, lists: dict[str, Any]) -> tuple[str, str, str, str, int]:
    """``TurnManager.decodeCommand`` transcribed from C#, step by step (``Contains`` is a
    substring test, ``Split(" ")`` splits on single spaces, the last equal word wins)."""
    command = command.lower()
    cmd = next((c for c in lists["commands"] if c in command), "")
    found = next((o for o in lists["objects"] if o in command), "")
    attribute = ""
    if found != "":
        substrings = command.split(" ")
        for index in range(len(substrings)):
            if substrings[index] == found:
                attribute = substrings[index + 1] if found == "tile" else substrings[index - 1]
    direction = next((d for d in lists["directions"] if d in command), "")
    repetition = 1
    if found != "tile":
        match = re.search(r"(\d+)", command)
        number_word = next((n for word, n in lists["numbers"] if word in command), 1)
        repetition = int(match.group()) if match else number_word
    return cmd, found, attribute, direction, repetition


def test_our_word_lists_are_unitys() -> None:
    lists = _csharp_lists()
    assert (lists["commands"], lists["objects"], lists["directions"]) == (COMMANDS, OBJECTS, DIRECTIONS)
    assert tuple(enumerate(NUMBER_WORDS, start=1)) == tuple((n, w) for w, n in lists["numbers"])


def test_unity_decoding_agrees_on_every_reply() -> None:
    lists = _csharp_lists()
    sent = [python_side(reply) for reply in reply_corpus()]
    # A "tile" as the last word makes C# index past the end (an exception in Unity): not a reading.
    sent = [s for s in sent if not s.endswith(" tile")]
    assert len(sent) >= 300
    ours = [(d.command, d.shape, d.colour, d.direction, d.repetition) for d in map(unity_side, sent)]
    assert ours == [decode_command(s, lists) for s in sent]
