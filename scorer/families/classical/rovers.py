"""Rovers: planetary rovers sample soil and rock, photograph objectives and
send the data to a lander."""

from __future__ import annotations

import random

from ._gen import atom, pick, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain rovers)
  (:requirements :strips :typing)
  (:types rover waypoint store camera mode lander objective)
  (:predicates
    (at ?r - rover ?w - waypoint)
    (lander-at ?l - lander ?w - waypoint)
    (can-traverse ?r - rover ?from - waypoint ?to - waypoint)
    (visible ?from - waypoint ?to - waypoint)
    (equipped-for-soil ?r - rover)
    (equipped-for-rock ?r - rover)
    (equipped-for-imaging ?r - rover)
    (store-of ?s - store ?r - rover)
    (empty ?s - store)
    (full ?s - store)
    (soil-sample-at ?w - waypoint)
    (rock-sample-at ?w - waypoint)
    (have-soil-analysis ?r - rover ?w - waypoint)
    (have-rock-analysis ?r - rover ?w - waypoint)
    (on-board ?c - camera ?r - rover)
    (supports ?c - camera ?m - mode)
    (calibration-target ?c - camera ?o - objective)
    (calibrated ?c - camera)
    (visible-from ?o - objective ?w - waypoint)
    (have-image ?r - rover ?o - objective ?m - mode)
    (communicated-soil-data ?w - waypoint)
    (communicated-rock-data ?w - waypoint)
    (communicated-image-data ?o - objective ?m - mode))
  (:action navigate
    :parameters (?r - rover ?from - waypoint ?to - waypoint)
    :precondition (and (at ?r ?from) (can-traverse ?r ?from ?to))
    :effect (and (at ?r ?to) (not (at ?r ?from))))
  ; a sample is used up by its analysis, and fills the rover's only store
  (:action sample-soil
    :parameters (?r - rover ?s - store ?w - waypoint)
    :precondition (and (at ?r ?w) (soil-sample-at ?w) (equipped-for-soil ?r) (store-of ?s ?r) (empty ?s))
    :effect (and (have-soil-analysis ?r ?w) (full ?s) (not (empty ?s)) (not (soil-sample-at ?w))))
  (:action sample-rock
    :parameters (?r - rover ?s - store ?w - waypoint)
    :precondition (and (at ?r ?w) (rock-sample-at ?w) (equipped-for-rock ?r) (store-of ?s ?r) (empty ?s))
    :effect (and (have-rock-analysis ?r ?w) (full ?s) (not (empty ?s)) (not (rock-sample-at ?w))))
  (:action drop
    :parameters (?r - rover ?s - store)
    :precondition (and (store-of ?s ?r) (full ?s))
    :effect (and (empty ?s) (not (full ?s))))
  (:action calibrate
    :parameters (?r - rover ?c - camera ?o - objective ?w - waypoint)
    :precondition (and (equipped-for-imaging ?r) (on-board ?c ?r) (calibration-target ?c ?o)
                       (at ?r ?w) (visible-from ?o ?w))
    :effect (calibrated ?c))
  ; taking a picture uses up the calibration
  (:action take-image
    :parameters (?r - rover ?c - camera ?o - objective ?m - mode ?w - waypoint)
    :precondition (and (equipped-for-imaging ?r) (on-board ?c ?r) (calibrated ?c) (supports ?c ?m)
                       (at ?r ?w) (visible-from ?o ?w))
    :effect (and (have-image ?r ?o ?m) (not (calibrated ?c))))
  ; data is sent from a waypoint from which the lander's waypoint is visible
  (:action communicate-soil-data
    :parameters (?r - rover ?l - lander ?p - waypoint ?x - waypoint ?y - waypoint)
    :precondition (and (at ?r ?x) (lander-at ?l ?y) (visible ?x ?y) (have-soil-analysis ?r ?p))
    :effect (communicated-soil-data ?p))
  (:action communicate-rock-data
    :parameters (?r - rover ?l - lander ?p - waypoint ?x - waypoint ?y - waypoint)
    :precondition (and (at ?r ?x) (lander-at ?l ?y) (visible ?x ?y) (have-rock-analysis ?r ?p))
    :effect (communicated-rock-data ?p))
  (:action communicate-image-data
    :parameters (?r - rover ?l - lander ?o - objective ?m - mode ?x - waypoint ?y - waypoint)
    :precondition (and (at ?r ?x) (lander-at ?l ?y) (visible ?x ?y) (have-image ?r ?o ?m))
    :effect (communicated-image-data ?o ?m)))
