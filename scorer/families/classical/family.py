"""The classical family: 13 text-only PDDL domains written here, asked ACPBench Hard's
eight generative questions; and ACPBench Hard's own questions, imported."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorer.families.classical import CLASSICAL_DOMAINS
from scorer.families.classical.departures import DEPARTURES, PAPER_CONFIGS
from scorer.registry.family import Family

if TYPE_CHECKING:
    from data_build.spec import ConfigSpec


def _configs() -> Sequence[ConfigSpec]:
    from scorer.families.classical import acpbench_import, config_acp_hard

    return (config_acp_hard.SPEC, acpbench_import.SPEC)


FAMILY = Family(
    name="classical",
    summary="ACPBench Hard's eight generative questions over 13 classical PDDL domains, judged by validators.",
    domains=tuple(sorted(CLASSICAL_DOMAINS)),
    configs=_configs,
    departures=DEPARTURES,
    paper_configs=PAPER_CONFIGS,
)
