"""``planarium build``: configs x splits -> Parquet shards, card and checksums."""

from __future__ import annotations

import json
from pathlib import Path

from data_build.card import render_card
from data_build.registry import select
from data_build.shards import sha256_file, write_split
from data_build.spec import BuildSettings, ConfigSpec, Rows
from scorer import __version__

CHECKSUMS = "checksums.json"


def build(out_dir: Path, configs: str | None = None, settings: BuildSettings = BuildSettings()) -> dict[str, str]:
    """Build the named configs into ``out_dir``; return {relative shard path: sha256}.

    Shards of configs not named are kept and stay in checksums.json; the card
    describes the configs of this build.
    """
    specs = select(configs)
    built: dict[str, tuple[ConfigSpec, Rows]] = {}
    split_bytes: dict[tuple[str, str], int] = {}
    for spec in specs:
        rows = spec.build(settings)
        for split, split_rows in rows.items():
            split_bytes[(spec.name, split)] = write_split(split_rows, spec.features, out_dir, spec.name, split)
        built[spec.name] = (spec, rows)
    card = render_card(built, split_bytes, settings.size, settings.seed, __version__)
    (out_dir / "README.md").write_text(card)
    checksums = _checksums(out_dir)
    (out_dir / CHECKSUMS).write_text(json.dumps(checksums, indent=1, sort_keys=True) + "\n")
    return checksums


def _checksums(out_dir: Path) -> dict[str, str]:
    shards = sorted((out_dir / "data").glob("*/*.parquet"))
    return {str(path.relative_to(out_dir)): sha256_file(path) for path in shards}
