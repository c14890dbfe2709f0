"""What a config is to the build: its name, rows builder, features and card template."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datasets import Features

from scorer.families.papers import PaperSampling, paper_sampling

SPLITS = ("test", "dev")
SIZES = ("mini", "full")


@dataclass(frozen=True)
class BuildSettings:
    size: str = "full"
    seed: int = 0
    show_progress: bool = True


Rows = dict[str, list[dict[str, Any]]]  # split -> rows in id order


@dataclass(frozen=True)
class ConfigSpec:
    name: str
    domain: str
    task: str
    summary: str  # one line for the card's table of configs
    features: Features
    card: Path  # the card section's template (string.Template, filled with card_facts)
    build: Callable[[BuildSettings], Rows]
    card_facts: Callable[[Rows], dict[str, str]] = field(default=lambda rows: {})
    papers: tuple[str, ...] = ()  # the papers it follows, by the names of scorer.families.papers
    importer: str | None = None  # the `planarium import` command that makes it from a paper's data; None: built
    license: str = "mit"  # Hugging Face license id of its rows (imported data keeps its source's license)

    @property
    def sampling(self) -> PaperSampling:
        """The sampling of the paper the config follows first (its questions' paper)."""
        return paper_sampling(self.papers[0]) if self.papers else PaperSampling(source="no paper followed")

    @property
    def imported(self) -> bool:
        """Made by `planarium import` from a paper's data, never by `planarium build`."""
        return self.importer is not None
