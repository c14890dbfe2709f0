"""The household as a ViPlan-style world (``scorer.episodes.viplan_world``): the row's
task and home, its views, ViPlan's household prompt, questions and JSON actions.

ViPlan's household differs from its blocksworld in what the modes ask of a world: the
home is partially observable, so the grounder starts from the true state (ViPlan's
household grounder does not enumerate) and asks only about atoms whose objects are in
view; the planner's prompt carries the "Additional information" about objects hidden in
containers; the feedback entries are those of ViPlan's household client (``executed``,
``parameters incorrectly specified``); actions never fail at random (ViPlan's household
simulator takes the failure flag but never uses it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cached_property, lru_cache
from typing import Any

from scorer.episodes.base import Message, Observation
from scorer.episodes.viplan_world import NO_FAILURE, ActionChoice, FailureDraw, FeedbackWords
from scorer.families.household.actions import REFUSED, action_json, paper_action, parse_action
from scorer.families.household.problem import household_task, optimal_plan, scene_for
from scorer.families.household.prompts import planner_messages
from scorer.families.household.scene import Scene
from scorer.families.household.sight import Sight, sight, split_atom
from scorer.families.household.verbalize import ENVIRONMENT, hidden_facts, planner_goal, question
from scorer.families.household.views import VIEWS, observation
from scorer.io.dataset import KeyRow
from scorer.tasks.ground import ground_messages

# ViPlan's household loop: "executed", and every refusal of its client "parameters incorrectly
# specified" (a name that is no action: "action does not exist").
FEEDBACK = FeedbackWords(success_outcome="executed", success_info=None, illegal_outcome=REFUSED, illegal_info=None)


class HouseholdWorld:
    views: tuple[str, ...] = VIEWS
    feedback = FEEDBACK
    enumerates = False

    def __init__(self, row: KeyRow) -> None:
        self.row = row
        self.task = household_task(row.domain_pddl, row.problem_pddl)
        rooms_seed, place_seed = row.meta["layout_seeds"]
        self.scene = _scene(row.problem_pddl, row.domain_pddl, rooms_seed, place_seed)
        self.max_actions = int(row.meta["max_steps"])  # ViPlan's household grounder: 10 / 20 / 30

    @cached_property
    def goal(self) -> str:
        """The planner's goal lines, in the problem's own order (ViPlan's get_goal_str)."""
        return planner_goal(goal_literals(self.row.domain_pddl, self.row.problem_pddl))

    def seen(self, state: int) -> Sight:
        return sight(self.scene, self.task.true_atoms(state))

    def max_steps(self) -> int:
        return int(self.row.meta["max_steps"])

    def observe(self, view: str, messages: Sequence[Message], state: int) -> Observation:
        return observation(view, messages, self.seen(state))

    def planner_prompt(self, output: str, cot: bool, previous_actions: str, state: int) -> list[Message]:
        additional = "\n".join(hidden_facts(self.task.true_atoms(state)))  # none: ViPlan drops the section
        return planner_messages(output, cot, self.goal, additional, previous_actions)

    def ground_prompt(self, question: str, cot: bool) -> list[Message]:
        # ViPlan-HH's Ground prompts: the home's description opens the user message (appendix I).
        return ground_messages(question, cot, user_context=ENVIRONMENT)

    def plan(self, state: int) -> list[str] | None:
        try:
            return optimal_plan(self.task, start=state)  # A*: household spaces outgrow BFS
        except ValueError:  # no plan from this state
            return None

    def question(self, atom: str) -> str:
        return question(atom)

    def visible(self, state: int, atom: str) -> bool:
        return set(split_atom(atom)[1]) <= self.seen(state).visible

    def parse_action(self, reply: str, state: int) -> ActionChoice:
        return parse_action(reply, self.task)

    def paper_action(self, document: dict[str, Any], previous_first: Any, state: int) -> tuple[ActionChoice, Any]:
        return paper_action(document, previous_first, self.task)

    def action_json(self, pddl_name: str) -> dict[str, Any]:
        return action_json(pddl_name)

    def draw_failure(self, rng: random.Random, fail_prob: float, state: int, pddl_name: str) -> FailureDraw:
        return NO_FAILURE


@lru_cache(maxsize=256)
def goal_literals(domain: str, problem: str) -> tuple[str, ...]:
    """The goal's literals in the order the problem writes them ("(not ...)" for a negated
    one), as unified-planning reads them (ViPlan iterates its goal fluents so)."""
    from scorer.pddl._reading import read_problem

    literals = []
    for goal in read_problem(domain, problem).goals:
        for node in goal.args if goal.is_and() else (goal,):
            atom = node.args[0] if node.is_not() else node
            text = f"({' '.join([atom.fluent().name, *(str(a) for a in atom.args)])})"
            literals.append(f"(not {text})" if node.is_not() else text)
    return tuple(literals)


@lru_cache(maxsize=256)
def _scene(problem: str, domain: str, rooms_seed: str, place_seed: str) -> Scene:
    task = household_task(domain, problem)
    return scene_for(task.name, task.objects, task.true_atoms(task.init), rooms_seed, place_seed)
