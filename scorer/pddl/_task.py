"""A ground planning task over bitmask states."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ._action import GroundAction, atom_names, conjunction_text
from ._bits import bit_indices
from ._formula import Formula, StateTest, compile_test, split_literals
from ._names import normalize_name, split_call
from ._successors import SuccessorGenerator
from ._universe import Universe, object_has_type


@dataclass(frozen=True, eq=False)
class Task:
    """Ground task. A state is an int: bit i set <=> atom i holds.

    `atoms` lists every ground atom of every predicate over correctly typed
    objects (static ones included); `static_atoms` masks the atoms of
    predicates no action changes (their truth is `init & static_atoms`).
    Actions whose static precondition is false are not in `actions`.
    """

    name: str
    atoms: tuple[str, ...]
    atom_index: dict[str, int]
    actions: tuple[GroundAction, ...]
    action_index: dict[str, int]
    init: int
    goal_pos: int
    goal_neg: int
    goal_general: Formula | None  # non-literal goal remainder; None when all literals
    objects: dict[str, str]  # object name -> type name
    types: dict[str, str | None]  # type name -> parent type name
    predicates: dict[str, list[str]]  # predicate -> parameter type names
    static_atoms: int
    action_schemas: dict[str, tuple[str, ...]]  # action name -> parameter type names
    _goal_test: StateTest | None = field(repr=False)
    _successors: SuccessorGenerator = field(repr=False)

    @classmethod
    def build(
        cls,
        name: str,
        universe: Universe,
        actions: Sequence[GroundAction],
        init: int,
        goal: Formula,
        static_atoms: int,
        action_schemas: dict[str, tuple[str, ...]],
    ) -> Task:
        goal_parts = split_literals(goal) if goal is not False else None
        goal_general = False if goal_parts is None else (None if goal_parts.rest is True else goal_parts.rest)
        return cls(
            name=name,
            atoms=tuple(universe.atom_names),
            atom_index={atom: i for i, atom in enumerate(universe.atom_names)},
            actions=tuple(actions),
            action_index={action.name: action.index for action in actions},
            init=init,
            goal_pos=0 if goal_parts is None else goal_parts.pos,
            goal_neg=0 if goal_parts is None else goal_parts.neg,
            goal_general=goal_general,
            objects=dict(universe.objects),
            types=dict(universe.type_parent),
            predicates=dict(universe.predicates),
            static_atoms=static_atoms,
            action_schemas=action_schemas,
            _goal_test=None if goal_general is None else compile_test(goal_general),
            _successors=SuccessorGenerator(actions),
        )

    def with_goal(self, atoms: Iterable[str]) -> Task:
        """This task with the conjunction of ``atoms`` as its goal, without parsing again:
        atoms and actions do not depend on the goal, so it equals the task parsed with it."""
        mask = 0
        for atom in atoms:
            mask |= 1 << self.atom_index[atom]
        return replace(self, goal_pos=mask, goal_neg=0, goal_general=None, _goal_test=None)

    def with_init(self, state: int) -> Task:
        """This task from another initial state with the same static facts, without parsing
        again: atoms, actions and goal depend on the static facts only, so it equals the task
        parsed with that :init. Raises ValueError when the static facts differ."""
        if state & self.static_atoms != self.init & self.static_atoms:
            raise ValueError("the new initial state has other static facts than the task's")
        return replace(self, init=state)

    def __repr__(self) -> str:
        # The default repr would print every atom and action.
        return f"Task({self.name!r}, {len(self.atoms)} atoms, {len(self.actions)} actions)"

    # -- states -------------------------------------------------------------

    def holds(self, state: int, atom: str) -> bool:
        return bool(state >> self._atom_position(atom) & 1)

    def true_atoms(self, state: int) -> list[str]:
        """Names of the atoms true in `state`, in atom order."""
        return [self.atoms[i] for i in bit_indices(state)]

    def state_from_atoms(self, atoms: Iterable[str]) -> int:
        state = 0
        for atom in atoms:
            state |= 1 << self._atom_position(atom)
        return state

    def _atom_position(self, atom: str) -> int:
        position = self.atom_index.get(normalize_name(atom))
        if position is None:
            raise KeyError(f"unknown atom {atom!r}")
        return position

    # -- actions ------------------------------------------------------------

    def action(self, name: str) -> GroundAction | None:
        """Ground action by (case/whitespace-insensitive) name; None if unknown
        or statically inapplicable."""
        position = self.action_index.get(normalize_name(name))
        return None if position is None else self.actions[position]

    def is_well_formed_action(self, name: str) -> bool:
        """Schema name with the right number of correctly typed objects (it may
        still have been pruned as statically inapplicable)."""
        call = split_call(normalize_name(name))
        if call is None or call[0] not in self.action_schemas:
            return False
        param_types = self.action_schemas[call[0]]
        return len(param_types) == len(call[1]) and all(
            object_has_type(self.objects, self.types, obj, kind) for obj, kind in zip(call[1], param_types, strict=True)
        )

    def applicable(self, state: int) -> list[GroundAction]:
        """Applicable actions, in task order."""
        return self._successors.applicable(state)

    def is_applicable(self, state: int, action: GroundAction | str) -> bool:
        return self._resolve(action).is_applicable(state)

    def successor(self, state: int, action: GroundAction | str) -> int:
        """State after applying `action`; ValueError if it is not applicable."""
        ground = self._resolve(action)
        if not ground.is_applicable(state):
            raise ValueError(f"{ground.name} is not applicable")
        return ground.apply(state)

    def _resolve(self, action: GroundAction | str) -> GroundAction:
        if isinstance(action, GroundAction):
            return action
        found = self.action(action)
        if found is None:
            raise KeyError(f"unknown action {action!r}")
        return found

    def successor_states(self, state: int) -> list[int]:
        """Successors of all applicable actions (unordered, may repeat)."""
        return self._successors.successor_states(state)

    def transitions(self, state: int) -> list[tuple[GroundAction, int]]:
        """(action, successor) pairs for all applicable actions (unordered)."""
        return self._successors.transitions(state)

    # -- goal ---------------------------------------------------------------

    def is_goal(self, state: int) -> bool:
        if state & self.goal_pos != self.goal_pos or state & self.goal_neg:
            return False
        return self._goal_test is None or self._goal_test(state)

    def goal_atoms(self) -> tuple[list[str], list[str]]:
        """(positive, negative) atoms of the literal part of the goal."""
        return atom_names(self.atoms, self.goal_pos), atom_names(self.atoms, self.goal_neg)

    def goal_text(self) -> str:
        """The whole goal as PDDL-like text (includes `goal_general`)."""
        return conjunction_text(self.atoms, self.goal_pos, self.goal_neg, self.goal_general)
