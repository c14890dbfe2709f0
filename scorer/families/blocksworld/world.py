"""Blocksworld as a ViPlan-style world (``scorer.episodes.viplan_world``): the row's task,
its views, ViPlan's prompts and questions, its JSON moves and its action failures.

The planner and grounder modes themselves are generic (``scorer.episodes``); this module
only answers their questions about blocks and columns.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from scorer.episodes.base import Message, Observation
from scorer.episodes.viplan_world import ActionChoice, FailureDraw, FeedbackWords
from scorer.families.blocksworld.actions import draw_failure, move_json, paper_action, parse_action
from scorer.families.blocksworld.prompts import grounder_messages, planner_goal, planner_messages
from scorer.families.blocksworld.state import Layout, column_names, layout_from_atoms
from scorer.families.blocksworld.task import row_task
from scorer.families.blocksworld.verbalize import question
from scorer.families.blocksworld.views import VIEWS, observation
from scorer.io.dataset import KeyRow
from scorer.pddl import bfs

# A state count, not a clock, bounds the search so replay is exact. Any physically
# consistent belief reaches at most 60,480 states (hard); only nonsense beliefs hit this.
BFS_MAX_STATES = 200_000
GROUNDER_MAX_ACTIONS = 20  # ViPlan's check_plan default; its blocksworld script does not change it


class BlocksWorld:
    views: tuple[str, ...] = VIEWS
    feedback = FeedbackWords()
    max_actions = GROUNDER_MAX_ACTIONS
    enumerates = True

    def __init__(self, row: KeyRow) -> None:
        self.row = row
        self.task = row_task(row)
        self.n_columns = int(row.meta["n_columns"])
        self._layouts: dict[int, Layout] = {}  # per state: a grounder asks many questions in one state

    @cached_property
    def goal(self) -> str:
        blocks = [name for name, kind in self.task.objects.items() if kind == "block"]
        return planner_goal(self.layout(self.task.goal_pos), blocks)

    def layout(self, state: int) -> Layout:
        layout = self._layouts.get(state)
        if layout is None:
            layout = self._layouts[state] = layout_from_atoms(self.task.true_atoms(state), self.n_columns)
        return layout

    def max_steps(self) -> int:
        return int(self.row.meta["max_steps"])

    def observe(self, view: str, messages: Sequence[Message], state: int) -> Observation:
        return observation(view, messages, self.layout(state))

    def planner_prompt(self, output: str, cot: bool, previous_actions: str, state: int) -> list[Message]:
        return planner_messages(output, cot, self.goal, previous_actions)

    def ground_prompt(self, question: str, cot: bool) -> list[Message]:
        return grounder_messages(question, cot)

    def plan(self, state: int) -> list[str] | None:
        return bfs(self.task, start=state, max_states=BFS_MAX_STATES).plan  # small spaces: BFS is quick

    def question(self, atom: str) -> str:
        return question(atom)

    def visible(self, state: int, atom: str) -> bool:
        return True  # the scene shows every block and column

    def parse_action(self, reply: str, state: int) -> ActionChoice:
        blocks = sorted({block for column in self.layout(state) for block in column})
        return parse_action(reply, blocks, self.n_columns)

    def paper_action(self, document: dict[str, Any], previous_first: Any, state: int) -> tuple[ActionChoice, Any]:
        blocks = [name for name, kind in self.task.objects.items() if kind == "block"]
        return paper_action(document, blocks, column_names(self.n_columns)), None

    def action_json(self, pddl_name: str) -> dict[str, Any]:
        _, block, column = pddl_name.strip("()").split()
        return move_json(block, column)

    def draw_failure(self, rng: random.Random, fail_prob: float, state: int, pddl_name: str) -> FailureDraw:
        _, block, column = pddl_name.strip("()").split()
        return draw_failure(rng, fail_prob, self.layout(state), block, column)
