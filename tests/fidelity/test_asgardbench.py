"""AsgardBench's own code beside ours: its prompt templates, its reply parsing and its
episode loop (``../shared/external/reference-code/asgardbench/``, loaded unchanged).

* **Prompts**: AsgardBench's ``render_prompt`` (with its template language reader
  ``prompt_dsl``) renders every combination of its condition codes; ours renders the same
  text from the same template files.
* **Replies**: a generated corpus of replies (well-formed, prose around, case, code fences,
  malformed, several answers, think blocks, unknown verbs and objects, memory and plan
  variants) read by its ``extract_action_object``, ``extract_memories`` and
  ``extract_suggested_plan_sequence_raw`` and by ours: the same action, validity, memory
  and plan on every one.
* **Episodes**: its runner's own loop (``ModelTester.test_plan``: prompts, history, step
  limits, termination) plays sequences of replies on our world, as its client sends them
  (``split_prompt_for_caching``: the system part, then the user text and the images, the
  previous one first, made as its runner makes them: the last frame copied, or turned
  grayscale); our rollout episode plays the same replies as the server steps them, under
  ``parser: paper`` (the whole reply read, think block and all, as AsgardBench reads it).
  Every prompt (roles, text, the images' pixels in order), the end reason and the step
  count agree. Each reply sequence is played under two settings, turned so that every row
  meets every setting and every sequence, and every sequence every setting
  (``PLANARIUM_FULL_ASGARDBENCH=1``: every row x sequence x setting).

AsgardBench's ``Utils/config_utils.py``, ``utils.py``, ``constants.py`` and its
simulator are not among the reference files: the stand-ins below give the field names and
codes its template reader reads, the environment (our world in place of AI2-THOR; the
engine's message for an invalid-format step, "Response from model is in invalid
format.") and the loop check ``is_sequence_looping`` (ours, as the anchor notes describe
it).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import itertools
import json
import os
import random
import shutil
import sys
import time
import types
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum, StrEnum
from pathlib import Path
from typing import Any, ClassVar

import PIL.Image
import pytest

from scorer.episodes.engine import make_episode, step_on_reply
from scorer.families.kitchen import strings as S
from scorer.families.kitchen import termination as T
from scorer.families.kitchen.episode import KitchenEpisode, row_task, row_world
from scorer.families.kitchen.goals import all_reached
from scorer.families.kitchen.parse import read_action, read_memory, read_plan
from scorer.families.kitchen.prompt import CACHE_BOUNDARY, Codes, image_reference, render_full
from scorer.families.kitchen.rules import VERBS, Shortcuts, act
from scorer.families.kitchen.view_ego import EgoKey, ego_png
from scorer.io.dataset import KeyRow
from scorer.render.png import SERVE_LEVEL
from tests.families.kitchen.kitchen_rows import generated_row

from .reference import REFERENCE, lift, load_module, reference_path

ASGARD = "asgardbench/AsgardBench"
EXTERNAL = REFERENCE.parent / "asgardbench"


# --- stand-ins for the AsgardBench modules the reference files import --------------------
class FeedbackType(StrEnum):
    NONE = "none"
    SIMPLE = "simple"
    DETAILED = "detailed"


class PreviousImageType(StrEnum):
    NONE = "none"
    COLOR = "color"
    GRAYSCALE = "grayscale"


@dataclass
class EvaluationConfig:
    """The fields and codes of AsgardBench's EvaluationConfig that its template reader and
    runner read (its defaults: image mode, simple feedback, hand 60, no common-sense rules,
    the previous image in colour, memory and suggested plan on)."""

    text_only: bool = False
    feedback_type: FeedbackType = FeedbackType.SIMPLE
    hand_transparency: int = 60
    include_common_sense: bool = False
    previous_image: PreviousImageType = PreviousImageType.COLOR
    use_memory: bool = True
    full_steps: bool = True
    temperature: float = 0.0
    max_completion_tokens: int = 8192
    _SHORT_NAMES: ClassVar[dict[str, str]] = {
        "text_only": "T",
        "feedback_type": "F",
        "hand_transparency": "H",
        "include_common_sense": "C",
        "prompt_version": "P",
        "previous_image": "I",
        "use_memory": "R",
        "full_steps": "S",
        "temperature": "E",
        "max_completion_tokens": "M",
    }
    _FEEDBACK_CODES: ClassVar[dict[str, str]] = {"none": "n", "simple": "s", "detailed": "d"}
    _PREVIOUS_IMAGE_CODES: ClassVar[dict[str, str]] = {"none": "0", "color": "1", "grayscale": "2"}

    def get_output_suffix(self) -> str:
        return "stand-in"


class Action(Enum):
    """The runner's actions: the 12 verbs and the invalid reply."""

    CLEAN = "clean"
    CLOSE = "close"
    EMPTY = "empty"
    DRINK = "drink"
    FIND = "find"
    OPEN = "open"
    PICKUP = "pickup"
    PUT = "put"
    SLICE = "slice"
    SPRAY = "spray"
    TOGGLE_ON = "toggle_on"
    TOGGLE_OFF = "toggle_off"
    INVALID_ACTION = "invalid_action"
    INVALID_OBJECT = "invalid_object"
    INVALID_RESPONSE = "invalid_response"


