"""What the conformance suite runs over, read from the registry (never a hand list)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from recording_client import Play

from scorer.registry import configs, families, family_of

EXTERNAL = Path(__file__).resolve().parents[3] / "shared" / "external"  # the papers' published data
PLAYED_ROWS = 3  # per config and mode: the first test rows, enough to see each end of a short episode


@dataclass(frozen=True)
class EpisodeMode:
    config: str
    mode: str

    def __str__(self) -> str:
        return f"{self.config}:{self.mode}"


def built_configs() -> list[str]:
    return [name for name, spec in configs().items() if not spec.imported]


def episode_modes() -> list[EpisodeMode]:
    """Built episodic configs, and imported ones whose paper files the tests can import."""
    return [
        EpisodeMode(name, mode.name)
        for name, spec in configs().items()
        if spec.task == "episode" and (not spec.imported or spec.external is not None)
        for mode in family_of(spec.domain).modes
    ]


def declared_domains() -> list[str]:
    return [domain for family in families().values() for domain in family.domains]


PlayFn = Callable[[EpisodeMode, str], list[Play]]  # the ``plays`` fixture: (case, agent) -> the plays
