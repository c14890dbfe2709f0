"""``planarium configs``: every config the families declare, what it is, and what is built.

Rows per split are read from the Parquet footers of the shards listed in the data
folder's ``checksums.json`` (no row is read), so the listing is cheap even for a full build.
The configs come from the registry's listing (``scorer.registry.listed_configs``), so no
family, planner or ``datasets`` is imported to list them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from data_build.spec import SPLITS
from scorer.registry import listed_configs
from scorer.registry.listing import ListedConfig

CHECKSUMS = "checksums.json"


@dataclass(frozen=True)
class ConfigEntry:
    name: str
    family: str
    kind: str  # "question" or "episode"
    rows: dict[str, int]  # split -> rows built in the data folder (absent: not built)
    papers: tuple[str, ...]
    command: str  # what builds or imports it


def catalog(data: Path) -> list[ConfigEntry]:
    built = built_rows(data)
    entries = [
        ConfigEntry(
            listed.name,
            listed.family,
            "episode" if listed.task == "episode" else "question",
            {split: n for (config, split), n in built.items() if config == listed.name},
            listed.papers,
            make_command(listed),
        )
        for listed in listed_configs()
    ]
    return sorted(entries, key=lambda entry: entry.name)


def make_command(spec: ListedConfig) -> str:
    if spec.importer is not None:
        return f"planarium import {spec.importer} DIR"
    return f"planarium build --configs {spec.name}"


def built_rows(data: Path) -> dict[tuple[str, str], int]:
    """(config, split) -> rows, over the shards ``checksums.json`` lists; empty when nothing is built."""
    import pyarrow.parquet as pq

    listing = data / CHECKSUMS
    if not listing.is_file():
        return {}
    counts: dict[tuple[str, str], int] = {}
    for relative in json.loads(listing.read_text()):
        config, shard = Path(relative).parts[-2:]
        split = shard.split("-", 1)[0]
        if (data / relative).is_file():
            key = (config, split)
            counts[key] = counts.get(key, 0) + pq.read_metadata(data / relative).num_rows
    return counts


def rows_cell(rows: dict[str, int]) -> str:
    """``test 9 / dev 3``, or ``not built``."""
    if not rows:
        return "not built"
    ordered = (*SPLITS, *sorted(set(rows) - set(SPLITS)))
    return " / ".join(f"{split} {rows[split]}" for split in ordered if split in rows)