class FailType(StrEnum):
    MAX_REPEATS = "Max_Repeats"
    MAX_STEPS = "Max_Steps"
    MAX_FAILURES = "Max_Failures"
    API_FAILURE = "API_Failure"


class StepExtension(StrEnum):
    NONE = "None"
    EXTENDED = "Extended"
    HIT_HARD_LIMIT = "Hit_Hard_Limit"


class ModelEmptyResponseError(Exception):
    """AsgardBench's client raises it when the model's reply stays empty."""


def _ignore(*args: Any, **kwargs: Any) -> None:
    return None


def _module(name: str, **attributes: Any) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__dict__.update(attributes)
    return module


@pytest.fixture(scope="module")
def asgard() -> Iterator[types.SimpleNamespace]:
    """AsgardBench's prompt_dsl and prompt_templates, loaded as its package modules."""
    reference_path(ASGARD)
    stubs = {
        "AsgardBench": _module("AsgardBench", __path__=[]),
        "AsgardBench.Model": _module("AsgardBench.Model", __path__=[]),
        "AsgardBench.Utils": _module("AsgardBench.Utils", __path__=[]),
        "AsgardBench.step_log": _module(
            "AsgardBench.step_log", log_print=_ignore, set_current_step=_ignore, clear_log_buffer=_ignore
        ),
        "AsgardBench.Utils.config_utils": _module(
            "AsgardBench.Utils.config_utils",
            EvaluationConfig=EvaluationConfig,
            FeedbackType=FeedbackType,
            PreviousImageType=PreviousImageType,
        ),
    }
    saved = {
        name: sys.modules.get(name)
        for name in [*stubs, "AsgardBench.Model.prompt_dsl", "AsgardBench.Model.prompt_templates"]
    }
    sys.modules.update(stubs)
    try:
        dsl = load_module(f"{ASGARD}/Model/prompt_dsl.py", "AsgardBench.Model.prompt_dsl")
        prompts = load_module(f"{ASGARD}/Model/prompt_templates.py", "AsgardBench.Model.prompt_templates")
        yield types.SimpleNamespace(dsl=dsl, prompts=prompts)
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


# --- prompts ------------------------------------------------------------------------------
CONTEXT = {
    "task_description": "Make coffee and serve it",
    "objects_in_scene": "CoffeeMachine, CounterTop, Faucet, Mug, SinkBasin",
    "action_history": "0. FIND Mug  Success\n1. JUMP Mug  Failure: Response from model is in invalid format.\n",
    "memories": "- the mug is {dirty}\n- {img_ref} is a word here",
    "suggested_plan_sequence": "1. PICKUP Mug (next)\n2. FIND SinkBasin",
}
PREVIOUS = {"0": "none", "1": "color", "2": "grayscale"}


