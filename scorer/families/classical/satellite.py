"""Satellite: satellites turn towards directions and take images with their instruments."""

from __future__ import annotations

import random

from ._gen import atom, pick, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain satellite)
  (:requirements :strips :typing :equality)
  (:types satellite instrument mode direction)
  (:predicates
    (on-board ?i - instrument ?s - satellite)
    (supports ?i - instrument ?m - mode)
    (calibration-target ?i - instrument ?d - direction)
    (pointing ?s - satellite ?d - direction)
    (power-avail ?s - satellite)
    (power-on ?i - instrument)
    (calibrated ?i - instrument)
    (have-image ?d - direction ?m - mode))
  ; turning towards the direction already faced would change nothing
  (:action turn-to
    :parameters (?s - satellite ?to - direction ?from - direction)
    :precondition (and (pointing ?s ?from) (not (= ?to ?from)))
    :effect (and (pointing ?s ?to) (not (pointing ?s ?from))))
  ; a satellite powers one instrument at a time, and switching on loses the calibration
  (:action switch-on
    :parameters (?i - instrument ?s - satellite)
    :precondition (and (on-board ?i ?s) (power-avail ?s))
    :effect (and (power-on ?i) (not (calibrated ?i)) (not (power-avail ?s))))
  (:action switch-off
    :parameters (?i - instrument ?s - satellite)
    :precondition (and (on-board ?i ?s) (power-on ?i))
    :effect (and (power-avail ?s) (not (power-on ?i))))
  (:action calibrate
    :parameters (?s - satellite ?i - instrument ?d - direction)
    :precondition (and (on-board ?i ?s) (calibration-target ?i ?d) (pointing ?s ?d) (power-on ?i))
    :effect (calibrated ?i))
  (:action take-image
    :parameters (?s - satellite ?d - direction ?i - instrument ?m - mode)
    :precondition (and (on-board ?i ?s) (calibrated ?i) (supports ?i ?m) (power-on ?i) (pointing ?s ?d))
    :effect (have-image ?d ?m)))
"""

DESCRIPTION = (
    "This is a satellite domain. Satellites carry instruments, and each satellite can turn to "
    "point at any direction, such as a star, a planet or a ground station. A satellite has power "
    "for only one instrument at a time: an instrument can be switched on when its satellite has "
    "power available, and switching it off frees the power again. An instrument that has just "
    "been switched on is not calibrated; it is calibrated by pointing its satellite at the "
    "instrument's calibration target while the instrument is on. A calibrated instrument that is "
    "on takes an image, in a mode it supports, of the direction its satellite points at. The goal "
    "asks for images of certain directions in certain modes, and sometimes for satellites to end "
    "up pointing at given directions."
)

ATOM_TEMPLATES = {
    "on-board": "{0} is on board {1}",
    "supports": "{0} supports the mode {1}",
    "calibration-target": "the calibration target of {0} is {1}",
    "pointing": "{0} is pointing at {1}",
    "power-avail": "{0} has power available",
    "power-on": "{0} is switched on",
    "calibrated": "{0} is calibrated",
    "have-image": "there is an image of {0} in mode {1}",
}

ACTION_TEMPLATES = {
    "turn-to": "turn {0} to point at {1} instead of {2}",
    "switch-on": "switch on {0} on board {1}",
    "switch-off": "switch off {0} on board {1}",
    "calibrate": "calibrate {1} on board {0} by pointing at {2}",
    "take-image": "with {0} pointing at {1}, take an image with {2} in mode {3}",
}

MODE_KINDS = ["image", "infrared", "spectrograph", "thermograph"]
TARGET_KINDS = ["planet", "phenomenon", "star"]
STATION_KINDS = ["groundstation", "star"]

# size 0: one instrument per satellite, two modes and three directions keep the
# images to at most 6 atoms, a few thousand states
BANDS = [
    {"satellites": [1, 2], "instruments": [1], "modes": [2], "stations": [1], "targets": [2], "observations": [2, 3]},
    {
        "satellites": [1, 2, 3], "instruments": [2, 3], "modes": [3], "stations": [2, 3],
        "targets": [4, 5], "observations": [2, 3, 4],
    },
    {
        "satellites": [4, 6, 8], "instruments": [3], "modes": [3, 4], "stations": [3, 4],
        "targets": [8, 10, 12], "observations": [8, 12, 16],
    },
]  # fmt: skip


def generate(rng: random.Random, size: int) -> str:
    """Every satellite has power and every goal image asks for a mode some
    instrument supports; since satellites can turn to any direction (the
    calibration targets included), any such goal is solvable."""
    params = pick(rng, size, BANDS)
    n_sats, n_stations = params["satellites"], params["stations"]
    modes = [f"{rng.choice(MODE_KINDS)}{i}" for i in range(params["modes"])]
    stations = [f"{rng.choice(STATION_KINDS)}{i}" for i in range(n_stations)]
    targets = [f"{rng.choice(TARGET_KINDS)}{i}" for i in range(n_stations, n_stations + params["targets"])]
    satellites = [f"satellite{i}" for i in range(n_sats)]
    instruments: list[str] = []
    init: list[str] = []
    supported: set[str] = set()
    for satellite in satellites:
        init += [atom("pointing", satellite, rng.choice(stations + targets)), atom("power-avail", satellite)]
        for _ in range(rng.randint(1, params["instruments"])):
            instruments.append(f"instrument{len(instruments)}")
            chosen = sorted(rng.sample(modes, rng.randint(1, min(2, len(modes)))))
            supported.update(chosen)
            init += instrument_atoms(rng, instruments[-1], satellite, chosen, stations)
    wanted = [(d, m) for d in targets for m in modes if m in supported]
    goal = [atom("have-image", d, m) for d, m in rng.sample(wanted, min(params["observations"], len(wanted)))]
    name = f"prob-{n_sats}-{params['instruments']}-{len(modes)}-{len(targets)}-{len(goal)}"
    goal += [atom("pointing", s, rng.choice(targets)) for s in satellites if rng.random() < 0.3]
    directions = stations + targets
    objects = [("satellite", satellites), ("instrument", instruments), ("mode", modes), ("direction", directions)]
    return problem_pddl(name, "satellite", objects, init, goal)


def instrument_atoms(
    rng: random.Random, instrument: str, satellite: str, modes: list[str], stations: list[str]
) -> list[str]:
    """An instrument on board, supporting `modes`, calibrated on a random station."""
    atoms = [atom("on-board", instrument, satellite), atom("calibration-target", instrument, rng.choice(stations))]
    return atoms + [atom("supports", instrument, m) for m in modes]


SATELLITE = ClassicalDomain(
    name="satellite",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
)
