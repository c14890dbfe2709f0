"""Gripper: robots with two grippers each carry balls between rooms."""

from __future__ import annotations

import random

from ._gen import atom, pick, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain gripper)
  (:requirements :strips :typing :equality)
  (:types robot room ball gripper)
  (:predicates
    (robot-at ?r - robot ?x - room)
    (ball-at ?b - ball ?x - room)
    (belongs ?g - gripper ?r - robot)
    (free ?r - robot ?g - gripper)
    (carry ?r - robot ?b - ball ?g - gripper))
  ; moving to the room the robot is already in would change nothing
  (:action move
    :parameters (?r - robot ?from - room ?to - room)
    :precondition (and (robot-at ?r ?from) (not (= ?from ?to)))
    :effect (and (robot-at ?r ?to) (not (robot-at ?r ?from))))
  ; belongs is static, so the grounder drops actions using another robot's gripper
  (:action pick
    :parameters (?r - robot ?b - ball ?x - room ?g - gripper)
    :precondition (and (robot-at ?r ?x) (ball-at ?b ?x) (free ?r ?g) (belongs ?g ?r))
    :effect (and (carry ?r ?b ?g) (not (ball-at ?b ?x)) (not (free ?r ?g))))
  (:action drop
    :parameters (?r - robot ?b - ball ?x - room ?g - gripper)
    :precondition (and (robot-at ?r ?x) (carry ?r ?b ?g) (belongs ?g ?r))
    :effect (and (ball-at ?b ?x) (free ?r ?g) (not (carry ?r ?b ?g)))))
"""

DESCRIPTION = (
    "This is a gripper domain. Robots move balls between rooms; a robot can move directly from "
    "any room to any other room. Each robot has two grippers, a left one and a right one (robot1 "
    "has left1 and right1, and so on), and each gripper holds at most one ball. A robot can pick "
    "up a ball that is in the same room with one of its free grippers, and drop a ball it carries "
    "in the room where it is, which frees that gripper."
)

ATOM_TEMPLATES = {
    "robot-at": "{0} is in {1}",
    "ball-at": "{0} is in {1}",
    "belongs": "gripper {0} belongs to {1}",
    "free": "gripper {1} of {0} is free",
    "carry": "{0} is carrying {1} in gripper {2}",
}

ACTION_TEMPLATES = {
    "move": "move {0} from {1} to {2}",
    "pick": "have {0} pick up {1} in {2} with gripper {3}",
    "drop": "have {0} drop {1} in {2} from gripper {3}",
}

# size 0: at most 3 * (3^5 + 10 * 3^4 + 20 * 3^3) = 4,779 states (room, gripper per ball)
BANDS = [
    {"robots": [1], "rooms": [2, 3], "balls": [3, 4, 5]},
    {"robots": [1], "rooms": [3, 4, 5], "balls": [5, 6, 8, 10]},
    {"robots": [1, 2], "rooms": [5, 7, 10], "balls": [12, 16, 20]},
]


def generate(rng: random.Random, size: int) -> str:
    """Robots with free grippers and balls in random rooms; every ball gets a
    random destination room, so any instance is solvable."""
    params = pick(rng, size, BANDS)
    robots = [f"robot{i}" for i in range(1, params["robots"] + 1)]
    rooms = [f"room{i}" for i in range(1, params["rooms"] + 1)]
    balls = [f"ball{i}" for i in range(1, params["balls"] + 1)]
    hands = {robot: [f"left{i}", f"right{i}"] for i, robot in enumerate(robots, start=1)}
    start = {ball: rng.choice(rooms) for ball in balls}
    goal = {ball: rng.choice(rooms) for ball in balls}
    if start == goal:  # a goal that already holds would ask nothing
        goal[balls[0]] = next(room for room in rooms if room != start[balls[0]])
    init = [atom("robot-at", robot, rng.choice(rooms)) for robot in robots]
    init += [atom("belongs", g, robot) for robot in robots for g in hands[robot]]
    init += [atom("free", robot, g) for robot in robots for g in hands[robot]]
    init += [atom("ball-at", ball, start[ball]) for ball in balls]
    return problem_pddl(
        f"gripper-{len(robots)}-{len(rooms)}-{len(balls)}",
        "gripper",
        [("robot", robots), ("room", rooms), ("ball", balls), ("gripper", [g for r in robots for g in hands[r]])],
        init,
        [atom("ball-at", ball, goal[ball]) for ball in balls],
    )


GRIPPER = ClassicalDomain(
    name="gripper",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
)
