"""The sliding geom family (iVISPAR): puzzles played in 3D / 2D / text views, and the
description of a board shown as one image."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorer.families.slidegeom import policies
from scorer.families.slidegeom.departures import DEPARTURES, PAPER_CONFIGS
from scorer.families.slidegeom.describe import DESCRIBE
from scorer.families.slidegeom.episode import SlideGeomEpisode, checked_settings
from scorer.families.slidegeom.episode_metrics import slidegeom_metrics
from scorer.families.slidegeom.heatmap import write_heatmaps
from scorer.families.slidegeom.progress import write_progress_curves
from scorer.registry.family import Family, Mode

if TYPE_CHECKING:
    from data_build.spec import ConfigSpec


def _configs() -> Sequence[ConfigSpec]:
    from scorer.families.slidegeom import ivispar_import
    from scorer.families.slidegeom.configs import acp, describe, episodes

    return (episodes.SPEC, describe.SPEC, acp.SPEC, ivispar_import.SPEC, ivispar_import.DESCRIBE_SPEC)


FAMILY = Family(
    name="slidegeom",
    summary="Sliding geom puzzles on a square board, A* optimal paths, board descriptions (iVISPAR).",
    domains=("slidegeom",),
    configs=_configs,
    modes=(
        Mode(
            "slidegeom",
            SlideGeomEpisode,
            policies.optimal,
            policies.random_move,
            policies.reference,
            settings_of=lambda row, settings: checked_settings(settings),
            paper_parser="iVISPAR's parse_action + Unity decodeCommand",
        ),
    ),
    task_kinds=(DESCRIBE,),
    episode_metrics=slidegeom_metrics,
    plots={"heatmap": write_heatmaps, "progress": write_progress_curves},
    departures=DEPARTURES,
    paper_configs=PAPER_CONFIGS,
)
