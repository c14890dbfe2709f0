"""Delete relaxation: a cheap over-approximation of what can ever become true.

Ignoring delete effects, negative preconditions and non-literal precondition
parts can only make more atoms reachable, so an atom the relaxation never
reaches is truly unreachable, and an action one of whose positive
preconditions the relaxation never reaches can never become applicable.
Removing the achievers of an atom p and finding the goal relaxed-unreachable
proves p a landmark. These are proofs in one direction only: a relaxed-
reachable atom may still be unreachable.
"""

from __future__ import annotations

from scorer.pddl import Task


def relaxed_reachable(task: Task, state: int, banned_atom: int | None = None) -> int:
    """Mask of the atoms reachable from ``state`` in the delete relaxation.

    With ``banned_atom``, no effect that adds it is used (its achievers are removed).
    """
    banned = 0 if banned_atom is None else 1 << banned_atom
    reached = state
    while True:
        grown = reached
        for action in task.actions:
            if action.pre_pos & grown != action.pre_pos:
                continue
            if not action.add & banned:
                grown |= action.add
            for effect in action.cond_effects:
                if effect.cond_pos & grown == effect.cond_pos and not effect.add & banned:
                    grown |= effect.add
        if grown == reached:
            return reached
        reached = grown


def proves_unreachable(task: Task, state: int, atoms_mask: int) -> bool:
    """True when some atom of ``atoms_mask`` is relaxed-unreachable (so never true
    together with the others: in particular never true at all)."""
    return atoms_mask & relaxed_reachable(task, state) != atoms_mask


def proves_landmark(task: Task, state: int, atom: int) -> bool:
    """True when the goal's positive atoms are relaxed-unreachable without any
    achiever of ``atom`` (and ``atom`` is false now): then every plan achieves it."""
    if state >> atom & 1:
        return False
    reached = relaxed_reachable(task, state, banned_atom=atom)
    return task.goal_pos & reached != task.goal_pos
