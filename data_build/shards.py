"""Write a config's split as deterministic Parquet shards in the HF dataset layout."""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.parquet as pq

from scorer.io import atomic
from scorer.io.dataset import sha256_file  # noqa: F401  (build and the importers hash shards through here)

if TYPE_CHECKING:  # an annotation: the importers' modules are imported without datasets
    from datasets import Features

MAX_SHARD_BYTES = 256 * 2**20
ROWS_PER_ROW_GROUP = 100  # small groups keep the Hub viewer and random access fast


def shard_paths(out_dir: Path, config: str, split: str, n_shards: int) -> list[Path]:
    folder = out_dir / "data" / config
    return [folder / f"{split}-{i:05d}-of-{n_shards:05d}.parquet" for i in range(n_shards)]


def write_split(rows: list[dict[str, Any]], features: Features, out_dir: Path, config: str, split: str) -> int:
    """Write ``rows`` (already in id order) as contiguous shards; return the split's Arrow size in bytes."""
    table = pa.Table.from_pylist(rows, schema=features.arrow_schema)
    n_shards = max(1, math.ceil(table.nbytes / MAX_SHARD_BYTES))
    paths = shard_paths(out_dir, config, split, n_shards)
    rows_per_shard = math.ceil(table.num_rows / n_shards)
    for index, path in enumerate(paths):
        shard = table.slice(index * rows_per_shard, rows_per_shard)
        atomic.write_with(path, partial(_write_table, shard))
    # Stale shards go only once the new ones are in place: a killed build leaves whole files,
    # and checksums.json (written last) tells a reader whether they belong together.
    for stale in set(paths[0].parent.glob(f"{split}-*.parquet")) - set(paths):
        stale.unlink()
    return table.nbytes


def write_rows(rows: list[dict[str, Any]], features: Features, path: Path) -> int:
    """``rows`` as one shard at ``path`` (written whole or not at all); its Arrow size in bytes."""
    table = pa.Table.from_pylist(rows, schema=features.arrow_schema)
    atomic.write_with(path, partial(_write_table, table))
    return table.nbytes


def _write_table(table: pa.Table, path: Path) -> None:
    # Images are already-compressed PNG: no codec, no dictionary, as `datasets` does.
    compression = {name: ("none" if name == "images" else "zstd") for name in table.column_names}
    pq.write_table(
        table,
        path,
        row_group_size=ROWS_PER_ROW_GROUP,
        compression=compression,
        use_dictionary=[n for n in table.column_names if n != "images"],
        write_page_index=True,
        write_statistics=False,
    )