def all_codes() -> Iterator[Codes]:
    for t, f, h, c, i, r, s, a in itertools.product(
        (False, True),
        ("none", "simple", "detailed"),
        (False, True),
        (False, True),
        "012",
        (False, True),
        (False, True),
        (False, True),
    ):
        yield Codes(t, f, h, c, PREVIOUS[i], r, s, a)


def theirs_rendered(asgard: types.SimpleNamespace, codes: Codes, context: dict[str, str]) -> str:
    params = asgard.prompts.PromptParams(
        mode="text" if codes.text_only else "image",
        feedback_type=codes.feedback,
        include_common_sense=codes.common_sense,
        hand_transparency=60 if codes.hand else 0,
        previous_image=codes.previous_image,
        first_action=codes.first_action,
        use_memory=codes.memory,
        full_steps=codes.plan,
        **context,
    )
    return asgard.prompts.render_prompt(params)


def ours_rendered(codes: Codes, context: dict[str, str]) -> str:
    variables = (*context.items(), ("img_ref", image_reference(codes)))
    return render_full(codes, variables)


def test_every_combination_of_codes_renders_asgardbenchs_text(asgard: types.SimpleNamespace) -> None:
    combinations = list(all_codes())
    assert len(combinations) == 576
    differ = [
        codes for codes in combinations if ours_rendered(codes, CONTEXT) != theirs_rendered(asgard, codes, CONTEXT)
    ]
    assert not differ, f"{len(differ)} of {len(combinations)} combinations render other text, e.g. {differ[0]}"


def test_the_default_prompt_splits_as_asgardbenchs_client_splits_it(asgard: types.SimpleNamespace) -> None:
    """The default codes: about 18,400 characters before the cache boundary (the system
    message), the task, objects, guidance and notes after it."""
    rendered = theirs_rendered(asgard, Codes(), CONTEXT)
    system, user = asgard.prompts.split_prompt_for_caching(rendered)
    assert CACHE_BOUNDARY in ours_rendered(Codes(), CONTEXT)
    assert 18_000 < len(system) < 19_000 and "SECTION: EXAMPLES" in system and "SECTION: WORLD RULES" in system
    assert user.startswith("------------------------------------------------------------\nSECTION: YOUR TASK")


# --- replies ------------------------------------------------------------------------------
OBJECTS = ["Cabinet", "CoffeeMachine", "CounterTop", "Egg", "EggCracked", "Faucet", "Mug", "SinkBasin"]


def reply_corpus() -> list[str]:
    """Replies a model might write, for the action, the memory and the plan readings."""
    actions = [
        "Action: FIND Mug",
        "Action: PICKUP mug",
        "Action: find Mug",
        "Action:TOGGLE_ON CoffeeMachine",
        "Action: JUMP Mug",
        "Action: FIND Spaceship",
        "Action: JUMP Spaceship",
        "action: FIND Mug",
        "Action: FIND",
        "Action: FIND\nMug",
        "Action: PUT EggCracked.",
        "Action: **FIND Mug**",
        "Action: `FIND Mug`",
        "Action: FIND Mug\nAction: OPEN Cabinet",
        "ACTION: FIND Mug",
        "Action: TOGGLE_OFF Faucet and then FIND Mug",
        "",
    ]
    memories = [
        "",
        "THINGS TO REMEMBER: the mug is dirty\n\n",
        "THINGS TO REMEMBER:\n- mug dirty\n- sink full\n\n",
        "Things to remember: lower case\n",
        "**THINGS TO REMEMBER**:\n* starred\n\n",
        "Things I want to remember: the old header\n\n",
        "things to remember -  dash after\n\n",
    ]
    plans = [
        "",
        "SUGGESTED PLAN SEQUENCE:\n1. FIND Mug\n2. PICKUP Mug\n",
        "Suggested plan sequence: FIND Mug on the header line\nPICKUP Mug\n",
        "SUGGESTED PLAN SEQUENCE:",
        "suggested plan sequence\n- a\n- b\nThings to remember: inside the plan\n",
        "SUGGESTED PLAN SEQUENCE (revised):\n1. OPEN Cabinet (DONE)\n\n2. PUT Cabinet\n",
    ]
    wrappers = [
        "<answer>\n{body}</answer>",
        "<think>I see a Mug. Action: FIND Cabinet</think>\n<answer>\n{body}</answer>",
        "{body}",
        "Let me think.\n```\n{body}```\nDone.",
        "<answer>\n{body}</answer>\n<answer>\nAction: OPEN Cabinet\n</answer>",
        "</answer> stray close first <answer>\n{body}",
        "<think>THINGS TO REMEMBER: from the think block\n\nSUGGESTED PLAN SEQUENCE:\nFIND Egg\n</think>"
        "<answer>{body}</answer>",
    ]
    corpus = []
    for wrapper, memory, plan, action in itertools.product(wrappers, memories, plans, actions):
        corpus.append(wrapper.format(body=memory + plan + action + "\n"))
    rng = random.Random(26)
    pieces = [
        *actions,
        *memories,
        *plans,
        "<answer>",
        "</answer>",
        "<think>",
        "</think>",
        "\n\n",
        "İstanbul ",
        "Ünïcode ",
    ]
    corpus += ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 8))) for _ in range(500)]
    return corpus


