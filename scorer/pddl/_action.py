"""Ground actions over bitmask states.

A state is a Python int whose bit i is set when atom i holds. An action's
precondition is normally a conjunction of literals (two masks); effects are
unconditional add/delete masks plus conditional effects, each guarded by a
conjunction of literals. PDDL semantics: every effect condition is read in
the old state, then deletes are applied, then adds (so add wins).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ._bits import bit_indices
from ._formula import Formula, StateTest, compile_test, render

if TYPE_CHECKING:
    from ._task import Task

StateUpdate = Callable[[int], int]


@dataclass(frozen=True)
class CondEffect:
    """When every cond_pos atom holds and no cond_neg atom holds: add, delete."""

    cond_pos: int
    cond_neg: int
    add: int
    delete: int

    def fires(self, state: int) -> bool:
        return state & self.cond_pos == self.cond_pos and not state & self.cond_neg


@dataclass(frozen=True, eq=False)
class GroundAction:
    """One ground action; `pre_general` is the non-literal part of the
    precondition (None in the common all-literal case)."""

    name: str
    index: int
    pre_pos: int
    pre_neg: int
    add: int
    delete: int
    cond_effects: tuple[CondEffect, ...]
    atom_names: Sequence[str] = field(repr=False)
    pre_general: Formula | None = field(default=None, repr=False)
    pre_test: StateTest | None = field(init=False, repr=False, compare=False)
    apply: StateUpdate = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Compiled once so searches never interpret masks per step.
        test = None if self.pre_general is None else compile_test(self.pre_general)
        object.__setattr__(self, "pre_test", test)
        object.__setattr__(self, "apply", compile_update(self.add, self.delete, self.cond_effects))

    def is_applicable(self, state: int) -> bool:
        if state & self.pre_pos != self.pre_pos or state & self.pre_neg:
            return False
        return self.pre_test is None or self.pre_test(state)

    def precondition_atoms(self) -> tuple[list[str], list[str]]:
        """(positive, negative) atoms of the literal part of the precondition."""
        return atom_names(self.atom_names, self.pre_pos), atom_names(self.atom_names, self.pre_neg)

    def precondition_text(self) -> str:
        """The whole ground precondition as PDDL-like text (includes `pre_general`)."""
        return conjunction_text(self.atom_names, self.pre_pos, self.pre_neg, self.pre_general)

    def effect_masks(self, state: int) -> tuple[int, int]:
        """(add, delete) masks when applied in `state`; delete excludes added atoms."""
        add, delete = self.add, self.delete
        for effect in self.cond_effects:
            if effect.fires(state):
                add |= effect.add
                delete |= effect.delete
        return add, delete & ~add

    def effect_atoms(self, task: Task, state: int, changes_only: bool = False) -> tuple[list[str], list[str]]:
        """(added, deleted) atom names when applied in `state`.

        By default the nominal effect (an added atom may already hold); with
        `changes_only` only atoms whose truth value actually changes.
        """
        add, delete = self.effect_masks(state)
        if changes_only:
            add &= ~state
            delete &= state
        return atom_names(task.atoms, add), atom_names(task.atoms, delete)


def atom_names(atoms: Sequence[str], mask: int) -> list[str]:
    """The names of the atoms set in `mask`, lowest index first."""
    return [atoms[index] for index in bit_indices(mask)]


def conjunction_text(atoms: Sequence[str], positive: int, negative: int, general: Formula | None) -> str:
    """PDDL-like text of a precondition or goal: the literals of the two masks, then
    the non-literal rest; one part stands alone, several are wrapped in (and ...)."""
    parts = atom_names(atoms, positive) + [f"(not {atom})" for atom in atom_names(atoms, negative)]
    if general is not None:
        parts.append(render(general, atoms))
    return parts[0] if len(parts) == 1 else "(" + " ".join(["and", *parts]) + ")"


def compile_update(add: int, delete: int, cond_effects: Sequence[CondEffect]) -> StateUpdate:
    """Generate the successor function of one action (integer literals only)."""
    if not cond_effects:
        keep = ~delete
        return lambda state: (state & keep) | add
    lines = ["def update(s):", f"    a = {add}", f"    d = {delete}"]
    for effect in cond_effects:
        lines.append(f"    if {_guard(effect)}:")
        lines.append(f"        a |= {effect.add}")
        lines.append(f"        d |= {effect.delete}")
    lines.append("    return (s & ~d) | a")
    namespace: dict[str, StateUpdate] = {}
    # The generated source contains integer literals only, never PDDL text.
    exec(compile("\n".join(lines), "<pddl-action>", "exec"), namespace)
    return namespace["update"]


def _guard(effect: CondEffect) -> str:
    # Single-bit positive guards are by far the most common; test them directly.
    tests = []
    if effect.cond_pos:
        single_bit = effect.cond_pos & (effect.cond_pos - 1) == 0
        tests.append(f"s & {effect.cond_pos}" if single_bit else f"s & {effect.cond_pos} == {effect.cond_pos}")
    if effect.cond_neg:
        tests.append(f"not s & {effect.cond_neg}")
    return " and ".join(tests) if tests else "True"
