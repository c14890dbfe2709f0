"""The kitchen family (AsgardBench): interactive tasks in a symbolic home drawn by us,
branching on what the agent sees, and AsgardBench's 108 tasks imported."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorer.families.kitchen import policies
from scorer.families.kitchen.departures import DEPARTURES, PAPER_CONFIGS
from scorer.families.kitchen.episode import KitchenEpisode, checked_settings
from scorer.families.kitchen.metrics import kitchen_metrics
from scorer.registry.family import Family, Mode

if TYPE_CHECKING:
    from data_build.spec import ConfigSpec


def _configs() -> Sequence[ConfigSpec]:
    from scorer.families.kitchen import asgard_import
    from scorer.families.kitchen.configs import episodes

    return (episodes.SPEC, asgard_import.SPEC)


FAMILY = Family(
    name="kitchen",
    summary="Kitchen, bathroom and living-room tasks that change with what the agent sees (AsgardBench).",
    domains=("kitchen",),
    configs=_configs,
    modes=(
        Mode(
            "kitchen",
            KitchenEpisode,
            policies.optimal,
            policies.random_action,
            policies.reference,
            settings_of=lambda row, settings: checked_settings(settings),
            paper_parser="AsgardBench's extract_action_object, extract_memories and "
            "extract_suggested_plan_sequence_raw on the whole reply",
        ),
    ),
    episode_metrics=kitchen_metrics,
    departures=DEPARTURES,
    paper_configs=PAPER_CONFIGS,
)
