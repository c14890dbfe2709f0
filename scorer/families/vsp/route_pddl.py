"""The street grid as PDDL: one ``drive`` action per block between neighbouring
crossings (every street open, both ways); the goal is to stand at G. A shortest plan
has as many steps as the blocks between S and G."""

from __future__ import annotations

from scorer.families.vsp.route import STEPS, Crossing, StreetMap
from scorer.pddl import problem_text

DOMAIN_NAME = "streetmap"

DOMAIN_PDDL = """;; VSP's street grid: walk from crossing to neighbouring crossing along a street or
;; an avenue, one block per step.
(define (domain streetmap)
  (:requirements :strips :typing)
  (:types crossing)
  (:predicates
    (at ?c - crossing)
    (block ?from - crossing ?to - crossing))
  (:action drive
    :parameters (?from - crossing ?to - crossing)
    :precondition (and (at ?from) (block ?from ?to))
    :effect (and (at ?to) (not (at ?from)))))
"""


def domain_pddl() -> str:
    return DOMAIN_PDDL


def crossing_object(crossing: Crossing) -> str:
    return f"r{crossing[0] + 1}c{crossing[1] + 1}"


def problem_pddl(name: str, street_map: StreetMap) -> str:
    crossings = [(r, c) for r in range(street_map.size) for c in range(street_map.size)]
    blocks = [
        f"(block {crossing_object(a)} {crossing_object(b)})"
        for a in crossings
        for dr, dc in STEPS.values()
        if street_map.on_grid(b := (a[0] + dr, a[1] + dc))
    ]
    init = [f"(at {crossing_object(street_map.start)})", *blocks]
    objects = [("crossing", [crossing_object(c) for c in crossings])]
    return problem_text(name, DOMAIN_NAME, objects, init, [f"(at {crossing_object(street_map.goal)})"])
