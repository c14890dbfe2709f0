"""What a config is to the build: its name, rows builder, features and card template."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.executors import Executor, in_process
from scorer.registry.papers import PaperSampling, paper_sampling

if TYPE_CHECKING:  # an annotation only: `planarium configs` and the catalog import this module without datasets
    from datasets import Features

SPLITS = ("test", "dev")
SIZES = ("mini", "full")  # the published sizes; any other size is a number of test rows
IMPORTED = "imported"  # the size an imported config's card records
PUBLISHED_SEED = 0  # the seed of the published splits, which a fresh split must not share a problem with
MAX_ROWS = 1_000_000
DEV_SHARE = 5  # a size-N build has N test rows and N / DEV_SHARE dev rows (at least one)


def check_size(text: str) -> str:
    """``mini``, ``full`` or a positive number of test rows, else a ValueError saying so."""
    if text in SIZES or (text.isdigit() and 1 <= int(text) <= MAX_ROWS):
        return str(int(text)) if text.isdigit() else text
    raise ValueError(f"--size {text!r}: expected mini, full or a number of test rows from 1 to {MAX_ROWS:,}")


@dataclass(frozen=True)
class BuildSettings:
    size: str = "full"  # "mini", "full" or a number of test rows (check_size)
    seed: int = 0
    show_progress: bool = True
    # Where the per-row work runs; not part of what is built (results are the same on every executor).
    executor: Executor = field(default_factory=in_process, compare=False, repr=False)

    @property
    def published(self) -> bool:
        """The published splits themselves (seed 0 at a published size); anything else is a fresh split."""
        return self.seed == PUBLISHED_SEED and self.size in SIZES

    def rows(self, split: str) -> int:
        """Rows a size-N build asks of ``split``: N in test, N / DEV_SHARE (at least 1) in dev."""
        total = int(self.size)
        return total if split == "test" else max(1, total // DEV_SHARE)


def apportion(total: int, weights: Sequence[int]) -> list[int]:
    """``total`` split over strata in proportion to ``weights`` (largest remainders; ties to the first)."""
    whole = sum(weights)
    shares = [total * w // whole for w in weights]
    by_remainder = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % whole), i))
    for i in by_remainder[: total - sum(shares)]:
        shares[i] += 1
    return shares


Rows = dict[str, list[dict[str, Any]]]  # split -> rows in id order


@dataclass(frozen=True)
class ConfigSpec:
    name: str
    domain: str
    task: str
    summary: str  # one line for the card's table of configs
    # The row contract, made when rows are written: building it imports datasets (1 s), which
    # listing, scoring, eval and the leaderboard never need.
    features_of: Callable[[], Features]
    card: Path  # the card section's template (string.Template, filled with card_facts)
    build: Callable[[BuildSettings], Rows]
    card_facts: Callable[[Rows], dict[str, str]] = field(default=lambda rows: {})
    papers: tuple[str, ...] = ()  # the papers it follows, by the names of scorer.registry.papers
    importer: str | None = None  # the `planarium import` command that makes it from a paper's data; None: built
    # The folder of ../shared/external/ that the importer reads: the conformance suite imports
    # from it (when it is there) and plays an imported episodic config as it plays built ones.
    external: str | None = None
    license: str = "mit"  # Hugging Face license id of its rows (imported data keeps its source's license)
    # How a fresh split (another seed, or --size N) is kept apart from the published splits, for
    # the card; None: not checked.
    fresh_check: str | None = None
    any_size: bool = False  # builds --size N (N test rows); False: only the published sizes, mini and full
    # What several configs share (a problem set), made on the executor and kept in the driver
    # before the configs are built, so each config's worker inherits it instead of making it again.
    prepare: Callable[[BuildSettings], object] | None = None
    # True: its build spreads its own work over the build's executor, so it runs in the driver;
    # False: it is built whole, one config per job, beside the other such configs.
    spreads: bool = False

    @property
    def features(self) -> Features:
        return self.features_of()

    @property
    def sampling(self) -> PaperSampling:
        """The sampling of the paper the config follows first (its questions' paper)."""
        return paper_sampling(self.papers[0]) if self.papers else PaperSampling(source="no paper followed")

    @property
    def imported(self) -> bool:
        """Made by `planarium import` from a paper's data, never by `planarium build`."""
        return self.importer is not None