"""

DESCRIPTION = (
    "This is a rovers domain. Rovers explore a planet's surface, moving between waypoints; each "
    "rover can only drive along its own set of routes between waypoints. Rovers equipped for soil "
    "or rock analysis can analyse a sample lying at their waypoint, which uses up the sample and "
    "fills the rover's single store; the store must be emptied before the next sample. Rovers "
    "equipped for imaging carry cameras: a camera is calibrated by pointing it at its calibration "
    "target from a waypoint where that objective is visible, and then takes one picture, in a mode "
    "it supports, of an objective visible from the rover's waypoint, after which it needs "
    "calibrating again. A rover can send soil data, rock data or images it holds to the lander "
    "from any other waypoint from which the lander's waypoint is visible (not from the lander's "
    "own waypoint). The goal is to have "
    "certain data communicated to the lander."
)

ATOM_TEMPLATES = {
    "at": "{0} is at {1}",
    "lander-at": "lander {0} is at {1}",
    "can-traverse": "{0} can drive from {1} to {2}",
    "visible": "{1} is visible from {0}",
    "equipped-for-soil": "{0} is equipped for soil analysis",
    "equipped-for-rock": "{0} is equipped for rock analysis",
    "equipped-for-imaging": "{0} is equipped for imaging",
    "store-of": "{0} is the store of {1}",
    "empty": "{0} is empty",
    "full": "{0} is full",
    "soil-sample-at": "there is a soil sample at {0}",
    "rock-sample-at": "there is a rock sample at {0}",
    "have-soil-analysis": "{0} has analysed the soil sample of {1}",
    "have-rock-analysis": "{0} has analysed the rock sample of {1}",
    "on-board": "{0} is on board {1}",
    "supports": "{0} supports the mode {1}",
    "calibration-target": "the calibration target of {0} is {1}",
    "calibrated": "{0} is calibrated",
    "visible-from": "{0} is visible from {1}",
    "have-image": "{0} has an image of {1} in mode {2}",
    "communicated-soil-data": "the soil data of {0} has been communicated",
    "communicated-rock-data": "the rock data of {0} has been communicated",
    "communicated-image-data": "an image of {0} in mode {1} has been communicated",
}

ACTION_TEMPLATES = {
    "navigate": "drive {0} from {1} to {2}",
    "sample-soil": "use {0} to analyse the soil sample at {2}, filling {1}",
    "sample-rock": "use {0} to analyse the rock sample at {2}, filling {1}",
    "drop": "empty {1} of {0}",
    "calibrate": "calibrate {1} on {0} against the target {2} at {3}",
    "take-image": "with {1} on {0}, take an image of {2} in mode {3} at {4}",
    "communicate-soil-data": ("send the soil data of {2} from {0} at {3} to lander {1} at {4}"),
    "communicate-rock-data": ("send the rock data of {2} from {0} at {3} to lander {1} at {4}"),
    "communicate-image-data": ("send the image of {2} in mode {3} from {0} at {4} to lander {1} at {5}"),
}

MODES = ["colour", "high-res", "low-res"]

# size 0 stays in the low thousands of states: one or two rovers, three waypoints,
# one objective, one soil and one rock sample
BANDS = [
    {"rovers": [1, 2], "waypoints": [3], "objectives": [1], "cameras": [1], "samples": [1], "goals": [2, 3]},
    {
        "rovers": [2], "waypoints": [3, 4, 5, 6], "objectives": [2, 3], "cameras": [2, 3],
        "samples": [2, 3], "goals": [3, 4, 5],
    },
    {
        "rovers": [3, 4], "waypoints": [8, 10, 12], "objectives": [4, 5], "cameras": [3, 4, 5],
        "samples": [4, 6], "goals": [7, 9, 11],
    },
]  # fmt: skip
_EXTRA_VISIBLE = 0.35  # chance of a line of sight beyond the spanning tree
_EXTRA_ROUTE = 0.5  # chance that a rover may use a line of sight beyond its own spanning tree


def generate(rng: random.Random, size: int) -> str:
    """Solvable by construction: every rover's routes connect all waypoints,
    every objective is visible from somewhere, the lander's waypoint has a
    visible neighbour, and goals only ask for data some equipped rover can get."""
    params = pick(rng, size, BANDS)
    seed = rng.randrange(10_000)  # tells apart problems of equal shape, as IPC names do
    waypoints = [f"waypoint{i}" for i in range(params["waypoints"])]
    rovers = [f"rover{i}" for i in range(params["rovers"])]
    cameras = [f"camera{i}" for i in range(params["cameras"])]
    objectives = [f"objective{i}" for i in range(params["objectives"])]
    sight = spanning_edges(rng, waypoints, set(), _EXTRA_VISIBLE)
    equipped = equipment(rng, rovers)
    init = [atom("visible", a, b) for a, b in sorted(sight)]
    for i, rover in enumerate(rovers):
        init += rover_atoms(rng, rover, f"store{i}", waypoints, sight, equipped[rover])
    init.append(atom("lander-at", "general", rng.choice(waypoints)))
    images, camera_atoms = camera_setup(rng, cameras, [r for r in rovers if "imaging" in equipped[r]], objectives)
    init += camera_atoms
    for objective in objectives:
        init += [atom("visible-from", objective, w) for w in _nonempty_subset(rng, waypoints, 0.4)]
    soil = sorted(rng.sample(waypoints, min(params["samples"], len(waypoints))))
    rock = sorted(rng.sample(waypoints, min(params["samples"], len(waypoints))))
    init += [atom("soil-sample-at", w) for w in soil] + [atom("rock-sample-at", w) for w in rock]
    pool = [atom("communicated-soil-data", w) for w in soil] + [atom("communicated-rock-data", w) for w in rock]
    pool += [atom("communicated-image-data", o, m) for o in objectives for m in images]
    goal = rng.sample(pool, min(params["goals"], len(pool)))
    name = f"prob-{len(rovers)}-{len(waypoints)}-{len(objectives)}-{len(cameras)}-{len(goal)}-{seed}"
    objects = [
        ("rover", rovers),
        ("waypoint", waypoints),
        ("store", [f"store{i}" for i in range(len(rovers))]),
        ("camera", cameras),
        ("mode", MODES),
        ("lander", ["general"]),
        ("objective", objectives),
    ]
    return problem_pddl(name, "rovers", objects, init, goal)


def rover_atoms(
    rng: random.Random, rover: str, store: str, waypoints: list[str], sight: set[tuple[str, str]], skills: list[str]
) -> list[str]:
    """Where the rover starts, its empty store, its own routes and its skills."""
    routes = sorted(spanning_edges(rng, waypoints, sight, _EXTRA_ROUTE))
    atoms = [atom("at", rover, rng.choice(waypoints)), atom("store-of", store, rover), atom("empty", store)]
    atoms += [atom("can-traverse", rover, a, b) for a, b in routes]
    return atoms + [atom(f"equipped-for-{skill}", rover) for skill in skills]


def spanning_edges(
    rng: random.Random, nodes: list[str], allowed: set[tuple[str, str]], extra: float
) -> set[tuple[str, str]]:
    """Directed edges (both ways) of a random spanning tree plus extra edges,
    all taken from `allowed` (any pair when `allowed` is empty). `allowed`,
    when given, must itself connect all nodes."""
    usable = allowed or {(a, b) for a in nodes for b in nodes if a != b}
    reached = [rng.choice(nodes)]
    edges: set[tuple[str, str]] = set()
    while len(reached) < len(nodes):
        a, b = rng.choice(sorted((a, b) for a, b in usable if a in reached and b not in reached))
        reached.append(b)
        edges |= {(a, b), (b, a)}
    for a, b in sorted(usable):
        if a < b and (a, b) not in edges and rng.random() < extra:
            edges |= {(a, b), (b, a)}
    return edges


def equipment(rng: random.Random, rovers: list[str]) -> dict[str, list[str]]:
    """Each skill on a random half of the rovers, and on at least one."""
    skills: dict[str, list[str]] = {rover: [] for rover in rovers}
    for skill in ("soil", "rock", "imaging"):
        for rover in _nonempty_subset(rng, rovers, 0.5):
            skills[rover].append(skill)
    return skills


def camera_setup(
    rng: random.Random, cameras: list[str], imagers: list[str], objectives: list[str]
) -> tuple[list[str], list[str]]:
    """Cameras on imaging rovers, each supporting some modes and with a
    calibration target; returns the modes some camera supports and the atoms."""
    supported: set[str] = set()
    atoms: list[str] = []
    for camera in cameras:
        modes = _nonempty_subset(rng, MODES, 0.5)
        supported.update(modes)
        atoms.append(atom("on-board", camera, rng.choice(imagers)))
        atoms.append(atom("calibration-target", camera, rng.choice(objectives)))
        atoms += [atom("supports", camera, m) for m in modes]
    return [m for m in MODES if m in supported], atoms


def _nonempty_subset(rng: random.Random, items: list[str], chance: float) -> list[str]:
    chosen = [item for item in items if rng.random() < chance]
    return chosen or [rng.choice(items)]


ROVERS = ClassicalDomain(
    name="rovers",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
)
