"""Ferry: one ferry carries cars, one at a time, between locations."""

from __future__ import annotations

import random

from ._gen import atom, pick, prefixed_text, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain ferry)
  (:requirements :strips :typing :equality)
  (:types car location)
  (:predicates
    (ferry-at ?l - location)
    (car-at ?c - car ?l - location)
    (on-board ?c - car)
    (ferry-empty))
  ; the ferry never sails from a location to itself: that move would change nothing
  (:action sail
    :parameters (?from - location ?to - location)
    :precondition (and (ferry-at ?from) (not (= ?from ?to)))
    :effect (and (ferry-at ?to) (not (ferry-at ?from))))
  (:action board
    :parameters (?c - car ?l - location)
    :precondition (and (car-at ?c ?l) (ferry-at ?l) (ferry-empty))
    :effect (and (on-board ?c) (not (car-at ?c ?l)) (not (ferry-empty))))
  (:action debark
    :parameters (?c - car ?l - location)
    :precondition (and (on-board ?c) (ferry-at ?l))
    :effect (and (car-at ?c ?l) (ferry-empty) (not (on-board ?c)))))
"""

DESCRIPTION = (
    "This is a ferry domain. Cars wait at locations and must be moved to their destination "
    "locations by a single ferry. The ferry can sail directly from any location to any other "
    "location. It holds at most one car: a car can board the ferry only when the ferry is at the "
    "car's location and has no car on board, and a car on board can debark at whichever location "
    "the ferry is at, which leaves the ferry empty again."
)

ATOM_TEMPLATES = {
    "ferry-at": "the ferry is at {0}",
    "car-at": "{0} is at {1}",
    "on-board": "{0} is on board the ferry",
    "ferry-empty": "the ferry is empty",
}

ACTION_TEMPLATES = {
    "sail": "sail the ferry from {0} to {1}",
    "board": "board {0} onto the ferry at {1}",
    "debark": "debark {0} from the ferry at {1}",
}

# size 0 keeps the reachable space small (at most 3 * (3^5 + 5 * 3^4) = 1,944 states)
BANDS = [
    {"locations": [2, 3], "cars": [3, 4, 5]},
    {"locations": [3, 4, 5], "cars": [5, 6, 8, 10]},
    {"locations": [5, 6, 8], "cars": [20, 30, 40]},
]


def generate(rng: random.Random, size: int) -> str:
    """Cars and the ferry start at random locations (ferry empty); every car
    gets a random destination, so any instance is solvable."""
    params = pick(rng, size, BANDS)
    locations = [f"l{i}" for i in range(params["locations"])]
    cars = [f"c{i}" for i in range(params["cars"])]
    start = {car: rng.choice(locations) for car in cars}
    goal = {car: rng.choice(locations) for car in cars}
    if start == goal:  # a goal that already holds would ask nothing
        goal[cars[0]] = next(loc for loc in locations if loc != start[cars[0]])
    init = [atom("ferry-at", rng.choice(locations)), atom("ferry-empty")]
    init += [atom("car-at", car, start[car]) for car in cars]
    return problem_pddl(
        f"ferry-l{len(locations)}-c{len(cars)}",
        "ferry",
        [("car", cars), ("location", locations)],
        init,
        [atom("car-at", car, goal[car]) for car in cars],
    )


FERRY = ClassicalDomain(
    name="ferry",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
    object_text=prefixed_text({"c": "car", "l": "location"}),
)
