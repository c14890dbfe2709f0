"""Depot: hoists stack crates on pallets and trucks carry crates between places."""

from __future__ import annotations

import random

from ._gen import atom, pick, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain depot)
  (:requirements :strips :typing :equality)
  (:types
    place locatable - object
    depot distributor - place
    truck hoist surface - locatable
    pallet crate - surface)
  (:predicates
    (at ?x - locatable ?p - place)
    (on ?c - crate ?s - surface)
    (in ?c - crate ?t - truck)
    (lifting ?h - hoist ?c - crate)
    (available ?h - hoist)
    (clear ?s - surface))
  ; driving to where the truck already is would change nothing
  (:action drive
    :parameters (?t - truck ?from - place ?to - place)
    :precondition (and (at ?t ?from) (not (= ?from ?to)))
    :effect (and (at ?t ?to) (not (at ?t ?from))))
  ; a crate is never on itself: ?c = ?s could never apply and is kept out of the vocabulary
  (:action lift
    :parameters (?h - hoist ?c - crate ?s - surface ?p - place)
    :precondition (and (at ?h ?p) (available ?h) (at ?c ?p) (on ?c ?s) (clear ?c) (not (= ?c ?s)))
    :effect (and (lifting ?h ?c) (clear ?s)
                 (not (at ?c ?p)) (not (on ?c ?s)) (not (clear ?c)) (not (available ?h))))
  (:action drop
    :parameters (?h - hoist ?c - crate ?s - surface ?p - place)
    :precondition (and (at ?h ?p) (at ?s ?p) (clear ?s) (lifting ?h ?c) (not (= ?c ?s)))
    :effect (and (at ?c ?p) (on ?c ?s) (clear ?c) (available ?h)
                 (not (lifting ?h ?c)) (not (clear ?s))))
  (:action load
    :parameters (?h - hoist ?c - crate ?t - truck ?p - place)
    :precondition (and (at ?h ?p) (at ?t ?p) (lifting ?h ?c))
    :effect (and (in ?c ?t) (available ?h) (not (lifting ?h ?c))))
  (:action unload
    :parameters (?h - hoist ?c - crate ?t - truck ?p - place)
    :precondition (and (at ?h ?p) (at ?t ?p) (available ?h) (in ?c ?t))
    :effect (and (lifting ?h ?c) (not (in ?c ?t)) (not (available ?h)))))
"""

DESCRIPTION = (
    "This is a depot domain, which mixes stacking blocks with transporting them. Crates stand in "
    "stacks on pallets at depots and distributors; each place has one pallet and one hoist. A "
    "hoist that is free can lift the top crate of a stack at its own place, and can then drop it "
    "onto a clear pallet or clear crate at that place, or load it into a truck parked there. A "
    "free hoist can also unload a crate from a truck at its place, after which it holds that "
    "crate. Trucks drive between any two places and carry any number of crates. The goal says "
    "which crate should end up on which pallet or crate."
)

ATOM_TEMPLATES = {
    "at": "{0} is at {1}",
    "on": "{0} is on {1}",
    "in": "{0} is in {1}",
    "lifting": "{0} is lifting {1}",
    "available": "{0} is free",
    "clear": "nothing is on {0}",
}

ACTION_TEMPLATES = {
    "drive": "drive {0} from {1} to {2}",
    "lift": "use {0} to lift {1} off {2} at {3}",
    "drop": "use {0} to drop {1} onto {2} at {3}",
    "load": "use {0} to load {1} into {2} at {3}",
    "unload": "use {0} to unload {1} from {2} at {3}",
}

# size 0: two places, one truck, at most three crates (a few thousand states)
BANDS = [
    {"depots": [1], "distributors": [1, 2], "trucks": [1, 2], "crates": [3, 4]},
    {"depots": [2, 3, 4], "distributors": [2], "trucks": [2], "crates": [3, 4, 5]},
    {"depots": [4, 6, 8], "distributors": [2, 3], "trucks": [2, 3], "crates": [6, 8, 10]},
]
_GOAL_SHARE = 0.75  # chance that a crate's target support is part of the goal


def generate(rng: random.Random, size: int) -> str:
    """Crates start in random stacks and must end in other random stacks.
    Every place has a hoist and a pallet and trucks reach every place, so any
    arrangement of the crates into stacks can be built."""
    params = pick(rng, size, BANDS)
    depots = [f"depot{i}" for i in range(params["depots"])]
    distributors = [f"distributor{i}" for i in range(params["distributors"])]
    places = depots + distributors
    pallets = [f"pallet{i}" for i in range(len(places))]
    hoists = [f"hoist{i}" for i in range(len(places))]
    trucks = [f"truck{i}" for i in range(params["trucks"])]
    crates = [f"crate{i}" for i in range(params["crates"])]
    start = stacks(rng, crates, pallets)
    target = stacks(rng, crates, pallets)
    while target == start:  # some crate has to move
        target = stacks(rng, crates, pallets)
    goal = [atom("on", c, target[c]) for c in crates if rng.random() < _GOAL_SHARE]
    if all(target[c] == start[c] for c in crates if atom("on", c, target[c]) in goal):
        # a goal that already holds would ask nothing; ask for a crate that moves
        goal.append(next(atom("on", c, target[c]) for c in rng.sample(crates, len(crates)) if target[c] != start[c]))
    init = [atom("at", x, place) for place, pallet, hoist in zip(places, pallets, hoists) for x in (pallet, hoist)]
    init += [atom("available", h) for h in hoists]
    init += [atom("at", t, rng.choice(places)) for t in trucks]
    init += [atom("at", c, places[pallets.index(base_pallet(start, c))]) for c in crates]
    init += [atom("on", c, start[c]) for c in crates]
    supports = set(start.values())
    init += [atom("clear", s) for s in pallets + crates if s not in supports]
    name = f"depot-{len(depots)}-{len(distributors)}-{len(trucks)}-{len(pallets)}-{len(hoists)}-{len(crates)}"
    objects = [
        ("depot", depots),
        ("distributor", distributors),
        ("truck", trucks),
        ("pallet", pallets),
        ("hoist", hoists),
        ("crate", crates),
    ]
    return problem_pddl(name, "depot", objects, init, sorted(goal))


def stacks(rng: random.Random, crates: list[str], pallets: list[str]) -> dict[str, str]:
    """crate -> what it stands on: crates taken in random order, each put on
    top of the stack of a random pallet."""
    top = {pallet: pallet for pallet in pallets}
    below: dict[str, str] = {}
    for crate in rng.sample(crates, len(crates)):
        pallet = rng.choice(pallets)
        below[crate] = top[pallet]
        top[pallet] = crate
    return below


def base_pallet(below: dict[str, str], crate: str) -> str:
    """The pallet at the bottom of the crate's stack."""
    support = below[crate]
    while support in below:
        support = below[support]
    return support


DEPOT = ClassicalDomain(
    name="depot",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
)
