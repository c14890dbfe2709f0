"""PDDL core: parsing + grounding into bitmask tasks, search, state spaces,
plan validation and external planners.

Everything public is re-exported here; the private modules hold one concept each.
"""

from ._action import CondEffect, GroundAction
from ._bits import bit_indices
from ._collector import collector_paused
from ._engines import ENGINES
from ._environment import allow_shared_names
from ._errors import PDDLError, PDDLParseError, UnsupportedPDDL
from ._init_variants import parse_task_variant, split_init
from ._names import normalize_name
from ._parse import parse_task
from ._plan_check import PlanCheck, check_plan
from ._planner import BUILD_SAFETY_S, PlannerSafetyNetError, plan_with_planner, safety_seconds
from ._planner_cache import PlannerCache, read_verdicts, write_verdicts
from ._planner_result import PlannerResult, PlannerVerdict
from ._reachable import IncompleteSpaceError, ReachableSpace, reachable_states
from ._search import SearchResult, astar, bfs
from ._state_graph import StateGraph, StateSet, explore
from ._state_rows import StateTable
from ._task import Task
from ._validate import FailureReason, PlanValidation, validate_plan
from ._walk import random_walk
from ._write import Objects, domain_name, problem_for_state, problem_text

__all__ = [
    "BUILD_SAFETY_S",
    "allow_shared_names",
    "collector_paused",
    "ENGINES",
    "Objects",
    "CondEffect",
    "FailureReason",
    "GroundAction",
    "IncompleteSpaceError",
    "PDDLError",
    "PDDLParseError",
    "PlanCheck",
    "PlanValidation",
    "PlannerCache",
    "PlannerResult",
    "PlannerVerdict",
    "ReachableSpace",
    "SearchResult",
    "StateGraph",
    "StateSet",
    "StateTable",
    "Task",
    "UnsupportedPDDL",
    "astar",
    "domain_name",
    "explore",
    "bfs",
    "bit_indices",
    "check_plan",
    "normalize_name",
    "parse_task",
    "parse_task_variant",
    "plan_with_planner",
    "PlannerSafetyNetError",
    "problem_for_state",
    "problem_text",
    "random_walk",
    "reachable_states",
    "read_verdicts",
    "safety_seconds",
    "write_verdicts",
    "split_init",
    "validate_plan",
]
