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
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ._bits import bit_indices
from ._formula import Formula, StateTest, compile_test, render

if TYPE_CHECKING:
    from ._task import Task

StateUpdate = Callable[[int], int]


class CondEffect(NamedTuple):
    """When every cond_pos atom holds and no cond_neg atom holds: add, delete.
    (A named tuple: a large task has millions, and one is made in half the time of a
    frozen dataclass.)"""

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
        # With conditional effects, compiled when first applied: a large task has 100,000
        # actions and a validation applies a few dozen (their functions were 40% of its memory).
        first = self._compile_and_apply if self.cond_effects else compile_update(self.add, self.delete, ())
        object.__setattr__(self, "apply", first)

    def _compile_and_apply(self, state: int) -> int:
        update = compile_update(self.add, self.delete, self.cond_effects)
        object.__setattr__(self, "apply", update)
        return update(state)

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
    """The successor function of one action: generated code, compiled once per shape."""
    if not cond_effects:
        keep = ~delete
        return lambda state: (state & keep) | add
    masks = [mask for effect in cond_effects for mask in (effect.cond_pos, effect.cond_neg, effect.add, effect.delete)]
    return _update_factory(tuple(_guard_shape(effect) for effect in cond_effects))(add, delete, *masks)


def _guard_shape(effect: CondEffect) -> tuple[int, bool]:
    """(0: no positive guard, 1: one atom, 2: several; whether a negative guard exists)."""
    if not effect.cond_pos:
        return 0, bool(effect.cond_neg)
    return (1 if effect.cond_pos & (effect.cond_pos - 1) == 0 else 2), bool(effect.cond_neg)


@lru_cache(maxsize=4096)
def _update_factory(shape: tuple[tuple[int, bool], ...]) -> Callable[..., StateUpdate]:
    """A function that makes the successor function of an action of this shape from its
    masks. The masks are closure variables, not literals: compiling once per shape, not
    per action, is what makes grounding a task of 10,000 actions with conditional effects
    cheap, and a literal of a task past ~14,000 atoms would pass Python's 4,300-digit limit
    on int <-> str conversion."""
    parameters = ["add", "delete"]
    lines = ["    def update(s):", "        a = add", "        d = delete"]
    for index, (positive, negative) in enumerate(shape):
        parameters += [f"p{index}", f"n{index}", f"a{index}", f"d{index}"]
        # Single-bit positive guards are by far the most common; test them directly.
        tests = [f"s & p{index}", f"s & p{index} == p{index}"][positive - 1 : positive] if positive else []
        tests += [f"not s & n{index}"] if negative else []
        lines += [
            f"        if {' and '.join(tests) or 'True'}:",
            f"            a |= a{index}",
            f"            d |= d{index}",
        ]
    lines += ["        return (s & ~d) | a", "    return update"]
    source = f"def make({', '.join(parameters)}):\n" + "\n".join(lines)
    namespace: dict[str, Callable[..., StateUpdate]] = {}
    # The generated source holds names only, never PDDL text nor a value.
    exec(compile(source, "<pddl-action>", "exec"), namespace)
    return namespace["make"]
