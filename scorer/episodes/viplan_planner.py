"""Planner mode: the model is the planner (ViPlan's VLM-as-planner, section 4.2).

Each step shows the goal, the previous actions with their outcome (ViPlan's JSON list)
and the current state; the reply is a JSON plan (``output: plan``, only its first action
is executed, as ViPlan's receding horizon) or one JSON action (``output: action``). The
world (``viplan_world``) supplies the prompt, the views and the action syntax.

Settings: ``output`` plan | action, ``cot``, ``fail_prob`` (ViPlan's action failures,
0.1 in its appendix K), ``stop_on_unparsable`` (ViPlan ended an episode on a JSON error;
by default an unparsable reply is a failed step and the episode goes on), ``max_steps``
(0: the row's limit), ``view`` (one of the world's views; its first by default),
``parser`` (ours, or ViPlan's own: ``paper_document`` and the world's ``paper_action``,
its planning loop's reading; its episode ends where ViPlan's loop stopped, and an action
name or parameter value that is not the task's exactly, in case too, is an action that
does not exist).

Termination: the goal holds in the true state. Truncation: the step limit.
"""

from __future__ import annotations

import json
import random
from typing import Any

from scorer.episodes.base import PARSER_SETTING, Observation, SettingsError, StepResult, check_parser, check_settings
from scorer.episodes.recorded import RecordedStep, Recording
from scorer.episodes.viplan_json import paper_document
from scorer.episodes.viplan_world import UNPARSABLE, ActionChoice, ViplanWorld, forced, viplan_call

DEFAULTS: dict[str, Any] = {
    "mode": "planner",
    "output": "plan",
    "cot": False,
    "fail_prob": 0.0,
    "stop_on_unparsable": False,
    "max_steps": 0,
    PARSER_SETTING: "ours",
}


def check_view(settings: dict[str, Any], world: ViplanWorld) -> None:
    if settings["view"] not in world.views:
        raise SettingsError(f"setting 'view' must be one of {', '.join(world.views)}, got {settings['view']!r}")


def check_fail_prob(settings: dict[str, Any]) -> None:
    if not 0.0 <= settings["fail_prob"] <= 1.0:
        raise SettingsError("setting 'fail_prob' must be between 0 and 1")


def planner_settings(world: ViplanWorld, settings: dict[str, Any]) -> dict[str, Any]:
    """The planner's settings in ``world``: the defaults filled in, each checked (a SettingsError)."""
    checked = check_settings(settings, {**DEFAULTS, "view": world.views[0]}, "planner")
    if checked["output"] not in ("plan", "action"):
        raise SettingsError(f"setting 'output' must be 'plan' or 'action', got {checked['output']!r}")
    check_fail_prob(checked)
    check_view(checked, world)
    check_parser(checked)
    if checked["max_steps"] < 0:  # 0 means the row's own limit; a negative one ended after a step
        raise SettingsError(f"setting 'max_steps' must be >= 0 (0: the row's limit), got {checked['max_steps']}")
    return checked


