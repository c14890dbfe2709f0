"""The VSP family (Visual Spatial Planning): the maze and blocks-world scenarios, each
with its main task and the four perception and reasoning questions T1-T4, the collision
scenario and the routing scenario on a street grid, with VSP's prompts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorer.families.vsp.collision_answer import COLLISION
from scorer.families.vsp.departures import DEPARTURES, PAPER_CONFIGS
from scorer.families.vsp.kind import VSP
from scorer.families.vsp.route_answer import ROUTE
from scorer.registry.family import Family

if TYPE_CHECKING:
    from data_build.spec import ConfigSpec


def _configs() -> Sequence[ConfigSpec]:
    from scorer.families.vsp import vsp_import
    from scorer.families.vsp.configs import blocks_vsp, collision, maze_vsp, streetmap_route

    return (maze_vsp.SPEC, blocks_vsp.SPEC, collision.SPEC, streetmap_route.SPEC, vsp_import.SPEC)


FAMILY = Family(
    name="vsp",
    summary=(
        "Maze navigation and the blocks world (a plan, four perception/reasoning questions each),"
        " collision timing and street-grid routing (VSP)."
    ),
    domains=("maze", "blocks-table", "collision", "streetmap"),
    configs=_configs,
    task_kinds=(VSP, COLLISION, ROUTE),
    departures=DEPARTURES,
    paper_configs=PAPER_CONFIGS,
)