def test_replies_are_read_as_asgardbench_reads_them(asgard: types.SimpleNamespace) -> None:
    corpus = reply_corpus()
    assert len(corpus) >= 300
    prompts = asgard.prompts
    disagree = []
    for reply in corpus:
        ours = read_action(reply, OBJECTS)
        if reply == "":
            continue  # their client raises before the parser sees an empty reply (below)
        verb, kind, error = prompts.extract_action_object(reply, OBJECTS)
        theirs = (
            f"{verb} {kind}",
            error is None,
            prompts.extract_memories(reply),
            prompts.extract_suggested_plan_sequence_raw(reply),
        )
        if (ours.entry, ours.valid, read_memory(reply), read_plan(reply)) != theirs:
            disagree.append(reply)
    assert not disagree, f"{len(disagree)} of {len(corpus)} replies read otherwise, e.g. {disagree[0]!r}"


# --- episodes -----------------------------------------------------------------------------
class _Picture:
    """What the stand-in environment returns as its camera image: our picture of the world
    (with the hand when the runner's hand transparency is not 0)."""

    def __init__(self, state: str, hand: bool) -> None:
        self.png = ego_png(EgoKey(state, hand), SERVE_LEVEL)

    def save(self, path: str) -> None:
        Path(path).write_bytes(self.png)


_PIXELS: dict[str, str] = {}


def pixels(png: bytes) -> str:
    """A digest of an image's RGB pixels (the same pixels, however the PNG was encoded)."""
    key = hashlib.sha256(png).hexdigest()
    if key not in _PIXELS:
        _PIXELS[key] = hashlib.sha256(PIL.Image.open(io.BytesIO(png)).convert("RGB").tobytes()).hexdigest()
    return _PIXELS[key]


class _Scenario:
    """Our world in place of AI2-THOR, with the engine's fields the runner reads."""

    def __init__(self, row: KeyRow, save_dir: str, hand: bool) -> None:
        self.hand = hand
        self.world = row_world(row)
        self.task = row_task(row)
        self.save_dir = save_dir
        self.step_error: types.SimpleNamespace | None = None
        self.reached_new_subgoal = False
        self.plan_errors: list[Any] = []
        self.raw_plan = types.SimpleNamespace(goal=types.SimpleNamespace(evaluate_goals=self._goals))

    def _goals(self, scenario: Any) -> bool:
        return all_reached(self.world, self.task.goals)

    def picture(self) -> _Picture:
        return _Picture(json.dumps(self.world.to_json(), sort_keys=True), self.hand)

    def do(self, action: Action, kind: str | None) -> None:
        self.step_error = None
        if action.name not in VERBS or kind is None:
            # its engine first refuses a type whose every object fulfils a goal, then the reply
            things = self.world.of_kind(kind) if kind else []
            used = bool(things) and all(self.world.in_use(t) for t in things)
            self.step_error = types.SimpleNamespace(
                error_msg=S.ALL_IN_USE.format(t=kind) if used else S.INVALID_RESPONSE
            )
            return
        result = act(self.world, action.name, kind, Shortcuts())
        if result.subgoal:
            self.reached_new_subgoal = True
        if not result.success:
            self.step_error = types.SimpleNamespace(error_msg=result.message)


