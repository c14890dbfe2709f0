"""The classical family: 13 text-only PDDL domains written here, asked ACPBench Hard's
eight generative questions; and ACPBench Hard's own questions, imported."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorer.families.classical import CLASSICAL_DOMAINS
from scorer.families.classical.departures import DEPARTURES, PAPER_CONFIGS
from scorer.registry.family import Family
from scorer.registry.listing import SHARED_ACP_FEWSHOT

if TYPE_CHECKING:
    from data_build.acp_rows import Shots
    from data_build.spec import ConfigSpec


def _fewshot(seed: int) -> Shots:
    """The grid and logistics examples every ACP config's few-shot prompt shows, lent to the
    other families (``data_build.acp_rows.shared_fewshot``); imported when first asked."""
    from scorer.families.classical.problems import fewshot_examples

    return fewshot_examples(seed)


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
    provides={SHARED_ACP_FEWSHOT: _fewshot},
)
