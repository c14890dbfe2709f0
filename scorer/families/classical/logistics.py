"""Logistics: trucks move packages within a city, airplanes between cities' airports."""

from __future__ import annotations

import random
import re

from ._gen import atom, pick, prefixed_text, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain logistics)
  (:requirements :strips :typing :equality)
  (:types
    city location locatable - object
    airport - location
    package vehicle - locatable
    truck airplane - vehicle)
  (:predicates
    (at ?o - locatable ?l - location)
    (in ?p - package ?v - vehicle)
    (in-city ?l - location ?c - city))
  (:action load-truck
    :parameters (?p - package ?t - truck ?l - location)
    :precondition (and (at ?t ?l) (at ?p ?l))
    :effect (and (in ?p ?t) (not (at ?p ?l))))
  (:action unload-truck
    :parameters (?p - package ?t - truck ?l - location)
    :precondition (and (at ?t ?l) (in ?p ?t))
    :effect (and (at ?p ?l) (not (in ?p ?t))))
  (:action load-airplane
    :parameters (?p - package ?a - airplane ?l - airport)
    :precondition (and (at ?a ?l) (at ?p ?l))
    :effect (and (in ?p ?a) (not (at ?p ?l))))
  (:action unload-airplane
    :parameters (?p - package ?a - airplane ?l - airport)
    :precondition (and (at ?a ?l) (in ?p ?a))
    :effect (and (at ?p ?l) (not (in ?p ?a))))
  ; moves to the same place would change nothing, so they are excluded
  (:action drive-truck
    :parameters (?t - truck ?from - location ?to - location ?c - city)
    :precondition (and (at ?t ?from) (in-city ?from ?c) (in-city ?to ?c) (not (= ?from ?to)))
    :effect (and (at ?t ?to) (not (at ?t ?from))))
  (:action fly-airplane
    :parameters (?a - airplane ?from - airport ?to - airport)
    :precondition (and (at ?a ?from) (not (= ?from ?to)))
    :effect (and (at ?a ?to) (not (at ?a ?from)))))
"""

DESCRIPTION = (
    "This is a logistics domain. There are several cities, each made of a few locations, and "
    "exactly one location in every city is an airport. Packages have to be brought from where "
    "they are to their destination locations. Each city has a truck that can drive between any "
    "two locations of that city but never leaves it; airplanes can fly between any two airports. "
    "A package can be loaded into a truck or an airplane that is at the same location as the "
    "package, and unloaded from it at the location where the vehicle is. Vehicles can carry any "
    "number of packages."
)

ATOM_TEMPLATES = {
    "at": "{0} is at {1}",
    "in": "{0} is in {1}",
    "in-city": "{0} is in {1}",
}

ACTION_TEMPLATES = {
    "load-truck": "load {0} into {1} at {2}",
    "unload-truck": "unload {0} from {1} at {2}",
    "load-airplane": "load {0} into {1} at {2}",
    "unload-airplane": "unload {0} from {1} at {2}",
    "drive-truck": "drive {0} from {1} to {2} in {3}",
    "fly-airplane": "fly {0} from {1} to {2}",
}

# size 0: at most 4 truck positions * 2 airplane positions * 7^3 package places = 2,744 states
BANDS = [
    {"cities": [2], "city_size": [2], "packages": [2, 3], "airplanes": [1]},
    {"cities": [2, 3], "city_size": [2, 3], "packages": [4, 5, 6], "airplanes": [1]},
    {"cities": [4, 5], "city_size": [3, 4, 5], "packages": [6, 8, 10], "airplanes": [1, 2]},
]

_AIRPORT = re.compile(r"^l\d+-0$")
_by_prefix = prefixed_text({"c": "city", "l": "location", "p": "package", "t": "truck", "a": "airplane"})


def object_text(name: str) -> str:
    """Location l<city>-0 is its city's airport (the generator's naming)."""
    return f"airport {name}" if _AIRPORT.match(name) else _by_prefix(name)


def generate(rng: random.Random, size: int) -> str:
    """One truck per city, airplanes at random airports, packages at random
    locations with random destinations: any instance is solvable, as every
    city has an airport and a truck."""
    params = pick(rng, size, BANDS)
    n_cities, city_size = params["cities"], params["city_size"]
    cities = [f"c{c}" for c in range(n_cities)]
    places = {city: [f"l{c}-{i}" for i in range(city_size)] for c, city in enumerate(cities)}
    airports = [places[city][0] for city in cities]
    locations = [loc for city in cities for loc in places[city]]
    trucks = [f"t{c}" for c in range(n_cities)]
    airplanes = [f"a{i}" for i in range(params["airplanes"])]
    packages = [f"p{i}" for i in range(params["packages"])]
    start = {p: rng.choice(locations) for p in packages}
    goal = {p: rng.choice(locations) for p in packages}
    if start == goal:  # a goal that already holds would ask nothing
        goal[packages[0]] = next(loc for loc in locations if loc != start[packages[0]])
    init = [atom("in-city", loc, city) for city in cities for loc in places[city]]
    init += [atom("at", truck, rng.choice(places[city])) for truck, city in zip(trucks, cities)]
    init += [atom("at", plane, rng.choice(airports)) for plane in airplanes]
    init += [atom("at", p, start[p]) for p in packages]
    name = f"logistics-c{n_cities}-s{city_size}-p{len(packages)}-a{len(airplanes)}"
    objects = [
        ("city", cities),
        ("airport", airports),
        ("location", [loc for loc in locations if loc not in airports]),
        ("truck", trucks),
        ("airplane", airplanes),
        ("package", packages),
    ]
    return problem_pddl(name, "logistics", objects, init, [atom("at", p, goal[p]) for p in packages])


LOGISTICS = ClassicalDomain(
    name="logistics",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
    object_text=object_text,
)
