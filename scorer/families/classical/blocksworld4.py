"""Blocksworld with four operators: one arm picks up, puts down, stacks and unstacks blocks."""

from __future__ import annotations

import random

from ._gen import atom, pick, prefixed_text, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain blocksworld4)
  (:requirements :strips :typing :equality)
  (:types block)
  (:predicates
    (on ?x - block ?y - block)
    (on-table ?x - block)
    (clear ?x - block)
    (holding ?x - block)
    (hand-empty))
  (:action pick-up
    :parameters (?x - block)
    :precondition (and (clear ?x) (on-table ?x) (hand-empty))
    :effect (and (holding ?x) (not (clear ?x)) (not (on-table ?x)) (not (hand-empty))))
  (:action put-down
    :parameters (?x - block)
    :precondition (holding ?x)
    :effect (and (on-table ?x) (clear ?x) (hand-empty) (not (holding ?x))))
  ; ?x = ?y can never apply; excluding it keeps such actions out of the vocabulary
  (:action stack
    :parameters (?x - block ?y - block)
    :precondition (and (holding ?x) (clear ?y) (not (= ?x ?y)))
    :effect (and (on ?x ?y) (clear ?x) (hand-empty) (not (holding ?x)) (not (clear ?y))))
  (:action unstack
    :parameters (?x - block ?y - block)
    :precondition (and (on ?x ?y) (clear ?x) (hand-empty) (not (= ?x ?y)))
    :effect (and (holding ?x) (clear ?y) (not (on ?x ?y)) (not (clear ?x)) (not (hand-empty)))))
"""

DESCRIPTION = (
    "This is a blocksworld domain. Blocks are stacked in towers on a table, and a single robotic "
    "arm rearranges them, holding at most one block at a time. A block is clear when no block is "
    "on top of it. With an empty hand, the arm can pick up a clear block from the table or unstack "
    "a clear block from the block it is on. A held block can be put down on the table or stacked "
    "on top of a clear block, after which the hand is empty again."
)

ATOM_TEMPLATES = {
    "on": "{0} is on top of {1}",
    "on-table": "{0} is on the table",
    "clear": "{0} is clear",
    "holding": "the arm is holding {0}",
    "hand-empty": "the arm is empty",
}

ACTION_TEMPLATES = {
    "pick-up": "pick up {0} from the table",
    "put-down": "put down {0} on the table",
    "stack": "stack {0} on top of {1}",
    "unstack": "unstack {0} from {1}",
}

# size 0: 6 blocks have 4,051 tower layouts, plus 6 * 501 with one block held
BANDS = [
    {"blocks": [5, 6]},
    {"blocks": [8, 10, 12]},
    {"blocks": [15, 20, 25]},
]

Towers = list[list[str]]  # each tower bottom to top


def random_towers(rng: random.Random, blocks: list[str]) -> Towers:
    """Blocks in random order, each starting a new tower or going on top of a
    random existing one (so tall and flat layouts both occur)."""
    order = list(blocks)
    rng.shuffle(order)
    towers: Towers = []
    for block in order:
        if not towers or rng.random() < 1 / (len(towers) + 1):
            towers.append([block])
        else:
            rng.choice(towers).append(block)
    return towers


def layout_atoms(towers: Towers) -> list[str]:
    atoms = []
    for tower in towers:
        atoms.append(atom("on-table", tower[0]))
        atoms += [atom("on", upper, lower) for lower, upper in zip(tower, tower[1:])]
        atoms.append(atom("clear", tower[-1]))
    return sorted(atoms)


def goal_atoms(towers: Towers) -> list[str]:
    """The stacking relations, as is usual for blocksworld goals; all blocks on
    the table when there are none."""
    on = [a for a in layout_atoms(towers) if a.startswith("(on ")]
    return on or [a for a in layout_atoms(towers) if a.startswith("(on-table")]


def generate(rng: random.Random, size: int) -> str:
    """Random start and goal layouts with an empty hand; every goal layout is
    reachable, and one that already holds is redrawn."""
    blocks = [f"b{i}" for i in range(1, pick(rng, size, BANDS)["blocks"] + 1)]
    init = layout_atoms(random_towers(rng, blocks))
    goal = goal_atoms(random_towers(rng, blocks))
    while set(goal) <= set(init):
        goal = goal_atoms(random_towers(rng, blocks))
    return problem_pddl(
        f"bw-rand-{len(blocks)}", "blocksworld4", [("block", blocks)], [*init, atom("hand-empty")], goal
    )


BLOCKSWORLD4 = ClassicalDomain(
    name="blocksworld4",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
    object_text=prefixed_text({"b": "block"}),
)
