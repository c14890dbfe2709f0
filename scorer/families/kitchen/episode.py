"""Kitchen mode: AsgardBench's interactive tasks, played as its runner plays them.

**Description.** A symbolic kitchen (or bathroom, or living room) drawn by us; the agent
must reach the task's goals with the 12 verbs (``rules``). What the scene holds (a
dirty mug, a full sink, a mug already full of coffee) changes the plan, and only the
images tell.

**Observation.** The task, the available objects, the actions and world rules, then
``images`` pictures (2: before and after the last action, AsgardBench's default; 1: the
current one only, its single-image ablation) of what the agent faces, with a
translucent hand holding the held item (``hand``: off is the no-hand ablation). ``view``
``text`` writes the scene out instead of drawing it; ``text_only`` (AsgardBench's
text-only ablation) shows no scene at all. Then the history of attempted actions with
``feedback`` ``none`` / ``simple`` / ``detailed`` in AsgardBench's exact forms, and the
suggested plan and THINGS TO REMEMBER carried from the previous reply (``plan``,
``memory``).

**Action space.** A raw reply; the last ``Action: VERB Object`` inside ``<answer>``
counts (``parse``). A reply with none, an unknown verb or an object not in the scene is
an unparsable step: it fails and is left out of the history, as AsgardBench's runner
does. ``find_opens`` and ``put_tries_others`` are AsgardBench's silent shortcuts (on, as
its default).

**Termination.** AsgardBench's runner (``termination``): success when every goal holds
after a step; ``Max_Repeats``, ``Max_Failures``, ``Max_Steps`` (the soft limit without
progress) and ``Hit_Hard_Limit``; the reason is the outcome's ``end``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from scorer.dataset import KeyRow
from scorer.episodes.base import Observation, SettingsError, StepResult, check_settings
from scorer.families.kitchen import strings as S
from scorer.families.kitchen import termination as T
from scorer.families.kitchen.goals import all_reached, fraction_reached, goal_checks
from scorer.families.kitchen.parse import ParsedAction, parse_action, parse_memory, parse_plan
from scorer.families.kitchen.prompt import IMAGE_MARKER, PromptParts, history_line, render_prompt
from scorer.families.kitchen.rules import Shortcuts, act
from scorer.families.kitchen.tasks import KitchenTask
from scorer.families.kitchen.view_ego import EgoKey, ego_png
from scorer.families.kitchen.view_text import scene_text
from scorer.families.kitchen.world import World

DEFAULTS: dict[str, Any] = {
    "mode": "kitchen",
    "view": "image",
    "images": 2,
    "hand": True,
    "feedback": "simple",
    "plan": True,
    "memory": True,
    "find_opens": True,
    "put_tries_others": True,
}
VIEWS = ("image", "text", "text_only")
FEEDBACKS = ("none", "simple", "detailed")
UNPARSED = "None None"  # AsgardBench's history entry of an unparsable step (not shown)


@dataclass(frozen=True)
class KitchenStep:
    action: str  # "VERB Object", or "None None" when unparsable
    success: bool
    message: str
    error_type: str | None


def row_task(row: KeyRow) -> KitchenTask:
    return KitchenTask.from_json(row.meta["task"])


def row_world(row: KeyRow) -> World:
    return World.from_json(row.meta["world"])


class KitchenEpisode:
    def __init__(self, row: KeyRow, settings: dict[str, Any]) -> None:
        self.settings = _checked(settings)
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
        self.objects: list[str | None] = []
        self.snapshots = [self._snapshot()]
        self.new_subgoal = False
        self.extensions = 0
        self.memory = ""
        self.plan = ""
        self.end: str | None = S.SUCCESS if all_reached(self.world, self.task.goals) else None

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
        parsed = parse_action(reply, self.available)
        step = self._act(parsed)
        self.steps.append(step)
        self.objects.append(parsed.kind)
        if self.settings["memory"]:
            self.memory = parse_memory(reply)
        if self.settings["plan"]:
            self.plan = parse_plan(reply)
        self.snapshots.append(self._snapshot())
        self._update_end()
        info = {
            "step": len(self.steps),
            "action": parsed.text if parsed.verb else None,
            "success": step.success,
            "message": step.message,
            "error_type": step.error_type,
            "end": self.end,
        }
        truncated = self.end in (S.MAX_STEPS, S.HARD_LIMIT, S.MAX_REPEATS, S.MAX_FAILURES)
        return StepResult(self._observation(), self.end == S.SUCCESS, truncated, info)

    def _act(self, parsed: ParsedAction) -> KitchenStep:
        if parsed.verb is None or parsed.kind is None:
            return KitchenStep(UNPARSED, False, parsed.problem, S.UNPARSABLE)
        result = act(self.world, parsed.verb, parsed.kind, self.shortcuts)
        if result.subgoal:
            self.new_subgoal = True
        return KitchenStep(parsed.text, result.success, result.message, result.error_type)

    def _update_end(self) -> None:
        count = len(self.steps)
        if all_reached(self.world, self.task.goals):
            self.end = S.SUCCESS
        elif T.is_looping([s.action for s in self.steps]):
            self.end = S.MAX_REPEATS
        elif T.consecutive_failures([s.success for s in self.steps]) >= T.MAX_CONSECUTIVE_FAILURES:
            self.end = S.MAX_FAILURES
        elif count >= self.hard:
            self.end = S.HARD_LIMIT
        elif count >= self.limit:
            if self.new_subgoal or T.novel_objects(self.objects):
                self.limit += T.EXTENSION
                self.extensions += 1
                self.new_subgoal = False
            else:
                self.end = S.MAX_STEPS

    def _snapshot(self) -> str:
        return json.dumps(self.world.to_json(), sort_keys=True)

    def _observation(self) -> Observation:
        view = self.settings["view"]
        keys: list[EgoKey] = []
        if view == "image":
            shown = (
                self.snapshots[-2:] if self.settings["images"] == 2 and len(self.snapshots) > 1 else self.snapshots[-1:]
            )
            roles = ("before", "now") if len(shown) == 2 else ("now",)
            keys = [EgoKey(state, self.settings["hand"], role) for state, role in zip(shown, roles, strict=True)]
            guide = (
                "The first image shows the scene before your last action, the second the scene now."
                if len(keys) == 2
                else "The image shows the scene now."
            )
            scene = f"{guide} Base your observations on the last image.\n" + "\n".join(IMAGE_MARKER for _ in keys)
        elif view == "text":
            scene = scene_text(self.world)
        else:
            scene = ""
        history = [
            history_line(i, s.action, self.settings["feedback"], s.success, s.message)
            for i, s in enumerate(self.steps)
            if s.action != UNPARSED
        ]
        parts = PromptParts(
            self.task.description, self.available, scene, history, self.plan, self.memory, not self.steps
        )
        return Observation.chat(render_prompt(parts), tuple(keys), ego_png if keys else None)

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


def _checked(settings: dict[str, Any]) -> dict[str, Any]:
    merged = check_settings(settings, DEFAULTS, "kitchen")
    if merged["view"] not in VIEWS:
        raise SettingsError(f"setting 'view' must be one of {', '.join(VIEWS)}, got {merged['view']!r}")
    if merged["feedback"] not in FEEDBACKS:
        raise SettingsError(f"setting 'feedback' must be one of {', '.join(FEEDBACKS)}, got {merged['feedback']!r}")
    if merged["images"] not in (1, 2):
        raise SettingsError(f"setting 'images' must be 1 or 2, got {merged['images']}")
    return merged
