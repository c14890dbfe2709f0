"""The collision scene in PDDL: where the car and the person can go, not when.

The car drives one cell at a time along its row in its direction (``drive``), the
person walks along their column (``walk``); entering a cell marks it visited. The goal
is that each has visited the goal cell, so a shortest plan has as many steps as the two
distances together. Times (distance / speed) are the question's arithmetic, outside
PDDL. Cell objects are ``r<row>c<column>``, 1-based.
"""

from __future__ import annotations

from scorer.families.vsp.collision import CAR_STEPS, PERSON_STEPS, SIZE, Cell, Mover, Scene
from scorer.pddl import problem_text

DOMAIN_NAME = "collision"

DOMAIN_PDDL = """;; VSP's collision scene: a car drives along its row and a person walks along their
;; column, one cell per step, each in its own direction, towards the goal cell.
(define (domain collision)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates
    (car-at ?c - cell)
    (person-at ?c - cell)
    (car-ahead ?from - cell ?to - cell)
    (person-ahead ?from - cell ?to - cell)
    (car-visited ?c - cell)
    (person-visited ?c - cell))
  (:action drive
    :parameters (?from - cell ?to - cell)
    :precondition (and (car-at ?from) (car-ahead ?from ?to))
    :effect (and (car-at ?to) (not (car-at ?from)) (car-visited ?to)))
  (:action walk
    :parameters (?from - cell ?to - cell)
    :precondition (and (person-at ?from) (person-ahead ?from ?to))
    :effect (and (person-at ?to) (not (person-at ?from)) (person-visited ?to))))
"""


def domain_pddl() -> str:
    return DOMAIN_PDDL


def cell_object(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _line(mover: Mover, step: Cell) -> list[Cell]:
    """The cells of the mover's row or column, in the order it travels them."""
    r, c = mover.cell
    cells = [(r, k) for k in range(SIZE)] if step[0] == 0 else [(k, c) for k in range(SIZE)]
    return cells if step[0] + step[1] > 0 else cells[::-1]


def problem_pddl(name: str, scene: Scene) -> str:
    car_line = _line(scene.car, CAR_STEPS[scene.car.direction])
    person_line = _line(scene.person, PERSON_STEPS[scene.person.direction])
    cells = sorted(set(car_line) | set(person_line))
    init = [f"(car-at {cell_object(scene.car.cell)})", f"(person-at {cell_object(scene.person.cell)})"]
    for who, line in (("car", car_line), ("person", person_line)):
        init += [f"({who}-ahead {cell_object(a)} {cell_object(b)})" for a, b in zip(line, line[1:])]
    goal = cell_object(scene.goal)
    objects = [("cell", [cell_object(c) for c in cells])]
    return problem_text(name, DOMAIN_NAME, objects, init, [f"(car-visited {goal})", f"(person-visited {goal})"])