class PlannerEpisode:
    def __init__(self, world: ViplanWorld, settings: dict[str, Any], recording: Recording | None = None) -> None:
        self.settings = planner_settings(world, settings)
        self.world, self.row, self.task = world, world.row, world.task
        self.max_steps = self.settings["max_steps"] or world.max_steps()
        self.state = self.task.init
        self.replies: list[str] = []
        self.feedback: list[dict[str, Any]] = []
        self.legal_steps = 0
        self.unparsable_steps = 0
        self.failures_drawn = 0
        self.end_reason: str | None = None
        self.paper_first: Any = None  # the plan entry the paper's loop keeps between steps
        # A paper's released run replayed: its simulator's outcomes replace our failure draws.
        self.recording = recording
        self.recorded_applied = 0
        self.recorded_conflicts = 0  # recorded outcomes our PDDL contradicts (the recorded verdict stands)
        self.goal_conflicts = 0  # steps where the recorded goal check and our PDDL goal differ

    @property
    def done(self) -> bool:
        return self.end_reason is not None

    def reset(self) -> tuple[Observation, dict[str, Any]]:
        return self._observation(), {"max_steps": self.max_steps, "settings": self.settings}

    def _observation(self) -> Observation:
        output, cot = self.settings["output"], self.settings["cot"]
        prompt = self.world.planner_prompt(output, cot, json.dumps(self.feedback), self.state)
        return self.world.observe(self.settings["view"], prompt, self.state)

    def step(self, reply: str) -> StepResult:
        if self.done:
            raise RuntimeError("the episode is over")
        self.replies.append(reply)
        choice = self._read(reply)
        entry = self._execute(choice)
        self.feedback.append(entry)
        self._update_end(choice)
        info = {
            "step": len(self.replies),
            "action": None if choice.error else choice.pddl_name,
            "outcome": entry["outcome"],
            "feedback": entry,
        }
        terminated = self.end_reason in ("goal", "unparsable")
        return StepResult(self._observation(), terminated, self.end_reason == "max_steps", info)

    def _read(self, reply: str) -> ActionChoice:
        if self.settings[PARSER_SETTING] == "ours":
            return self.world.parse_action(reply, self.state)
        document = paper_document(reply)
        if document is None:
            return ActionChoice(error=UNPARSABLE)
        choice, self.paper_first = self.world.paper_action(document, self.paper_first, self.state)
        return choice

    def _execute(self, choice: ActionChoice) -> dict[str, Any]:
        if choice.error == UNPARSABLE:
            self.unparsable_steps += 1
            return {"outcome": UNPARSABLE, "info": "no JSON action found in the reply"}
        recorded = self.recording.step(len(self.replies) - 1) if self.recording else None
        if recorded is not None:  # the simulator's verdict, even on a call our PDDL cannot name
            return {**(choice.entry or {"action": choice.raw_name}), **self._run_recorded(choice, recorded)}
        if choice.error or choice.pddl_name is None:  # ViPlan's form: the error as the outcome
            return {**(choice.entry or {"action": choice.raw_name}), "outcome": choice.error}
        words = self.world.feedback
        entry = dict(choice.entry or {})
        action = self.task.action(choice.pddl_name)
        legal = action is not None and self.task.is_applicable(self.state, action)
        if not legal:
            return {**entry, **_outcome(words.illegal_outcome, words.illegal_info)}
        self.legal_steps += 1
        return {**entry, **self._run_with_failures(choice.pddl_name)}

    def _run_recorded(self, choice: ActionChoice, recorded: RecordedStep) -> dict[str, str]:
        """The paper's simulator's outcome: it ran the action, ran it without its effect, ran
        another action instead, or refused it. Where our PDDL judges the action otherwise (it
        refuses it, or cannot even name it: an object of the simulator's scene that is not in
        our problem), the simulator's verdict stands and the step counts as a conflict; an
        action it ran that our PDDL refuses takes its PDDL effects (``forced``)."""
        words = self.world.feedback
        action = None if choice.error or choice.pddl_name is None else self.task.action(choice.pddl_name)
        legal = action is not None and self.task.is_applicable(self.state, action)
        pddl_name = choice.pddl_name if not choice.error and choice.pddl_name else recorded.ran
        self.recorded_applied += 1
        if recorded.outcome != words.success_outcome:
            # the simulator refused what our PDDL allows (not a failure it drew: that names the call that ran)
            self.recorded_conflicts += legal and recorded.info in (None, words.illegal_info)
            return _outcome(recorded.outcome or words.illegal_outcome, recorded.info)
        self.legal_steps += 1
        self.recorded_conflicts += not legal  # the simulator ran what our PDDL refuses
        if recorded.ran != pddl_name:  # a failure: nothing moved, or another action ran
            self.failures_drawn += 1
        moved = self.task.action(recorded.ran) if recorded.ran else None
        if moved is not None:
            self.state = forced(self.task, self.state, moved)
        return _outcome(words.success_outcome, recorded.info)

    def _run_with_failures(self, pddl_name: str) -> dict[str, str]:
        """Execute in the true state; ViPlan's failures draw from (row seed, step index)."""
        words = self.world.feedback
        rng = random.Random(f"{self.row.meta['seed']}/step/{len(self.replies)}")
        fail_prob = 0.0 if self.recording else self.settings["fail_prob"]  # a recording is the simulator
        draw = self.world.draw_failure(rng, fail_prob, self.state, pddl_name)
        if draw.kind != "none":
            self.failures_drawn += 1
        if draw.kind == "noop":  # legal, and nothing moved: ViPlan's simulator says so in the info
            return _outcome(words.success_outcome, words.noop_info)
        ran = draw.substitute or pddl_name
        moved = self.task.action(ran)
        if moved is None or not self.task.is_applicable(self.state, moved):
            return _outcome(words.illegal_outcome, viplan_call(ran))
        self.state = self.task.successor(self.state, moved)
        return _outcome(words.success_outcome, words.success_info if draw.kind == "none" else viplan_call(ran))

    def _update_end(self, choice: ActionChoice) -> None:
        if self._goal_reached():
            self.end_reason = "goal"
        elif choice.error == UNPARSABLE and (
            self.settings["stop_on_unparsable"] or self.settings[PARSER_SETTING] == "paper"
        ):
            self.end_reason = UNPARSABLE
        elif len(self.replies) >= self.max_steps:
            self.end_reason = "max_steps"

    def _goal_reached(self) -> bool:
        """Our PDDL goal in the state, or the paper's simulator's own check where its run
        recorded one: it checked after every action and stopped at the first pass, so it
        passed at the last recorded step if ever (a difference from ours counts a conflict)."""
        ours = self.task.is_goal(self.state)
        if self.recording is None or self.recording.goal is None:
            return ours
        recorded = self.recording.goal and len(self.replies) == len(self.recording.steps)
        self.goal_conflicts += ours != recorded
        return recorded

    def outcome(self) -> dict[str, Any]:
        steps = len(self.replies)
        return {
            "success": self.end_reason == "goal",
            "steps": steps,
            "legal_actions": self.legal_steps,
            "legal_rate": self.legal_steps / steps if steps else 0.0,
            "unparsable": self.unparsable_steps,
            "failures_drawn": self.failures_drawn,
            "end": self.end_reason or "abandoned",
            **self._recorded_counts(),
        }

    def _recorded_counts(self) -> dict[str, Any]:
        if self.recording is None:
            return {}
        return {
            "recorded_from": self.recording.source,
            "recorded_applied": self.recorded_applied,
            "recorded_conflicts": self.recorded_conflicts,
        } | ({} if self.recording.goal is None else {"goal_conflicts": self.goal_conflicts})


def _outcome(outcome: str, info: str | None) -> dict[str, str]:
    return {"outcome": outcome} if info is None else {"outcome": outcome, "info": info}
