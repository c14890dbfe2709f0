"""The rows a server can start episodes from: every row of the test and dev splits.

Question rows are kept too, so a client that sends one is told it is not an episode
rather than that it does not exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from scorer.dataset import DatasetError, KeyRow, load_keys, read_checksums

SPLITS = ("test", "dev")
EPISODE_TASK = "episode"


def load_rows(root: Path) -> dict[str, KeyRow]:
    """Rows by id from every split present in ``root``; a DatasetError if none is an episode."""
    checksums = read_checksums(root)
    rows: dict[str, KeyRow] = {}
    for split in SPLITS:
        # load_keys raises on a split with no shards; a dataset without dev rows is still servable.
        if any(Path(relative).name.startswith(f"{split}-") for relative in checksums):
            rows.update(load_keys(root, split).rows)
    if count_episode_rows(rows) == 0:
        raise DatasetError(
            f"{root} has no episode rows; build an episode config into it with: planarium build --out {root}"
        )
    return rows


def count_episode_rows(rows: Mapping[str, KeyRow]) -> int:
    return sum(1 for row in rows.values() if row.task == EPISODE_TASK)
