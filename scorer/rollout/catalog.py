"""The rows a server can start episodes from: every row of every split the data folder holds.

Test and dev are the published splits; a ``train`` split (``planarium build --split train``,
at any seed and size) is served beside them, so a trainer plays its own rows rather than the
published ones. Question rows are kept too, so a client that sends one is told it is not an
episode rather than that it does not exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from scorer.io.dataset import DatasetError, KeyRow, built_splits, load_keys

PUBLISHED_SPLITS = ("test", "dev")  # listed first in messages; any other split the folder holds follows
EPISODE_TASK = "episode"


def load_rows(root: Path) -> dict[str, KeyRow]:
    """Rows by id from every split present in ``root``; a DatasetError if none is an episode."""
    rows: dict[str, KeyRow] = {}
    for split in ordered_splits({split for splits in built_splits(root).values() for split in splits}):
        rows.update(load_keys(root, split).rows)
    if count_episode_rows(rows) == 0:
        raise DatasetError(
            f"{root} has no episode rows; build an episode config into it with: planarium build --out {root}"
        )
    return rows


def split_of(row_id: str) -> str:
    return row_id.split("/")[-2]  # ids are CONFIG/SPLIT/NUMBER (the data contract)


def ordered_splits(splits: Iterable[str]) -> list[str]:
    """The published splits first, then the others by name (so messages read the same every run)."""
    held = set(splits)
    return [split for split in PUBLISHED_SPLITS if split in held] + sorted(held - set(PUBLISHED_SPLITS))


def count_episode_rows(rows: Mapping[str, KeyRow]) -> int:
    return sum(1 for row in rows.values() if row.task == EPISODE_TASK)