class _Player:
    def __init__(self, test_plan: Any, plan_type: Any, config: Any, save_directory: str, initial_pose: Any) -> None:
        self.scenario = _Scenario(test_plan.row, save_directory, config.hand_transparency != 0)
        self.plan = types.SimpleNamespace(name=test_plan.name, steps=[], task_failed=False)

    def start(self) -> _Picture:
        return self.scenario.picture()

    def step(self, action: Action, kind: str | None) -> _Picture:
        self.plan.steps.append(
            types.SimpleNamespace(image_filename="unsaved.png", model_response=None, partial_prompt=None, log="")
        )
        self.scenario.do(action, kind)
        return self.scenario.picture()

    def complete(self) -> None:
        return None


class _Model:
    """Replies in turn, and what AsgardBench's client would send for each prompt: the
    system part, the user text, then the images (previous first)."""

    def __init__(self, replies: list[str], split: Any) -> None:
        self.replies = iter(replies)
        self.split = split
        self.sent: list[tuple[list[tuple[str, str]], list[str]]] = []

    def get_response(self, current: str | None, previous: str | None, prompt: str) -> str:
        system, user = self.split(prompt)
        messages = ([("system", system)] if system else []) + [("user", user)]
        shown = [pixels(Path(p).read_bytes()) for p in (previous, current) if p is not None]
        self.sent.append((messages, shown))
        reply = next(self.replies)
        if reply == "":
            raise ModelEmptyResponseError("empty")
        return reply


def _looping(sequence: list, min_repetitions: int = 3) -> bool:
    return T.is_looping(sequence, min_repetitions)


@pytest.fixture(scope="module")
def runner(asgard: types.SimpleNamespace) -> types.SimpleNamespace:
    """AsgardBench's ModelTester, lifted from its model_tester.py with the stand-ins."""
    constants = types.SimpleNamespace(
        Action=Action,
        PreviousImageType=PreviousImageType,
        Color=types.SimpleNamespace(BLUE="", RED="", GREEN="", YELLOW="", LIGHT_BLUE=""),
    )
    namespace = {
        "os": os,
        "json": json,
        "shutil": shutil,
        "sys": sys,
        "time": time,
        "Any": Any,
        "List": list,
        "Image": PIL.Image,
        "Prompts": asgard.prompts,
        "PromptParams": asgard.prompts.PromptParams,
        "render_prompt": asgard.prompts.render_prompt,
        "Utils": types.SimpleNamespace(print_color=_ignore, is_sequence_looping=_looping),
        "c": constants,
        "ItemCache": None,
        "Player": _Player,
        "PlanType": types.SimpleNamespace(REPLAY="replay"),
        "Plan": type("Plan", (), {}),
        "Scenario": _Scenario,
        "EvaluationConfig": EvaluationConfig,
        "FailType": FailType,
        "StepExtension": StepExtension,
        "ModelEmptyResponseError": ModelEmptyResponseError,
        "set_current_step": _ignore,
        "clear_log_buffer": _ignore,
        "log_print": _ignore,
        "_QUIET_MODE": True,
    }
    names = [
        "ModelTester",
        "extract_partial_prompt",
        "MAX_ACTION_REPEATS",
        "MAX_CONSECUTIVE_FAILURES",
        "EXTRA_STEP_RATIO_SOFT",
        "EXTRA_STEP_RATIO_HARD",
        "OBJECT_NOVELTY_WINDOW",
    ]
    lifted = lift(f"{ASGARD}/Model/model_tester.py", names, namespace)
    return lifted


@dataclass(frozen=True)
class Played:
    prompts: list[tuple[list[tuple[str, str]], list[str]]]
    end: str
    steps: int


