"""Validating a plan against a problem grounded only where the plan names it.

``validate_plan(parse_task(domain, problem), plan)`` grounds every action of the task
first: a problem of 52,000 atoms takes seconds, to check a plan of ten steps. A
``PlanCheck`` reads the problem once and grounds, through the same ``ActionGrounder``,
only the actions a plan names (each once) and the goal, over an atom table that indexes
the atoms as they are met. The :init's plain atoms are read apart, by ``split_init``
(unified-planning's reading of a large :init was most of what was left); with anything
else in it, or an atom that is not one of the problem's, the problem is read whole.

The verdicts are validate_plan's, step for step (``execute_plan``): a name that is no
schema applied to correctly typed objects is unknown, a well-formed action whose
precondition is false in every state (grounding prunes it) is never applicable, and the
others apply in turn from the problem's :init.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from unified_planning.model import InstantaneousAction, Problem

from ._action import GroundAction
from ._bits import bit_indices
from ._collector import collector_paused
from ._errors import PDDLError
from ._formula import StateTest, compile_test, split_literals
from ._grounder import ActionGrounder
from ._init_variants import split_init
from ._kept import kept
from ._names import normalize_name, split_call
from ._reading import UP_LOCK, read_problem
from ._universe import Universe
from ._validate import PlanValidation, execute_plan

# Problems kept per process by their text (a check holds the read problem and the actions met).
CHECKS_KEPT = 64


def check_plan(domain_pddl: str, problem_pddl: str, plan: Sequence[str]) -> PlanValidation:
    """``validate_plan(parse_task(domain_pddl, problem_pddl), plan)``, grounding only what the
    plan names; the final state is over the check's own atom numbering (``PlanCheck``)."""
    return PlanCheck.of(domain_pddl, problem_pddl).validate(plan)


class PlanCheck:
    """One problem, read but grounded only on demand. Thread-safe."""

    def __init__(self, problem: Problem, init_atoms: Sequence[str] | None = None) -> None:
        """``init_atoms``: the initial state's atoms (normalised names) when ``problem`` was
        read without them; KeyError when one is not a typed atom of the problem."""
        self._universe = Universe.from_problem(problem, atoms_on_demand=True)
        init = None if init_atoms is None else self._state_of(init_atoms)
        self._grounder = ActionGrounder(problem, self._universe, init)
        self._schemas: dict[str, InstantaneousAction] = {}  # by name, as Task.action_schemas
        for schema in problem.actions:
            assert isinstance(schema, InstantaneousAction)  # checked by read_problem
            self._schemas[schema.name] = schema
        # A ground action's name is call_name's: schema and objects lowercased.
        self._schema_of_head = {name.lower(): schema for name, schema in self._schemas.items()}
        self._object_of_word = {name.lower(): name for name in self._universe.objects}
        self._actions: dict[str, GroundAction | None] = {}  # normalised name -> action, None if none
        self._goal: tuple[int, int, StateTest | None] | None = None
        self._lock = threading.Lock()

    @staticmethod
    def of(domain_pddl: str, problem_pddl: str) -> PlanCheck:
        """The check of a problem given as TEXT, read once per process (parse_task's errors)."""
        return _kept(domain_pddl, problem_pddl)

    @property
    def init(self) -> int:
        """The problem's initial state, over this check's atom numbering."""
        return self._grounder.formulas.init

    def atom_names(self, state: int) -> list[str]:
        """Names of the atoms true in ``state`` (a state over this check's numbering)."""
        names = self._universe.atom_names
        return [names[index] for index in bit_indices(state)]

    def validate(self, plan: Sequence[str]) -> PlanValidation:
        """``validate_plan(task, plan)`` of the fully grounded task, from its :init; the final
        state is over this check's atom numbering (``atom_names`` names its atoms)."""
        with self._lock:
            return execute_plan(plan, self.init, self._action, self._is_well_formed, self._is_goal)

    # -- grounding on demand -----------------------------------------------------------

    def _action(self, name: str) -> GroundAction | None:
        """Task.action: None when unknown or false in every state (static facts)."""
        normal = normalize_name(name)
        if normal not in self._actions:
            call = self._binding(normal)
            self._actions[normal] = None if call is None else self._grounder.action(*call, len(self._actions))
        return self._actions[normal]

    def _binding(self, normal: str) -> tuple[InstantaneousAction, dict[str, str]] | None:
        """The schema and binding whose ground action ``normal`` names: the schema applied
        to objects of its parameters' types."""
        call = split_call(normal)
        schema = None if call is None else self._schema_of_head.get(call[0])
        if call is None or schema is None or len(schema.parameters) != len(call[1]):
            return None
        binding: dict[str, str] = {}
        for param, word in zip(schema.parameters, call[1], strict=True):
            obj = self._object_of_word.get(word)
            if obj is None or not self._universe.is_of_type(obj, param.type.name):
                return None
            binding[param.name] = obj
        return schema, binding

    def _is_well_formed(self, name: str) -> bool:
        """Task.is_well_formed_action: a schema with the right number of typed objects."""
        call = split_call(normalize_name(name))
        if call is None or call[0] not in self._schemas:
            return False
        param_types = [param.type.name for param in self._schemas[call[0]].parameters]
        return len(param_types) == len(call[1]) and all(
            self._universe.is_of_type(obj, kind) for obj, kind in zip(call[1], param_types, strict=True)
        )

    def _state_of(self, atoms: Sequence[str]) -> int:
        state = 0
        for atom in atoms:
            call = split_call(atom)
            if call is None:
                raise KeyError(atom)
            state |= 1 << self._universe.atom_of_key[call]
        return state

    def _is_goal(self, state: int) -> bool:
        """Task.is_goal, the goal grounded when first needed."""
        if self._goal is None:
            goal = self._grounder.goal()
            parts = split_literals(goal) if goal is not False else None
            if parts is None:
                self._goal = (0, 0, compile_test(False))
            else:
                self._goal = (parts.pos, parts.neg, None if parts.rest is True else compile_test(parts.rest))
        positive, negative, test = self._goal
        if state & positive != positive or state & negative:
            return False
        return test is None or test(state)


@kept(maxsize=CHECKS_KEPT)  # a text asked by many threads at once is read once
def _kept(domain_pddl: str, problem_pddl: str) -> PlanCheck:
    with UP_LOCK, collector_paused():
        split = split_init(problem_pddl, placeholder="(:init)")
        if split is not None:
            try:
                return PlanCheck(read_problem(domain_pddl, split[0]), split[1])
            except (PDDLError, KeyError):
                pass  # read whole: the problem's own error, if it has one
        return PlanCheck(read_problem(domain_pddl, problem_pddl))
