"""VSP's blocks world in PDDL: blocks on a table, no hand, no fixed places.

Three actions, one per kind of move: ``(move-to-table ?b ?from)``, ``(move-from-table ?b
?to)`` and ``(move-onto ?b ?from ?to)``. A stack has no position, so a goal that lists
which block is on which (and which stand on the table) says nothing of the stacks'
order, as VSP wants; a shortest plan of the PDDL is a shortest plan of the game. The
static ``(differs ?a ?b)`` keeps a block from going onto itself (the core reads no
``=``). Block objects are the colour names.
"""

from __future__ import annotations

from itertools import permutations

from scorer.families.vsp.blocks import TABLE, Move, Stacks, apply, blocks_of, where
from scorer.pddl import problem_text

DOMAIN_NAME = "blocks-table"

DOMAIN_PDDL = """;; VSP's blocks world: coloured blocks in stacks on a table. A move takes a clear block
;; and puts it on another clear block or on the table (a new stack); stacks have no order.
(define (domain blocks-table)
  (:requirements :strips :typing)
  (:types block)
  (:predicates
    (on ?b - block ?under - block)
    (on-table ?b - block)
    (clear ?b - block)
    (differs ?a - block ?b - block))
  (:action move-to-table
    :parameters (?b - block ?from - block)
    :precondition (and (clear ?b) (on ?b ?from))
    :effect (and (on-table ?b) (clear ?from) (not (on ?b ?from))))
  (:action move-from-table
    :parameters (?b - block ?to - block)
    :precondition (and (clear ?b) (on-table ?b) (clear ?to) (differs ?b ?to))
    :effect (and (on ?b ?to) (not (on-table ?b)) (not (clear ?to))))
  (:action move-onto
    :parameters (?b - block ?from - block ?to - block)
    :precondition (and (clear ?b) (on ?b ?from) (clear ?to) (differs ?b ?to))
    :effect (and (on ?b ?to) (clear ?from) (not (on ?b ?from)) (not (clear ?to)))))
"""


def domain_pddl() -> str:
    return DOMAIN_PDDL


def state_atoms(stacks: Stacks) -> list[str]:
    atoms = []
    for stack in stacks:
        atoms.append(f"(on-table {stack[0]})")
        atoms += [f"(on {upper} {lower})" for lower, upper in zip(stack, stack[1:])]
        atoms.append(f"(clear {stack[-1]})")
    return atoms


def problem_pddl(name: str, start: Stacks, goal: Stacks | None = None) -> str:
    """``start`` in :init; the goal is ``goal``'s stacks (without one, a question about
    a single state: the state itself)."""
    blocks = sorted(blocks_of(start))
    init = state_atoms(start) + [f"(differs {a} {b})" for a, b in permutations(blocks, 2)]
    wanted = [atom for atom in state_atoms(goal if goal is not None else start) if not atom.startswith("(clear")]
    return problem_text(name, DOMAIN_NAME, [("block", blocks)], init, wanted)


def ground_action(stacks: Stacks, move: Move) -> str:
    """The ground action ``move`` is in ``stacks`` (the move must be legal there)."""
    apply(stacks, move)  # raises IllegalMove
    source, level = where(stacks, move.block)  # type: ignore[misc]
    below = stacks[source][level - 1] if level else None
    if move.target == TABLE:
        return f"(move-to-table {move.block} {below})"
    if below is None:
        return f"(move-from-table {move.block} {move.target})"
    return f"(move-onto {move.block} {below} {move.target})"


def ground_plan(stacks: Stacks, moves: list[Move]) -> list[str]:
    actions = []
    for move in moves:
        actions.append(ground_action(stacks, move))
        stacks = apply(stacks, move)
    return actions
