"""Grounder mode: the model only answers yes/no questions; the engine plans (ViPlan's
VLM-as-grounder, section 4.2).

Each step asks ONE question about the current image (ViPlan's Ground prompt, or
Ground + CoT). The world (``viplan_world``) supplies the task, the views and the words.
The loop follows ViPlan's ``check_plan``:
1. enumerate every grounding of every predicate (``task.atoms``, self pairs too); the
   believed state is the atoms answered yes. Atoms the world says cannot be seen are
   never asked: their truth is taken (ViPlan's partially observable home). A world that
   does not enumerate starts from the true initial state (as ViPlan does in that home).
   A replay of a paper's run asks what the run asked (``Recording.seen``, atoms beyond our
   grounded task included), judges each answer by the truth its simulator recorded, and
   checks the preconditions and effects the run's loop checked, with its expected values;
2. plan from the believed state: by default a shortest plan by the world's optimal
   planner (``planner: optimal``, ``ViplanWorld.plan``: breadth-first search over our
   PDDL core where the space is small, A* where it is not; ``bfs``, the setting's name
   when breadth-first search was the only one, is still read as ``optimal``);
   ``planner: fast-downward`` calls Fast Downward
   through unified-planning as ViPlan did, on a problem written from the task's own
   atoms (never from reply text). Shortest is the default because Fast Downward's
   satisficing plans are far longer here (29 moves for an 8-move medium problem, 38
   for an 8-move hard one), so a truthful oracle would overrun the 20-action limit and
   success would measure the planner, not the model. No plan: the episode ends;
3. before each action ask ALL its precondition questions (ViPlan asks them as one
   batch); any answer other than the believed model's calls the action off, and the
   engine re-enumerates and replans (an unseen precondition is checked against the
   true state instead of asked). Otherwise the action runs in the TRUE state (with
   ViPlan's action failures when ``fail_prob`` > 0); an action illegal there also
   leads to re-enumeration (unless it repeats the action checked just before, called
   off or not: then the episode ends, ViPlan's guard against loops). After it, ask all
   its effect questions (computed on the believed state; an unseen effect is taken as
   predicted); a mismatch re-enumerates too, else the belief follows the action;
4. the episode ends when the plan is done, or at ``max_actions`` executed actions or
   ``max_questions`` questions (truncation). It never ends early because the TRUE
   state reached the goal: that would tell the agent something it cannot see. Whatever
   ends it, success is the goal holding in the TRUE state then (ViPlan's
   ``env.goal_reached`` after the loop).
With ``memory``, a called-off or illegal action leaves ViPlan's memory context (appendix
I), placed after the image and before the question as ViPlan's code does; it goes with
every question of the re-enumeration and with the next action's questions if the new
plan starts with the same action, then it is dropped (ViPlan's ``pending_prompt_history``).
An answer that is neither yes nor no (unparsable) is never credited: it stays in the
denominator of predicate accuracy and of its true answer's class, as ViPlan's
``compute_enumeration_metrics`` counts it (``answer == expected`` never holds). For the
loop, our reading takes it as "no" and goes on (the memory shows it as ViPlan's
"invalid answer"); with ``parser: paper`` the episode ends once the batch of questions it
belongs to is answered, as ViPlan's ``update_vlm_state`` asserts on it and its loop breaks
(success is then the goal holding in the true state, as ViPlan's ``goal_reached``).
``view`` shows the state as the planner mode does (one of the world's views; its first
by default). ``question: paper`` writes the question as ViPlan's code sent it (no
"Question:" keyword, its last character cut off); ours writes ``Question: <question>``.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.episodes.base import (
    PARSER_SETTING,
    Message,
    Observation,
    SettingsError,
    StepResult,
    check_parser,
    check_settings,
)
from scorer.episodes.recorded import Recording
from scorer.episodes.viplan_planner import check_fail_prob, check_view
from scorer.episodes.viplan_world import ViplanWorld, forced, viplan_call
from scorer.pddl import GroundAction, PlannerCache, PlannerVerdict, plan_with_planner, problem_for_state
from scorer.readers.paper_yes_no import paper_yes_no
from scorer.readers.yes_no import parse_yes_no

DEFAULTS: dict[str, Any] = {  # "view" and "max_actions" default to the world's
    "mode": "grounder",
    PARSER_SETTING: "ours",  # or ViPlan's own yes/no reading (paper_yes_no)
    "view": "",
    "memory": False,
    "cot": False,
    "fail_prob": 0.0,
    "max_actions": 20,
    "max_questions": 600,
    "planner": "optimal",
    "question": "ours",  # or "paper": the question line as ViPlan's code sent it
    "effects": "believed",  # or "paper": which effects are asked, as ViPlan's code picks them
    "max_actions_counts": "executed",  # or "checked": ViPlan's limit counts every action it checked
}
EFFECT_FORMS = ("believed", "paper")
ACTION_COUNTS = ("executed", "checked")
QUESTION_FORMS = ("ours", "paper")
PLANNERS = ("optimal", "fast-downward")
OPTIMAL_ALIASES = ("optimal", "bfs")  # "bfs": its name in logs written when BFS was the only optimal planner
# Replay re-asks the very same planning problems: keep their answers.
PLANNER_CACHE = PlannerCache()
SHORTEST_PLANS: dict[tuple[str, str, int], tuple[str, ...] | None] = {}
SHORTEST_PLANS_KEPT = 4096
TRUNCATIONS = ("max_actions", "max_questions")
RECORDED_STOP = "recorded_stop"
REFUSED = "refused"  # a recorded step's outcome: the paper's simulator called the action illegal

MEMORY_HEADER = (
    "Previously, in the same state (image) as the one shown, you were asked these questions and "
    "provided the following answers:"
)
ATTEMPTED = (
    "Based on these answers, the action '{0}' was attempted, but something went wrong. This is very "
    "likely to have been caused by one or more incorrect answers above. Keep this in mind while "
    "answering the following question."
)
CALLED_OFF = (
    "Based on these answers, the previously-planned action '{0}' was called off, as at least one of "
    "its preconditions was judged invalid. This might have been the correct choice or a mistake. Keep "
    "this in mind while answering the following question."
)


@dataclass(frozen=True)
class Ask:
    atom: str
    phase: str  # enumerate | precondition | effect
    expected: bool | None = None  # what the believed model predicts (None while enumerating)


@dataclass(frozen=True)
class Answer:
    ask: Ask
    said_yes: bool
    parsed: bool  # False: unparsable, taken as "no"

    @property
    def mismatch(self) -> bool:
        return self.ask.expected is not None and self.said_yes != self.ask.expected

    def memory_line(self, question: str) -> str:
        said = ("yes" if self.said_yes else "no") if self.parsed else "invalid answer"  # ViPlan's parsed forms
        return f"- Q: {question}\n  A: {said}"


@dataclass(frozen=True)
class Memory:
    action: str  # the PDDL name of the action it is about
    text: str


def grounder_settings(world: ViplanWorld, settings: dict[str, Any]) -> dict[str, Any]:
    """The grounder's settings in ``world``: the defaults filled in, each checked (a SettingsError)."""
    defaults = {**DEFAULTS, "view": world.views[0], "max_actions": world.max_actions}
    checked = check_settings(settings, defaults, "grounder")
    _check_ranges(checked)
    check_view(checked, world)
    check_parser(checked)
    return checked


