"""Configs ``<domain>-acp``: the eight ACP questions about states shown as images.

One generic adapter (``VisualAcpDomain``) turns a visual domain into an ACP
config: its problems per split and difficulty, and the words and images of
its states (``DomainWords`` with ``state_image``). Everything else (states
on plans, keys, validators, prompts) is the code of the text-only ACP configs,
so the answers are judged exactly as there. A family that offers ACP questions
declares one adapter and lists ``visual_spec(adapter)`` among its configs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from data_build.acp_rows import AcpProblem, Asked, Shots, acp_features, ask, build_budget, count_table, make_rows
from data_build.spec import SPLITS, BuildSettings, ConfigSpec, Rows
from scorer.tasks.acp import KINDS

# split -> difficulty -> problems
ProblemsBySplit = dict[str, dict[str, list[AcpProblem]]]
# Questions of a difficulty: that many of every kind, or per kind (a dev split smaller than
# test asks only some kinds: spread_kinds).
Quota = int | dict[str, int]


@dataclass(frozen=True)
class VisualAcpDomain:
    name: str  # the config is "<name>-acp"
    summary: str
    problems: Callable[[BuildSettings], ProblemsBySplit]
    # size -> split -> difficulty -> questions (difficulties not listed are not asked)
    per_kind: dict[str, dict[str, dict[str, Quota]]]
    fewshot: Callable[[int], Shots]  # seed -> two solved examples per kind
    card: Path  # the card section's template
    papers: tuple[str, ...] = ("ACPBench Hard",)  # and the paper the domain's images follow
    fresh_check: str | None = None  # how a fresh split's problems avoid the published ones (ConfigSpec)

    @property
    def config(self) -> str:
        return f"{self.name}-acp"


def visual_spec(adapter: VisualAcpDomain) -> ConfigSpec:
    def build(settings: BuildSettings) -> Rows:
        shots = adapter.fewshot(settings.seed)
        budget = build_budget()
        problems = adapter.problems(settings)
        rows: Rows = {}
        for split in SPLITS:
            asked: list[Asked] = []
            for difficulty, quota in adapter.per_kind[settings.size][split].items():
                group = problems[split][difficulty]
                quotas = quota if isinstance(quota, dict) else {kind: quota for kind in KINDS}
                asked += ask(group, quotas, budget, planned=len(group))
            rows[split] = make_rows(adapter.config, split, asked, shots)
        return rows

    return ConfigSpec(
        name=adapter.config,
        card=adapter.card,
        domain=adapter.name,
        task="acp",
        summary=adapter.summary,
        features_of=acp_features,
        build=build,
        card_facts=lambda rows: {"count_table": count_table(rows)},
        papers=adapter.papers,
        fresh_check=adapter.fresh_check,
    )
