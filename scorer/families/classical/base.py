"""What a classical (text-only) domain provides: PDDL, a seeded generator, words.

Everything else (applicable actions, effects, reachability, landmarks, optimal costs)
comes from the PDDL through ``scorer.pddl``. A domain is mostly data: the PDDL text,
one sentence template per predicate and per action schema, and a generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


def _same(name: str) -> str:
    return name


@dataclass(frozen=True)
class ClassicalDomain:
    """A PDDL domain with its generator and natural-language templates.

    Templates use ``{0}``, ``{1}``, ... for the arguments in PDDL order, each argument
    first passed through ``object_text`` (e.g. ``"l1"`` -> ``"location l1"``).
    """

    name: str  # as used in configs and ids, e.g. "ferry"
    description: str  # what the domain is, in words: the first part of every prompt's context
    domain_pddl: str
    atom_templates: Mapping[str, str]  # predicate -> "the car {0} is at {1}"
    action_templates: Mapping[str, str]  # action schema -> "sail from {0} to {1}"
    # (rng, size) -> problem PDDL text; size 0 small (state space enumerable), 1 medium, 2 large
    generate: Callable[[random.Random, int], str]
    object_text: Callable[[str], str] = field(default=_same)
    # The largest size whose problems a build may hand to a planner (plans from the initial
    # state): above it a planner call ran to its memory bound for minutes, so those problems'
    # questions come from bounded search alone (none where it finds no plan).
    planner_max_size: int = 2

    def atom_text(self, atom: str) -> str:
        predicate, *args = atom.strip("()").split()
        return self.atom_templates[predicate].format(*(self.object_text(a) for a in args))

    def action_text(self, action: str) -> str:
        schema, *args = action.strip("()").split()
        return self.action_templates[schema].format(*(self.object_text(a) for a in args))