class GrounderEpisode:
    def __init__(self, world: ViplanWorld, settings: dict[str, Any], recording: Recording | None = None) -> None:
        self.settings = grounder_settings(world, settings)
        self.world, self.row, self.task = world, world.row, world.task
        self.true_state = self.task.init
        self.believed = 0
        self.believed_after = 0  # the belief once the current action's effects are confirmed
        self.plan: list[str] = []
        self.queue: list[Ask] = []
        self.batch: list[Answer] = []  # answers to the current batch of questions
        self.unseen_mismatch = False  # an unseen precondition of the current action is false
        self.memory: Memory | None = None
        self.previous_check: str | None = None  # ViPlan's most_recent_action, for its loop guard
        self.replies: list[str] = []
        self.counts = {"actions": 0, "attempted": 0, "legal": 0, "unparsable": 0, "replans": 0, "failures_drawn": 0}
        self.answers_correct: list[bool] = []
        self.answers_parsed: list[bool] = []
        self.answers_phase: list[str] = []  # enumerate | precondition | effect
        self.answers_yes: list[bool] = []
        self.truths_yes: list[bool] = []
        self.predicates: list[str] = []  # the predicate each question asked about
        # The actions that really ran in this step, in order: several when the world hides
        # every question of an action (its unseen preconditions and effects are not asked).
        self.executed: list[str] = []
        self.end_reason: str | None = None
        # A paper's released run replayed: its planner's plans, in order, and its simulator's
        # action outcomes (per checked action) replace our planner and our failure draws.
        self.recording = recording
        self.plans_taken = 0
        self.checked = 0  # actions whose preconditions were checked (ViPlan's action_results)
        self.actions_state_correct: list[bool] = []  # per checked action: every answer true to the state
        self.preconditions_true = True
        self.head_checked = False  # the plan's first action is being checked (ViPlan popped it)
        self.batch_label = ""  # the question batch being built, as a recording's ``seen`` names it
        self.planned = False  # a plan was found from the initial belief (ViPlan's action_results exist)
        self.truth_conflicts = 0  # recorded truths our PDDL state contradicts (the recorded one judges)
        if recording is not None and recording.stops(0, "start"):
            self.end_reason = RECORDED_STOP  # the paper's loop asked nothing it kept
        elif world.enumerates:
            self._enumerate()
        else:
            self.believed = self.task.init
            self._make_plan()

    @property
    def done(self) -> bool:
        return self.end_reason is not None

    def reset(self) -> tuple[Observation, dict[str, Any]]:
        return self._observation(), {**self._info(), "settings": self.settings}

    def step(self, reply: str) -> StepResult:
        if self.done:
            raise RuntimeError("the episode is over")
        self.replies.append(reply)
        self.executed = []
        self.batch.append(self._record(self.queue.pop(0), reply))
        if not self.queue:
            self._finish_batch()
        if not self.done and len(self.replies) >= self.settings["max_questions"]:
            self.end_reason = "max_questions"
        truncated = self.end_reason in TRUNCATIONS
        return StepResult(self._observation(), self.done and not truncated, truncated, self._info())

    # -- questions ------------------------------------------------------------------

    def _observation(self) -> Observation:
        view = self.settings["view"]
        if self.done:  # the final observation: the state it ended in, no question left
            ended = Message("user", f"The episode is over ({self.end_reason}).\n<image>")
            return self.world.observe(view, [ended], self.true_state)
        *system, user = self.world.ground_prompt(self.world.question(self.queue[0].atom), self.settings["cot"])
        if self.memory is not None:  # ViPlan: prompt + "\n\n" + memory + "\n\n" + question
            head, _, asked = user.content.rpartition("\nQuestion: ")
            user = Message("user", f"{head}\n\n{self.memory.text}\n\nQuestion: {asked}")
        if self.settings["question"] == "paper":
            user = Message("user", paper_question_line(user.content))
        return self.world.observe(view, [*system, user], self.true_state)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {
            "step": len(self.replies),
            "executed_action": self.executed[-1] if self.executed else None,  # the last one
            "executed_actions": list(self.executed),
        }
        if self.done:
            return {**info, "end": self.end_reason}
        ask = self.queue[0]
        return {**info, "phase": ask.phase, "atom": ask.atom, "question": self.world.question(ask.atom)}

    def _record(self, ask: Ask, reply: str) -> Answer:
        parsed = paper_yes_no(reply) if self.settings[PARSER_SETTING] == "paper" else parse_yes_no(reply)
        if parsed is None:
            self.counts["unparsable"] += 1
        said_yes = bool(parsed)
        truth = self._truth(ask.atom)
        # Never credit an answer that is neither yes nor no (ViPlan: answer == expected fails).
        self.answers_correct.append(parsed is not None and said_yes == truth)
        self.answers_parsed.append(parsed is not None)
        self.answers_phase.append(ask.phase)
        self.answers_yes.append(said_yes)
        self.truths_yes.append(truth)
        self.predicates.append(ask.atom.strip("()").split()[0])
        return Answer(ask, said_yes, parsed is not None)

    def _ask(self, asks: list[Ask]) -> None:
        self.queue, self.batch = asks, []

    def _finish_batch(self) -> None:
        if self.settings[PARSER_SETTING] == "paper" and not all(answer.parsed for answer in self.batch):
            self.end_reason = "unparsable"  # ViPlan's update_vlm_state asserts; its loop breaks
            if self.batch[-1].ask.phase != "enumerate":
                self.actions_state_correct.append(False)  # ViPlan keeps the action, incorrect
            return
        phase = self.batch[-1].ask.phase
        if phase == "enumerate":
            self._believe_enumeration()
        elif phase == "precondition":
            self._after_preconditions()
        else:
            self._after_effects()

    # -- the loop -------------------------------------------------------------------

    def _truth(self, atom: str) -> bool:
        """The atom's truth now: the paper's simulator's where its run recorded it (a conflict
        with our PDDL state counted), else our true state's (an atom our grounded task does not
        hold is never true in it)."""
        ours = atom in self.task.atom_index and self.task.holds(self.true_state, atom)
        recorded = self.recording.truth(self.batch_label, atom) if self.recording is not None else None
        if recorded is None:
            return ours
        self.truth_conflicts += recorded != ours
        return recorded

    def _enumerate(self) -> None:
        self.batch_label = f"enumerate/{self.counts['replans']}"
        asked: Sequence[str] = self.task.atoms
        if self.recording is not None and self.recording.seen is not None:
            asked = self._in_order(self.recording.seen.get(self.batch_label, ()))
        self._ask([Ask(atom, "enumerate") for atom in asked if self._seen(atom)])
        if not self.queue:
            self._believe_enumeration()

    def _recorded_expected(self) -> Mapping[str, bool] | None:
        """What the paper's loop expected of each atom of the current batch, where its run
        recorded it (None: our PDDL action decides)."""
        if self.recording is None or self.recording.expected is None:
            return None
        return self.recording.expected.get(self.batch_label)

    def _in_order(self, atoms: Collection[str]) -> list[str]:
        """``atoms`` in our task's order, then those our grounded task does not hold, sorted (a
        paper's run asked them: ViPlan enumerates every grounding in view, statics included)."""
        return [a for a in self.task.atoms if a in atoms] + sorted(a for a in atoms if a not in self.task.atom_index)

    def _believe_enumeration(self) -> None:
        said_yes = [a.ask.atom for a in self.batch if a.said_yes and a.ask.atom in self.task.atom_index]
        unseen = [atom for atom in self.task.atoms if not self._seen(atom) and self.task.holds(self.true_state, atom)]
        self.believed = self.task.state_from_atoms(said_yes + unseen)
        self._make_plan()

    def _seen(self, atom: str) -> bool:
        if self.recording is not None and self.recording.seen is not None:
            return atom in self.recording.seen.get(self.batch_label, ())
        return self.world.visible(self.true_state, atom)

    def _replan(self, memory: Memory | None) -> None:
        if self.recording is not None and self.recording.stops(self.checked, "replan"):
            self.end_reason = RECORDED_STOP  # the paper's loop stopped here, keeping no replan
            return
        self.memory = memory if self.settings["memory"] else None
        self.counts["replans"] += 1
        self._enumerate()

    def _make_plan(self) -> None:
        plan = self._plan_from_belief()
        if plan is None:
            self.end_reason = "no_plan"
            return
        self.plan, self.head_checked, self.planned = plan, False, True
        self._begin_action()

    def _begin_action(self) -> None:
        if not self.plan:
            self.end_reason = "plan_done"
            return
        counted = self.checked if self.settings["max_actions_counts"] == "checked" else self.counts["actions"]
        if counted >= self.settings["max_actions"]:
            self.end_reason = "max_actions"
            return
        if self.recording is not None and self.recording.stops(self.checked, "check"):
            self.end_reason = RECORDED_STOP  # the plan holds what its loop had left
            return
        if self.memory is not None and self.memory.action != self.plan[0]:
            self.memory = None  # ViPlan keeps it only for a retry of the same action
        self.checked += 1
        self.head_checked = True
        self.batch_label = f"precondition/{self.checked}"
        positive, negative = self._action().precondition_atoms()
        expected = [(a, True) for a in positive] + [(a, False) for a in negative]
        recorded = self._recorded_expected()
        if recorded is not None:  # the paper's loop's own list (ViPlan's skips a forall's own arguments)
            expected = [(a, recorded[a]) for a in self._in_order(recorded)]
        asks = [Ask(a, "precondition", value) for a, value in expected if self._seen(a)]
        self.unseen_mismatch = any(self._truth(a) != v for a, v in expected if not self._seen(a))
        self._ask(asks)
        if not asks:
            self._after_preconditions()

    def _after_preconditions(self) -> None:
        action = self._action()
        if self.unseen_mismatch or any(answer.mismatch for answer in self.batch):
            self.actions_state_correct.append(False)  # called off: ViPlan counts it incorrect
            self.previous_check = action.name
            self._replan(self._memory(CALLED_OFF, action.name))
            return
        self.counts["attempted"] += 1
        if not self._legal_in_true_state(action):
            self.actions_state_correct.append(False)
            self._after_illegal(action.name)
            return
        self.preconditions_true = self._batch_true()
        self.counts["legal"] += 1
        self.counts["actions"] += 1
        self._execute(action)

    def _after_illegal(self, name: str) -> None:
        repeated = name == self.previous_check
        self.previous_check = name
        if repeated:  # ViPlan: "likely in a loop", stop
            self.end_reason = "repeated_illegal"
            return
        self._replan(self._memory(ATTEMPTED, name))

    def _execute(self, action: GroundAction) -> None:
        """Run in the TRUE state, then ask the effects the believed model predicts (with
        ``effects: paper``, ViPlan's: the conditional effects whose condition held in the
        TRUE state before the action, each expected to take the effect's value)."""
        before = self.true_state
        self.batch_label = f"effect/{self.checked}"
        self.true_state = self._run_in_true_state(action.name)
        self.believed_after = forced(self.task, self.believed, action)  # a recorded plan may not fit our belief
        if self.settings["effects"] == "paper":
            added, deleted = action.effect_atoms(self.task, before)
            expected = {a: False for a in deleted} | {a: True for a in added}
        else:
            added, deleted = action.effect_atoms(self.task, self.believed)
            expected = {a: self.task.holds(self.believed_after, a) for a in {*added, *deleted}}
        recorded = self._recorded_expected()
        if recorded is not None:  # its simulator's state before the action decided them
            expected = dict(recorded)
        asks = [Ask(a, "effect", expected[a]) for a in self._in_order(expected) if self._seen(a)]
        self._ask(asks)
        if not asks:
            self._after_effects()

    def _after_effects(self) -> None:
        self.actions_state_correct.append(self.preconditions_true and self._batch_true())
        self.previous_check = self.plan.pop(0)
        self.head_checked = False
        self.memory = None  # ViPlan gives memory only after a called-off or illegal action
        if any(answer.mismatch for answer in self.batch):
            self._replan(None)
            return
        self.believed = self.believed_after
        self._begin_action()

    def _batch_true(self) -> bool:
        """Every answer of the batch is the true state's (ViPlan's ``all_state_correct``)."""
        first = len(self.answers_correct) - len(self.batch)
        return all(self.answers_correct[first:])

    def _action(self) -> GroundAction:
        action = self.task.action(self.plan[0])
        assert action is not None, f"the planner returned an action outside the task: {self.plan[0]}"
        return action

    def _memory(self, outcome: str, name: str) -> Memory:
        answers = [answer.memory_line(self.world.question(answer.ask.atom)) for answer in self.batch]
        return Memory(name, "\n".join([MEMORY_HEADER, *answers, "", outcome.format(viplan_call(name))]))

    def _run_in_true_state(self, name: str) -> int:
        """ViPlan's failures, drawn from (row seed, step index) so replay is exact."""
        if self.recording is not None:
            return self._run_recorded(name)
        rng = random.Random(f"{self.row.meta['seed']}/grounder/{len(self.replies)}")
        draw = self.world.draw_failure(rng, self.settings["fail_prob"], self.true_state, name)
        if draw.kind != "none":
            self.counts["failures_drawn"] += 1
        if draw.kind == "noop":
            return self.true_state
        moved = self.task.action(draw.substitute or name)
        if moved is None or not self.task.is_applicable(self.true_state, moved):
            return self.true_state
        self.executed.append(moved.name)
        return self.task.successor(self.true_state, moved)

    def _legal_in_true_state(self, action: GroundAction) -> bool:
        """Our PDDL's verdict in the true state, or the paper's simulator's where its run
        recorded one (it refused the action, or ran it: then it was legal to it)."""
        recorded = self.recording.step(self.checked - 1) if self.recording else None
        if recorded is None:
            return self.task.is_applicable(self.true_state, action)
        return recorded.outcome != REFUSED

    def _run_recorded(self, name: str) -> int:
        """The paper's simulator's outcome of the checked action: as planned (no entry),
        nothing moved (``ran`` null) or another action ran (with its PDDL effects, even where
        our PDDL would refuse it: the simulator ran it)."""
        assert self.recording is not None
        recorded = self.recording.step(self.checked - 1)
        ran = name if recorded is None else recorded.ran
        if ran != name:
            self.counts["failures_drawn"] += 1
        moved = self.task.action(ran) if ran else None
        if moved is None:
            return self.true_state
        self.executed.append(moved.name)
        return forced(self.task, self.true_state, moved)

    # -- planning -------------------------------------------------------------------

    def _plan_from_belief(self) -> list[str] | None:
        if self.recording is not None:  # the paper's planner's plan, in the order it made them
            self.plans_taken += 1
            plans = self.recording.plans
            return list(plans[self.plans_taken - 1]) if self.plans_taken <= len(plans) else None
        if self.settings["planner"] in OPTIMAL_ALIASES:
            plan = shortest_plan(self.world, self.row.domain_pddl, self.row.problem_pddl, self.believed)
            return None if plan is None else list(plan)
        problem = problem_for_state(self.task, self.row.domain_pddl, self.believed)
        result = plan_with_planner(
            self.row.domain_pddl,
            problem,
            engine="fast-downward",
            cache=PLANNER_CACHE,
        )
        return list(result.plan) if result.verdict is PlannerVerdict.SOLVED and result.plan is not None else None

    # -- outcome --------------------------------------------------------------------

    def outcome(self) -> dict[str, Any]:
        attempted = self.counts["attempted"]
        return {
            "success": self.done and self._goal_reached(),
            "steps": len(self.replies),
            "actions": self.counts["actions"],
            "legal_rate": self.counts["legal"] / attempted if attempted else 0.0,
            "unparsable": self.counts["unparsable"],
            "replans": self.counts["replans"],
            "failures_drawn": self.counts["failures_drawn"],
            "questions": len(self.answers_correct),
            "answers_correct": self.answers_correct,
            "answers_parsed": self.answers_parsed,
            "answers_phase": self.answers_phase,
            "answers_yes": self.answers_yes,
            "truths_yes": self.truths_yes,
            "answers_predicate": self.predicates,
            "end": self.end_reason or "abandoned",
            "actions_state_correct": self.actions_state_correct,
            "actions_left": self._actions_left(),
            "planned": self.planned,
            **self._recorded_counts(),
        }

    def _goal_reached(self) -> bool:
        """Our PDDL goal in the true state, or the paper's simulator's own check where its run
        recorded one (ViPlan's ``env.goal_reached`` after its loop)."""
        recorded = self.recording.goal if self.recording is not None else None
        return self.task.is_goal(self.true_state) if recorded is None else recorded

    def _actions_left(self) -> int:
        """The plan's actions never checked (ViPlan's ``remaining_actions``: its loop has taken
        the action it was checking off the plan when it stops)."""
        return max(0, len(self.plan) - (1 if self.head_checked else 0))

    def _recorded_counts(self) -> dict[str, Any]:
        if self.recording is None:
            return {}
        counts: dict[str, Any] = {"recorded_from": self.recording.source, "recorded_plans": self.plans_taken}
        if self.recording.truths is not None:
            counts["truth_conflicts"] = self.truth_conflicts
        if self.recording.goal is not None:
            counts["goal_conflicts"] = int(self.done and self.task.is_goal(self.true_state) != self.recording.goal)
        return counts


