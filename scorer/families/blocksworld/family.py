"""The blocksworld family (ViPlan-BW): yes/no grounding questions, closed-loop episodes
in ViPlan's planner and grounder modes, and ACPBench Hard's questions about its states."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorer.episodes.viplan_modes import viplan_modes
from scorer.families.blocksworld.departures import DEPARTURES, PAPER_CONFIGS
from scorer.families.blocksworld.viplan_runs import VIPLAN_RUNS
from scorer.families.blocksworld.world import BlocksWorld
from scorer.registry.family import Family
from scorer.report.compounding import write_compounding_curves

if TYPE_CHECKING:
    from data_build.spec import ConfigSpec


def _configs() -> Sequence[ConfigSpec]:
    from scorer.families.blocksworld import viplan_import
    from scorer.families.blocksworld.configs import acp, episodes, ground, ground_views

    return (ground.SPEC, ground_views.SPEC, episodes.SPEC, acp.SPEC, viplan_import.SPEC)


FAMILY = Family(
    name="blocksworld",
    summary="Coloured blocks in labelled columns, shown as 3D-looking images (ViPlan-BW).",
    domains=("blocksworld",),
    configs=_configs,
    modes=viplan_modes(BlocksWorld),
    plots={"compounding-errors": write_compounding_curves},  # ViPlan, figure 16: the grounder's answers
    departures=DEPARTURES,
    paper_configs=PAPER_CONFIGS,
    viplan_runs=VIPLAN_RUNS,
)
