"""The household family (ViPlan-HH): a partially observable home drawn from its PDDL
state; yes/no grounding questions about what the agent sees."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorer.families.base import Family

if TYPE_CHECKING:
    from data_build.spec import ConfigSpec


def _configs() -> Sequence[ConfigSpec]:
    from scorer.families.household.configs import acp, ground

    return (ground.SPEC, acp.SPEC)


FAMILY = Family(
    name="household",
    summary="A partially observable home with containers and movable objects, drawn from ViPlan-HH's PDDL.",
    domains=("household",),
    configs=_configs,
)