def play_theirs(
    runner: types.SimpleNamespace,
    asgard: types.SimpleNamespace,
    row: KeyRow,
    settings: dict[str, Any],
    replies: list[str],
    folder: Path,
    scene_types: list[str],
) -> Played:
    image = settings.get("view", "image") == "image"
    config = EvaluationConfig(
        text_only=not image,
        feedback_type=FeedbackType(settings.get("feedback", "simple")),
        hand_transparency=60 if image and settings.get("hand", True) else 0,
        include_common_sense=settings.get("common_sense", False),
        previous_image=PreviousImageType(settings.get("previous_image", "color"))
        if image and settings.get("images", 2) == 2
        else PreviousImageType.NONE,
        use_memory=settings.get("memory", True),
        full_steps=settings.get("plan", True),
    )
    task = row_task(row)
    tester = object.__new__(runner.ModelTester)
    tester.config = config
    tester.replay = False
    tester.plan_folder = str(folder)
    tester.test_plan_dir = str(folder)
    tester.model_id = "scripted"
    tester.model = _Model(replies, asgard.prompts.split_prompt_for_caching)
    tester.max_steps_soft = max(int(task.step_count * runner.EXTRA_STEP_RATIO_SOFT), 15)
    tester.max_steps_hard = max(int(task.step_count * runner.EXTRA_STEP_RATIO_HARD), 20)
    tester.step_extension = StepExtension.NONE
    runner.ModelTester.test_plan.__globals__["ItemCache"] = types.SimpleNamespace(
        get_scene_types=lambda scene: list(scene_types)
    )
    plan = types.SimpleNamespace(
        row=row,
        name=f"plan{abs(hash(tuple(replies)))}",
        initial_pose=None,
        task_description=task.description,
        scene=task.scene,
    )
    played = tester.test_plan(plan, 0, 1, time.time(), 1)
    assert tester.fail_reason != FailType.API_FAILURE, [s.log for s in played.steps][-1:]
    if tester.fail_reason is None:
        end = S.SUCCESS
    elif tester.step_extension == StepExtension.HIT_HARD_LIMIT:
        end = S.HARD_LIMIT
    else:
        end = str(tester.fail_reason.value)
    return Played(tester.model.sent, end, len(played.steps))


def play_ours(row: KeyRow, settings: dict[str, Any], replies: list[str]) -> Played:
    episode = make_episode(row, {"mode": "kitchen", "parser": "paper", **settings})
    assert isinstance(episode, KitchenEpisode)
    observation, _ = episode.reset()
    sent = []
    for reply in replies:
        messages = [(m.role, m.content) for m in observation.roles()]
        role, user = messages[-1]
        text = user.replace("<image>", "")
        assert user == text + "<image>" * user.count("<image>"), "the images come after the text"
        messages[-1] = (role, text)
        sent.append((messages, [pixels(png) for png in observation.images_png(SERVE_LEVEL)]))
        result = step_on_reply(episode, reply)  # as the rollout server steps
        observation = result.observation
        if episode.done:
            break
    return Played(sent, episode.end or "abandoned", len(episode.steps))


def answer(action: str, memory: str = "keep going", plan: str = "") -> str:
    notes = f"THINGS TO REMEMBER: {memory}\n\nSUGGESTED PLAN SEQUENCE:\n{plan or action}"
    return f"<think>...</think>\n<answer>\n{notes}\nAction: {action}\n</answer>"


def reply_sequences(row: KeyRow, rng: random.Random) -> dict[str, list[str]]:
    """Reply sequences that reach each way an episode ends, with every kind of bad reply."""
    expert = list(row.answer_key["expert_plan"])
    kinds = row_world(row).available_types()
    hard = T.hard_limit(row_task(row).step_count) + 3
    bad = ["no action here", "", answer("JUMP Mug"), answer("FIND Spaceship"), answer("find Mug"), "Action: FIND"]
    noisy = []
    for action in expert:
        if rng.random() < 0.3:
            noisy.append(rng.choice(bad))
        noisy.append(answer(action, memory=f"step {len(noisy)}", plan="\n".join(expert[:3])))
    wander = [answer(f"FIND {rng.choice(kinds)}") for _ in range(hard)]
    cycle = [answer("FIND Fridge" if "Fridge" in kinds else f"FIND {kinds[0]}"), answer(f"FIND {kinds[1]}")] * hard
    return {
        "gold": [answer(a) for a in expert] + ["no action"] * hard,
        "noisy": noisy + ["no action"] * hard,
        "repeats": [answer("FIND Mug")] * hard,
        "failures": [answer(f"PUT {k}") for k in kinds] * hard,
        "unparsable": [rng.choice(bad) for _ in range(hard)],
        "wander": wander + ["x"] * 3,
        "cycle": cycle,
        "new object late": cycle[:14] + [answer(f"FIND {kinds[-1]}")] + cycle[:hard],
    }


