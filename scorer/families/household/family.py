"""The household family (ViPlan-HH): a partially observable home drawn from its PDDL
state; yes/no grounding questions about what the agent sees, closed-loop episodes in
ViPlan's planner and grounder modes, ACPBench Hard's questions about its states, and
ViPlan's own household problems imported."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorer.episodes.viplan_modes import viplan_modes
from scorer.families.household.departures import DEPARTURES, PAPER_CONFIGS
from scorer.families.household.viplan_runs import VIPLAN_RUNS
from scorer.families.household.world import HouseholdWorld
from scorer.registry.family import Family

if TYPE_CHECKING:
    from data_build.spec import ConfigSpec


def _configs() -> Sequence[ConfigSpec]:
    from scorer.families.household import viplan_import
    from scorer.families.household.configs import acp, episodes, ground

    return (ground.SPEC, episodes.SPEC, acp.SPEC, viplan_import.SPEC)


FAMILY = Family(
    name="household",
    summary="A partially observable home with containers and movable objects, drawn from ViPlan-HH's PDDL.",
    domains=("household",),
    configs=_configs,
    modes=viplan_modes(HouseholdWorld),
    departures=DEPARTURES,
    paper_configs=PAPER_CONFIGS,
    viplan_runs=VIPLAN_RUNS,
)
