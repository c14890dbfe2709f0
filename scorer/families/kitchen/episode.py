"""Kitchen mode: AsgardBench's interactive tasks, played as its runner plays them.

**Description.** A symbolic kitchen (or bathroom, or living room) drawn by us; the agent
must reach the task's goals with the 12 verbs (``rules``). What the scene holds (a
dirty mug, a full sink, a mug already full of coffee) changes the plan, and only the
images tell.

**Observation.** AsgardBench's own prompt (``prompt``, rendered from its template files):
the actions, world rules, task instructions and three examples as the system message; the
task, the available objects, the image guidance, the history of attempted actions with
``feedback`` ``none`` / ``simple`` / ``detailed`` in its exact forms, and the suggested plan
and memory carried from the previous reply (``plan``, ``memory``) as the user message,
then ``images`` pictures (2: before and after the last action, AsgardBench's default, the
one before in colour or, ``previous_image: grayscale``, in grayscale as its ablation; 1:
the current one only, its single-image ablation) of what the agent faces, with a
translucent hand holding the held item (``hand``: off is the no-hand ablation).
``common_sense`` adds the world rules AsgardBench keeps off by default. ``view`` ``text_only``
is AsgardBench's text-only ablation (no scene at all); ``text`` (ours) writes the scene out
after the user text instead of drawing it.

**Action space.** A reply, read as AsgardBench's runner reads it (``parse``): the last
``Action: VERB Object`` inside ``<answer>`` counts. A reply whose verb or object is unknown
is an invalid-format step: it fails ("Response from model is in invalid format.") and
stays in the history as written; a reply with no Action line fails too and is left out of
the history shown (numbered without gaps). ``find_opens`` and ``put_tries_others`` are
AsgardBench's silent shortcuts (on, as its default). ``parser``: ``ours`` (the default)
reads the reply without its ``<think>`` block, as every Planarium reading does (the rollout
engine removes it); ``paper`` reads it whole, as AsgardBench does (its memory is the first
"things to remember" anywhere, its action the last Action line from ``<answer>`` on, or
from the start without one).

**Termination.** AsgardBench's runner (``termination``): success when every goal holds
after a step; ``Max_Repeats``, ``Max_Failures``, ``Max_Steps`` (the soft limit without
progress) and ``Hit_Hard_Limit``; the reason is the outcome's ``end``.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from typing import Any

from scorer.episodes.base import PARSER_SETTING, Observation, SettingsError, StepResult, check_parser, check_settings
from scorer.families.kitchen import strings as S
from scorer.families.kitchen import termination as T
from scorer.families.kitchen.goals import all_reached, fraction_reached, goal_checks
from scorer.families.kitchen.parse import Reading, read_action, read_memory, read_plan
from scorer.families.kitchen.prompt import Codes, PromptParts, history_text, render_prompt
from scorer.families.kitchen.rules import Shortcuts, act
from scorer.families.kitchen.tasks import KitchenTask
from scorer.families.kitchen.view_ego import EgoKey, ego_png
from scorer.families.kitchen.view_text import scene_text
from scorer.families.kitchen.world import World
from scorer.io.dataset import KeyRow

DEFAULTS: dict[str, Any] = {
    "mode": "kitchen",
    PARSER_SETTING: "ours",
    "view": "image",
    "images": 2,
    "previous_image": "color",
    "hand": True,
    "feedback": "simple",
    "plan": True,
    "memory": True,
    "common_sense": False,
    "find_opens": True,
    "put_tries_others": True,
}
VIEWS = ("image", "text", "text_only")
PREVIOUS_IMAGES = ("color", "grayscale")
FEEDBACKS = ("none", "simple", "detailed")


@dataclass(frozen=True)
class KitchenStep:
    action: str  # as AsgardBench's history records it: "VERB Object", "None None", "JUMP Mug", ...
    success: bool
    message: str
    error_type: str | None


def row_task(row: KeyRow) -> KitchenTask:
    return KitchenTask.from_json(row.meta["task"])


def row_world(row: KeyRow) -> World:
    return World.from_json(row.meta["world"])


class KitchenEpisode:
    def __init__(self, row: KeyRow, settings: dict[str, Any]) -> None:
        self.settings = checked_settings(settings)
        self.row = row
        self.task = row_task(row)
        self.world = row_world(row)
        self.shortcuts = Shortcuts(self.settings["find_opens"], self.settings["put_tries_others"])
        self.available = self.world.available_types()
        self.expert_steps = self.task.step_count
        self.limit = T.soft_limit(self.expert_steps)
        self.hard = T.hard_limit(self.expert_steps)
        self.replies: list[str] = []
        self.steps: list[KitchenStep] = []
        # The world (as JSON) after the last two steps, which the image view draws; the text view keeps none.
        self.snapshots: deque[str] = deque(maxlen=2)
        self._keep_snapshot()
        self.new_subgoal = False
        self.extensions = 0
        self.memory = ""
        self.plan = ""
        self.end: str | None = S.SUCCESS if all_reached(self.world, self.task.goals) else None
        # Goals a task's scene already satisfies: progress is counted from here (rewards)
        self.start_goals_reached = fraction_reached(self.world, self.task.goals)

    @property
    def done(self) -> bool:
        return self.end is not None

    def reset(self) -> tuple[Observation, dict[str, Any]]:
        info = {"settings": self.settings, "soft_limit": self.limit, "hard_limit": self.hard}
        return self._observation(), info

    def step(self, reply: str) -> StepResult:
        if self.done:
            raise RuntimeError("the episode is over")
        self.replies.append(reply)
        reading = read_action(reply, self.available)
        step = self._act(reading)
        self.steps.append(step)
        if self.settings["memory"]:
            self.memory = read_memory(reply)
        if self.settings["plan"]:
            self.plan = read_plan(reply)
        self._keep_snapshot()
        self._update_end()
        info = {
            "step": len(self.steps),
            "action": reading.entry if reading.valid else None,
            "success": step.success,
            "message": step.message,
            "error_type": step.error_type,
            "end": self.end,
        }
        truncated = self.end in (S.MAX_STEPS, S.HARD_LIMIT, S.MAX_REPEATS, S.MAX_FAILURES)
        return StepResult(self._observation(), self.end == S.SUCCESS, truncated, info)

    def _act(self, reading: Reading) -> KitchenStep:
        if not reading.valid or reading.verb is None or reading.kind is None:
            # An invalid-format step fails with AsgardBench's message, unless every object of the
            # type it names already fulfils a goal: its engine refuses that first. We count them
            # all as unparsable (its engine types one whose object is not in the scene as
            # undoable: a departure of the counts, not of the episode).
            return KitchenStep(reading.entry, False, self._invalid_message(reading.kind), S.UNPARSABLE)
        result = act(self.world, reading.verb, reading.kind, self.shortcuts)
        if result.subgoal:
            self.new_subgoal = True
        return KitchenStep(reading.entry, result.success, result.message, result.error_type)

    def _invalid_message(self, kind: str | None) -> str:
        things = self.world.of_kind(kind) if kind else []
        if things and all(self.world.in_use(t) for t in things):
            return S.ALL_IN_USE.format(t=kind)
        return S.INVALID_RESPONSE

    def _update_end(self) -> None:
        count = len(self.steps)
        entries = [s.action for s in self.steps]
        if all_reached(self.world, self.task.goals):
            self.end = S.SUCCESS
        elif T.is_looping(entries):
            self.end = S.MAX_REPEATS
        elif T.consecutive_failures([s.success for s in self.steps]) >= T.MAX_CONSECUTIVE_FAILURES:
            self.end = S.MAX_FAILURES
        elif T.past_limit(count, self.hard):
            self.end = S.HARD_LIMIT
        elif T.past_limit(count, self.limit):
            if self.new_subgoal:
                self.new_subgoal = False
                self.limit += T.EXTENSION
                self.extensions += 1
            elif T.novel_objects(entries):
                self.limit += T.EXTENSION
                self.extensions += 1
            else:
                self.end = S.MAX_STEPS

    def _keep_snapshot(self) -> None:
        if self.settings["view"] == "image":
            self.snapshots.append(json.dumps(self.world.to_json(), sort_keys=True))

    def codes(self) -> Codes:
        """The condition codes of AsgardBench's templates for this episode's settings and step."""
        image = self.settings["view"] == "image"
        return Codes(
            text_only=not image,
            feedback=self.settings["feedback"],
            hand=image and self.settings["hand"],
            common_sense=self.settings["common_sense"],
            previous_image=self.settings["previous_image"] if image and self.settings["images"] == 2 else "none",
            memory=self.settings["memory"],
            plan=self.settings["plan"],
            first_action=not self.steps,
        )

    def _observation(self) -> Observation:
        view = self.settings["view"]
        keys: list[EgoKey] = []
        if view == "image":
            shown = list(self.snapshots)[-self.settings["images"] :]
            gray = self.settings["previous_image"] == "grayscale"
            grays = (gray, False) if len(shown) == 2 else (False,)
            keys = [EgoKey(state, self.settings["hand"], g) for state, g in zip(shown, grays, strict=True)]
        entries = [(s.action, None if s.success else s.message) for s in self.steps]
        parts = PromptParts(
            self.task.description,
            self.available,
            history_text(entries, self.settings["feedback"]),
            self.plan,
            self.memory,
        )
        scene = scene_text(self.world) if view == "text" else ""
        messages = render_prompt(parts, self.codes(), len(keys), scene)
        return Observation.chat(messages, tuple(keys), ego_png if keys else None)

    def outcome(self) -> dict[str, Any]:
        steps = len(self.steps)
        counted = {S.UNDOABLE: 0, S.UNPARSABLE: 0, S.INVALID_OBJECT_TYPE: 0}
        for s in self.steps:
            if s.error_type in counted:
                counted[s.error_type] += 1
        success = self.end == S.SUCCESS
        return {
            "success": success,
            "steps": steps,
            "legal_actions": sum(s.success for s in self.steps),
            "legal_rate": sum(s.success for s in self.steps) / steps if steps else 0.0,
            "unparsable": counted[S.UNPARSABLE],
            "undoable": counted[S.UNDOABLE],
            "invalid_objects": counted[S.INVALID_OBJECT_TYPE],
            "end": self.end or "abandoned",
            "fail_reason": _fail_reason(self.end),
            "goals_reached": fraction_reached(self.world, self.task.goals),
            "start_goals_reached": self.start_goals_reached,
            "goals": [[name, reached] for name, reached in goal_checks(self.world, self.task.goals)],
            "expert_steps": self.expert_steps,
            "step_ratio": steps / self.expert_steps if success and self.expert_steps else None,
            "extensions": self.extensions,
            "task_type": self.task.task_type,
            "view": self.settings["view"],
            "feedback": self.settings["feedback"],
            "actions": [s.action for s in self.steps],
        }


def _fail_reason(end: str | None) -> str | None:
    """AsgardBench's ``fail_reason``: the hard limit is recorded as Max_Steps (with the
    step extension Hit_Hard_Limit)."""
    if end in (None, S.SUCCESS):
        return None
    return S.MAX_STEPS if end == S.HARD_LIMIT else end


def checked_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """The episode's settings: the defaults filled in, each checked (a SettingsError)."""
    merged = check_settings(settings, DEFAULTS, "kitchen")
    check_parser(merged)
    if merged["view"] not in VIEWS:
        raise SettingsError(f"setting 'view' must be one of {', '.join(VIEWS)}, got {merged['view']!r}")
    if merged["feedback"] not in FEEDBACKS:
        raise SettingsError(f"setting 'feedback' must be one of {', '.join(FEEDBACKS)}, got {merged['feedback']!r}")
    if merged["images"] not in (1, 2):
        raise SettingsError(f"setting 'images' must be 1 or 2, got {merged['images']}")
    if merged["previous_image"] not in PREVIOUS_IMAGES:
        raise SettingsError(
            f"setting 'previous_image' must be one of {', '.join(PREVIOUS_IMAGES)}, got {merged['previous_image']!r}"
        )
    return merged