SETTINGS: list[dict[str, Any]] = [
    {},
    {"feedback": "none"},
    {"feedback": "detailed"},
    {"images": 1, "hand": False},
    {"previous_image": "grayscale", "feedback": "none"},
    {"view": "text_only", "feedback": "detailed"},
    {"plan": False, "memory": False},
    {"common_sense": True, "feedback": "detailed"},
]


def generated_rows() -> list[KeyRow]:
    return [
        generated_row(kind, seed=f"fidelity-{kind}") for kind in ("coffee", "cook_egg", "putaway_food", "clean_mirror")
    ]


def agreement(
    runner: types.SimpleNamespace, asgard: types.SimpleNamespace, rows: list[tuple[KeyRow, list[str]]], tmp_path: Path
) -> tuple[int, int, list[str], Counter[str]]:
    """Every row, reply sequence and setting played both ways: (played, agreed, the
    disagreements, AsgardBench's end reasons)."""
    rng = random.Random(26)
    played = agreed = 0
    problems: list[str] = []
    ends: Counter[str] = Counter()
    pairs: set[tuple[str, object]] = set()  # (row, setting), (sequence, setting), (row, sequence) played
    for row_number, (row, scene_types) in enumerate(rows):
        for sequence_number, (name, replies) in enumerate(reply_sequences(row, rng).items()):
            for setting in settings_played(row_number, sequence_number):
                settings = SETTINGS[setting]
                pairs |= {
                    ("row-setting", (row_number, setting)),
                    ("sequence-setting", (name, setting)),
                    ("row-sequence", (row_number, name)),
                }
                folder = tmp_path / f"episode{played}"
                folder.mkdir()
                theirs = play_theirs(runner, asgard, row, settings, replies, folder, scene_types)
                ours = play_ours(row, settings, replies)
                played += 1
                ends[theirs.end] += 1
                if (ours.end, ours.steps) != (theirs.end, theirs.steps):
                    ended = f"ours {ours.end} after {ours.steps}, theirs {theirs.end} after {theirs.steps}"
                    problems.append(f"{row.id} {name} {settings}: {ended}")
                elif ours.prompts != theirs.prompts:
                    step = next(i for i, (a, b) in enumerate(zip(ours.prompts, theirs.prompts)) if a != b)
                    problems.append(f"{row.id} {name} {settings}: the prompt of step {step} differs")
                else:
                    agreed += 1
    kinds = Counter(kind for kind, _ in pairs)
    sequences = len(reply_sequences(rows[0][0], random.Random(0)))
    assert kinds == {
        "row-setting": len(rows) * len(SETTINGS),
        "sequence-setting": sequences * len(SETTINGS),
        "row-sequence": len(rows) * sequences,
    }, kinds
    return played, agreed, problems, ends


# `make test` plays each row's reply sequences under two settings each, turned by the row and the
# sequence so that every pair is played: each row under every setting, each sequence under every
# setting, each row with every sequence (4 rows: 64 episodes). PLANARIUM_FULL_ASGARDBENCH=1 plays
# every row x sequence x setting (256 a test, all agreeing; the two tests 55 CPU s against 20).
FULL = os.environ.get("PLANARIUM_FULL_ASGARDBENCH") == "1"


def settings_played(row_number: int, sequence_number: int) -> list[int]:
    """The indices in SETTINGS a row's sequence is played under."""
    if FULL:
        return list(range(len(SETTINGS)))
    first = (sequence_number + 2 * row_number) % len(SETTINGS)
    return [first, (first + 1) % len(SETTINGS)]


