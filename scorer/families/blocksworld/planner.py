"""Planner mode: the model is the planner (ViPlan's VLM-as-planner, section 4.2).

Each step shows the goal, the previous actions with their outcome (ViPlan's JSON list)
and the current image; the reply is a JSON plan (``output: plan``, only its first action
is executed, as ViPlan's receding horizon) or one JSON action (``output: action``).

Settings: ``output`` plan | action, ``cot``, ``fail_prob`` (ViPlan's action failures,
0.1 in its appendix K), ``stop_on_unparsable`` (ViPlan ended an episode on a JSON error;
by default an unparsable reply is a failed step and the episode goes on), ``max_steps``
(0: the difficulty's limit, 10 / 20 / 30), ``view`` 3d | 2d | text (``views.py``; ViPlan
shows the 3D scene, the default).

Termination: the goal holds in the true state. Truncation: the step limit.
"""

from __future__ import annotations

import json
import random
from typing import Any

from scorer.dataset import KeyRow
from scorer.episodes.base import Observation, SettingsError, StepResult, check_settings
from scorer.families.blocksworld import layout_from_atoms
from scorer.families.blocksworld.actions import ActionChoice, draw_failure, parse_action
from scorer.families.blocksworld.prompts import planner_system, planner_user
from scorer.families.blocksworld.state import Layout
from scorer.families.blocksworld.task import row_task
from scorer.families.blocksworld.verbalize import goal_text
from scorer.families.blocksworld.views import check_view, observation

DEFAULTS: dict[str, Any] = {
    "mode": "planner",
    "output": "plan",
    "cot": False,
    "fail_prob": 0.0,
    "stop_on_unparsable": False,
    "max_steps": 0,
    "view": "3d",
}


class PlannerEpisode:
    def __init__(self, row: KeyRow, settings: dict[str, Any]) -> None:
        self.settings = check_settings(settings, DEFAULTS, "planner")
        if self.settings["output"] not in ("plan", "action"):
            raise SettingsError(f"setting 'output' must be 'plan' or 'action', got {self.settings['output']!r}")
        if not 0.0 <= self.settings["fail_prob"] <= 1.0:
            raise SettingsError("setting 'fail_prob' must be between 0 and 1")
        check_view(self.settings)
        if self.settings["max_steps"] < 0:  # 0 means the row's own limit; a negative one ended after a step
            given = self.settings["max_steps"]
            raise SettingsError(f"setting 'max_steps' must be >= 0 (0: the row's limit), got {given}")
        self.row = row
        self.task = row_task(row)
        self.n_columns = int(row.meta["n_columns"])
        self.max_steps = self.settings["max_steps"] or int(row.meta["max_steps"])
        self.state = self.task.init
        self.replies: list[str] = []
        self.feedback: list[dict[str, Any]] = []
        self.legal_steps = 0
        self.unparsable_steps = 0
        self.failures_drawn = 0
        self.end_reason: str | None = None
        goal_layout = layout_from_atoms(self.task.true_atoms(self.task.goal_pos), self.n_columns)
        self.goal = goal_text(goal_layout)

    @property
    def done(self) -> bool:
        return self.end_reason is not None

    def layout(self) -> Layout:
        return layout_from_atoms(self.task.true_atoms(self.state), self.n_columns)

    def reset(self) -> tuple[Observation, dict[str, Any]]:
        return self._observation(), {"max_steps": self.max_steps, "settings": self.settings}

    def _observation(self) -> Observation:
        system = planner_system(self.settings["output"], self.settings["cot"])
        user = planner_user(self.n_columns, self.goal, json.dumps(self.feedback))
        return observation(self.settings["view"], f"{system}\n\n{user}", self.layout())

    def step(self, reply: str) -> StepResult:
        if self.done:
            raise RuntimeError("the episode is over")
        self.replies.append(reply)
        blocks = sorted({b for column in self.layout() for b in column})
        choice = parse_action(reply, blocks, self.n_columns)
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

    def _execute(self, choice: ActionChoice) -> dict[str, Any]:
        if choice.error == "unparsable":
            self.unparsable_steps += 1
            return {"outcome": "unparsable", "info": "no JSON action found in the reply"}
        if choice.error:  # ViPlan's form: no parameters, the error as the outcome
            return {"action": choice.raw_name, "outcome": choice.error}
        entry: dict[str, Any] = {"action": "moveblock", "parameters": {"block": choice.block, "column": choice.column}}
        action = self.task.action(choice.pddl_name)
        if action is None or not self.task.is_applicable(self.state, action):
            return {**entry, "outcome": "failure", "info": "not legal"}
        self.legal_steps += 1
        return {**entry, **self._move_with_failures(choice)}

    def _move_with_failures(self, choice: ActionChoice) -> dict[str, str]:
        """Execute in the true state; ViPlan's failures draw from (row seed, step index)."""
        rng = random.Random(f"{self.row.meta['seed']}/step/{len(self.replies)}")
        draw = draw_failure(rng, self.settings["fail_prob"], self.layout(), choice.block or "", choice.column or "")
        if draw.kind != "none":
            self.failures_drawn += 1
        if draw.kind == "noop":
            return {"outcome": "success", "info": "success"}  # reported as success, as ViPlan does
        column = draw.column if draw.column else choice.column
        moved = self.task.action(f"(moveblock {choice.block} {column})")
        if moved is None or not self.task.is_applicable(self.state, moved):
            return {"outcome": "failure", "info": f"moveblock({choice.block}, {column})"}
        self.state = self.task.successor(self.state, moved)
        info = "success" if draw.kind == "none" else f"moveblock({choice.block}, {column})"
        return {"outcome": "success", "info": info}

    def _update_end(self, choice: ActionChoice) -> None:
        if self.task.is_goal(self.state):
            self.end_reason = "goal"
        elif choice.error == "unparsable" and self.settings["stop_on_unparsable"]:
            self.end_reason = "unparsable"
        elif len(self.replies) >= self.max_steps:
            self.end_reason = "max_steps"

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
        }