def shortest_plan(world: ViplanWorld, domain_pddl: str, problem_pddl: str, state: int) -> tuple[str, ...] | None:
    """A shortest plan from ``state`` by the world's optimal planner (None: none found),
    memoised for replay."""
    key = (domain_pddl, problem_pddl, state)
    if key not in SHORTEST_PLANS:
        if len(SHORTEST_PLANS) >= SHORTEST_PLANS_KEPT:
            SHORTEST_PLANS.pop(next(iter(SHORTEST_PLANS)))  # the oldest entry
        found = world.plan(state)
        SHORTEST_PLANS[key] = None if found is None else tuple(found)
    return SHORTEST_PLANS[key]


def paper_question_line(content: str) -> str:
    """The question as ViPlan's code sends it: right after the image (or the memory),
    without the keyword "Question: " its prompt announces, and without its last character
    (its ``get_messages`` cuts the prompt, which has no ``</user>``, one character short)."""
    head, _, asked = content.rpartition("\nQuestion: ")
    return f"{head}{asked[:-1]}" if head.endswith("<image>") else f"{head}\n{asked[:-1]}"


def _check_ranges(settings: dict[str, Any]) -> None:
    check_fail_prob(settings)
    for key, allowed in (
        ("question", QUESTION_FORMS),
        ("max_actions_counts", ACTION_COUNTS),
        ("effects", EFFECT_FORMS),
    ):
        _one_of(settings, key, allowed)
    if settings["planner"] not in (*PLANNERS, *OPTIMAL_ALIASES):
        raise SettingsError(f"setting 'planner' must be one of {', '.join(PLANNERS)}, got {settings['planner']!r}")
    for key in ("max_actions", "max_questions"):
        if settings[key] < 1:
            raise SettingsError(f"setting {key!r} must be at least 1")


def _one_of(settings: dict[str, Any], key: str, allowed: tuple[str, ...]) -> None:
    if settings[key] not in allowed:
        raise SettingsError(f"setting {key!r} must be one of {', '.join(allowed)}, got {settings[key]!r}")