def test_episodes_play_as_asgardbenchs_runner_plays_them(
    runner: types.SimpleNamespace, asgard: types.SimpleNamespace, tmp_path: Path
) -> None:
    rows = [(row, row_world(row).available_types()) for row in generated_rows()]
    played, agreed, problems, ends = agreement(runner, asgard, rows, tmp_path)
    assert set(ends) == {S.SUCCESS, S.MAX_REPEATS, S.MAX_FAILURES, S.MAX_STEPS, S.HARD_LIMIT}, ends
    assert played >= 64 and not problems, f"{agreed} of {played} agree; {problems[:5]}"


def asgardbench_rows() -> list[tuple[KeyRow, list[str]]]:
    """A few of AsgardBench's own tasks (one per task type among the first), each with the
    types its item cache lists for the scene (what its runner offers as AVAILABLE OBJECTS)."""
    folder = EXTERNAL
    if not (folder / "magt_benchmark.jsonl.gz").exists():
        pytest.skip(f"AsgardBench's tasks are not here: {folder} (../shared/external/asgardbench)")
    from scorer.families.kitchen.asgard import SCENES_FILE
    from scorer.families.kitchen.asgard_import import imported_worlds
    from scorer.families.kitchen.rows import key_fields
    from scorer.scoring.harness import key_row

    listed = json.loads(gzip.decompress((folder / SCENES_FILE).read_bytes()))["types"]
    rows: list[tuple[KeyRow, list[str]]] = []
    seen: set[str] = set()
    for world, task in imported_worlds(folder):
        if task.task_type in seen or task.task_type not in ("coffee", "distribute", "putaway_dishes", "clean_mirror"):
            continue
        seen.add(task.task_type)
        row = key_row(key_fields(task, world, "asgardbench-episodes", "test", len(rows)))
        rows.append((row, list(listed[task.scene])))
    return rows


def test_asgardbench_tasks_play_as_its_runner_plays_them(
    runner: types.SimpleNamespace, asgard: types.SimpleNamespace, tmp_path: Path
) -> None:
    played, agreed, problems, _ = agreement(runner, asgard, asgardbench_rows(), tmp_path)
    assert played >= 64 and not problems, f"{agreed} of {played} agree; {problems[:5]}"


def test_rows_and_the_server_send_asgardbenchs_first_prompt(
    runner: types.SimpleNamespace, asgard: types.SimpleNamespace, tmp_path: Path
) -> None:
    """A built row's ``messages`` column and the rollout server's first observation, turned
    into chat messages by our client, are AsgardBench's first prompt as its client sends it:
    a system message, then one user message of the text followed by the image."""
    from planarium_agents.messages import chat_messages
    from scorer.families.kitchen.rows import make_row

    for number, row in enumerate(generated_rows()):
        built = make_row(row_task(row), row_world(row), "kitchen-episodes", "test", 0)
        folder = tmp_path / f"row{number}"
        folder.mkdir()
        replies = [answer("FIND Mug")] + ["no action"] * 30
        theirs = play_theirs(runner, asgard, row, {}, replies, folder, row_world(row).available_types())
        messages, shown = theirs.prompts[0]
        (_, system), (_, user) = messages
        assert built["messages"] == [
            {"role": "system", "content": system},
            {"role": "user", "content": user + "<image>" * len(shown)},
        ]
        served = make_episode(row, {"mode": "kitchen", "parser": "paper"}).reset()[0].to_json(SERVE_LEVEL)
        assert served["messages"] == built["messages"]
        chat = chat_messages(served)
        assert [message["role"] for message in chat] == ["system", "user"] and chat[0]["content"] == system
        parts = chat[1]["content"]
        assert parts[0] == {"type": "text", "text": user} and [p["type"] for p in parts[1:]] == ["image_url"] * len(
            shown
        )
        sent = [pixels(base64.b64decode(p["image_url"]["url"].split(",", 1)[1])) for p in parts[1:]]
        assert sent == shown
