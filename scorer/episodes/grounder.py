"""Grounder mode: the model only answers yes/no questions; the engine plans (ViPlan's
VLM-as-grounder, seed 000 section 4.2).

Each step asks ONE question about the current image (ViPlan's Ground prompt, or
Ground + CoT). The loop, as ViPlan's:
1. enumerate every grounding of every predicate; the believed state is the yes atoms;
2. plan from the believed state: by default an optimal plan by breadth-first search
   over our PDDL core (``planner: bfs``); ``planner: fast-downward`` calls Fast Downward
   through unified-planning as ViPlan did (the problem is written from the task's own
   atoms, never from reply text). Optimal is the default because Fast Downward's
   satisficing plans overran ViPlan's 20-action limit on most hard problems even for a
   truthful oracle, which would make success measure the planner, not the model;
3. before each action ask its preconditions; a mismatch calls the action off, and the
   engine re-enumerates and replans; otherwise the action runs in the TRUE state
   (with ViPlan's action failures when ``fail_prob`` > 0); an illegal action also
   leads to re-enumeration; after it, ask its effects; a mismatch re-enumerates too;
4. the episode ends when the plan is done (success = the goal holds in the TRUE state),
   when no plan is found, or at ``max_actions`` executed actions / ``max_questions``.
With ``memory``, the questions after a called-off or failed action carry ViPlan's
memory context (appendix I). An unparsable answer counts as "no" and is counted.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from scorer.dataset import KeyRow
from scorer.domains.blocksworld import layout_from_atoms
from scorer.domains.blocksworld.actions import draw_failure
from scorer.domains.blocksworld.images import state_png
from scorer.domains.blocksworld.verbalize import ENVIRONMENT, question
from scorer.episodes.base import Observation, SettingsError, StepResult, check_settings
from scorer.episodes.blocksworld_view import row_task
from scorer.pddl import PlannerCache, Verdict, bfs, plan_with_planner, problem_for_state
from scorer.tasks._yes_no import parse_yes_no
from scorer.tasks.ground import ground_prompt

DEFAULTS: dict[str, Any] = {
    "mode": "grounder",
    "memory": False,
    "cot": False,
    "fail_prob": 0.0,
    "max_actions": 20,
    "max_questions": 600,
    "planner": "bfs",
}
PLANNERS = ("bfs", "fast-downward")
PLANNER_CACHE = PlannerCache()  # replay re-asks the very same planning problems
ATTEMPTED = ("Based on these answers, the action '{0}' was attempted, but something went wrong. This is very "
             "likely to have been caused by one or more incorrect answers above. Keep this in mind while "
             "answering the following question.")
CALLED_OFF = ("Based on these answers, the previously-planned action '{0}' was called off, as at least one of "
              "its preconditions was judged invalid. This might have been the correct choice or a mistake. Keep "
              "this in mind while answering the following question.")


@dataclass(frozen=True)
class Ask:
    atom: str
    phase: str  # enumerate | precondition | effect
    expected: bool | None = None  # what the believed model predicts (None while enumerating)


class GrounderEpisode:
    def __init__(self, row: KeyRow, settings: dict[str, Any]) -> None:
        self.settings = check_settings(settings, DEFAULTS, "grounder")
        if not 0.0 <= self.settings["fail_prob"] <= 1.0:
            raise SettingsError("setting 'fail_prob' must be between 0 and 1")
        if self.settings["planner"] not in PLANNERS:
            raise SettingsError(f"setting 'planner' must be one of {', '.join(PLANNERS)}")
        self.row, self.task = row, row_task(row)
        self.n_columns = int(row.meta["n_columns"])
        self.true_state = self.task.init
        self.replies: list[str] = []
        self.queue: list[Ask] = []
        self.answers: list[tuple[Ask, bool]] = []  # this phase's answers, for mismatch and memory
        self.believed = 0
        self.plan: list[str] = []
        self.memory_note: str | None = None
        self.counts = {"actions": 0, "attempted": 0, "legal": 0, "unparsable": 0, "replans": 0}
        self.answers_correct: list[bool] = []
        self.answers_yes: list[bool] = []
        self.truths_yes: list[bool] = []
        self.end_reason: str | None = None
        self.executed: str | None = None
        self._enumerate()

    @property
    def done(self) -> bool:
        return self.end_reason is not None

    def reset(self) -> tuple[Observation, dict[str, Any]]:
        return self._observation(), self._info()

    def _enumerate(self) -> None:
        self.queue = [Ask(atom, "enumerate") for atom in self.task.atoms]
        self.answers = []

    def _observation(self) -> Observation:
        ask = self.queue[0]
        text = ground_prompt(ENVIRONMENT, question(ask.atom), self.settings["cot"])
        if self.settings["memory"] and self.memory_note:
            text = text.replace("\n\n<image>", f"\n\n{self.memory_note}\n\n<image>", 1)
        layout = layout_from_atoms(self.task.true_atoms(self.true_state), self.n_columns)
        return Observation(text, (layout,), state_png)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"step": len(self.replies), "executed_action": self.executed}
        if self.queue and not self.done:
            info.update(phase=self.queue[0].phase, atom=self.queue[0].atom, question=question(self.queue[0].atom))
        return info

    def step(self, reply: str) -> StepResult:
        if self.done:
            raise RuntimeError("the episode is over")
        self.replies.append(reply)
        self.executed = None
        ask = self.queue.pop(0)
        said_yes = self._record(ask, reply)
        self.answers.append((ask, said_yes))
        self._advance(ask, said_yes)
        if not self.done and len(self.replies) >= self.settings["max_questions"]:
            self.end_reason = "max_questions"
        observation = None if self.done else self._observation()
        truncated = self.end_reason in ("max_questions", "max_actions")
        return StepResult(observation, self.done and not truncated, truncated, self._info())

    def _record(self, ask: Ask, reply: str) -> bool:
        parsed = parse_yes_no(reply)
        if parsed is None:
            self.counts["unparsable"] += 1
        said_yes = bool(parsed)
        truth = self.task.holds(self.true_state, ask.atom)
        self.answers_correct.append(said_yes == truth)
        self.answers_yes.append(said_yes)
        self.truths_yes.append(truth)
        return said_yes

    def _advance(self, ask: Ask, said_yes: bool) -> None:
        if ask.phase != "enumerate" and said_yes != ask.expected:
            self._replan_after(ask)
            return
        if self.queue:
            return
        if ask.phase == "enumerate":
            yes_atoms = [a.atom for a, yes in self.answers if yes]
            self.believed = self.task.state_from_atoms(yes_atoms)
            self._make_plan()
        elif ask.phase == "precondition":
            self._execute()
        else:  # effects confirmed: the belief follows the action
            self.believed = self._believed_after
            self._next_action()

    def _replan_after(self, ask: Ask) -> None:
        if ask.phase == "precondition":
            self._remember(CALLED_OFF.format(_viplan_action(self.plan[0])))
        self.counts["replans"] += 1
        self._enumerate()

    def _remember(self, outcome: str) -> None:
        if not self.settings["memory"]:
            return
        lines = [f"- Q: {question(a.atom)}\n  A: {'Yes' if yes else 'No'}" for a, yes in self.answers]
        self.memory_note = ("Previously, in the same state (image) as the one shown, you were asked these questions "
                            "and provided the following answers:\n" + "\n".join(lines) + f"\n{outcome}")

    def _make_plan(self) -> None:
        plan = self._plan_from_belief()
        if plan is None:
            self.end_reason = "no_plan"
            return
        self.plan = plan
        self._next_action()

    def _plan_from_belief(self) -> list[str] | None:
        if self.settings["planner"] == "bfs":
            return bfs(self.task, start=self.believed).plan
        problem = problem_for_state(self.task, self.row.domain_pddl, self.believed)
        result = plan_with_planner(self.row.domain_pddl, problem, engine="fast-downward", timeout_s=60,
                                   cache=PLANNER_CACHE)
        return list(result.plan) if result.verdict is Verdict.SOLVED and result.plan is not None else None

    def _next_action(self) -> None:
        self.answers = []
        if not self.plan:
            self.end_reason = "plan_done"
            return
        if self.counts["actions"] >= self.settings["max_actions"]:
            self.end_reason = "max_actions"
            return
        positive, negative = self.task.action(self.plan[0]).precondition_atoms()
        self.queue = [Ask(a, "precondition", True) for a in positive] + [Ask(a, "precondition", False) for a in negative]
        if not self.queue:
            self._execute()

    def _execute(self) -> None:
        action = self.task.action(self.plan[0])
        self.counts["attempted"] += 1
        if not self.task.is_applicable(self.true_state, action):
            self._remember(ATTEMPTED.format(_viplan_action(action.name)))
            self.counts["replans"] += 1
            self._enumerate()
            return
        self.counts["legal"] += 1
        self.counts["actions"] += 1
        self.true_state = self._run_in_true_state(action.name)
        self._believed_after = self.task.successor(self.believed, action)
        added, deleted = action.effect_atoms(self.task, self.believed)
        asked = sorted(set(added) | set(deleted))
        self.queue = [Ask(a, "effect", self.task.holds(self._believed_after, a)) for a in asked]
        self.plan.pop(0)
        self.answers = []
        if not self.queue:
            self.believed = self._believed_after
            self._next_action()

    def _run_in_true_state(self, action_name: str) -> int:
        """ViPlan's failures, drawn from (row seed, step index) so replay is exact."""
        _, block, column = action_name.strip("()").split()
        layout = layout_from_atoms(self.task.true_atoms(self.true_state), self.n_columns)
        rng = random.Random(f"{self.row.meta['seed']}/grounder/{len(self.replies)}")
        draw = draw_failure(rng, self.settings["fail_prob"], layout, block, column)
        if draw.kind == "noop":
            return self.true_state
        moved = self.task.action(f"(moveblock {block} {draw.column or column})")
        if moved is None or not self.task.is_applicable(self.true_state, moved):
            return self.true_state
        self.executed = moved.name
        return self.task.successor(self.true_state, moved)

    def outcome(self) -> dict[str, Any]:
        attempted = self.counts["attempted"]
        return {
            "success": self.end_reason == "plan_done" and self.task.is_goal(self.true_state),
            "steps": len(self.replies),
            "actions": self.counts["actions"],
            "legal_rate": self.counts["legal"] / attempted if attempted else 0.0,
            "unparsable": self.counts["unparsable"],
            "replans": self.counts["replans"],
            "questions": len(self.answers_correct),
            "answers_correct": self.answers_correct,
            "answers_yes": self.answers_yes,
            "truths_yes": self.truths_yes,
            "end": self.end_reason or "abandoned",
        }


def _viplan_action(pddl_name: str) -> str:
    """``(moveblock r c1)`` -> ``moveblock(r, c1)``, the form ViPlan's memory shows."""
    name, *args = pddl_name.strip("()").split()
    return f"{name}({', '.join(args)})"
