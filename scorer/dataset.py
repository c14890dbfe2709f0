"""Read a built dataset for scoring: verify checksums, load keys (never images)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.suggest import unknown

CHECKSUMS = "checksums.json"
KEY_COLUMNS = ["id", "domain", "task", "difficulty", "domain_pddl", "problem_pddl", "answer_key", "meta"]


class DatasetError(Exception):
    """A whole-dataset problem; the message is one line that says what to do."""


@dataclass(frozen=True)
class KeyRow:
    id: str
    config: str
    domain: str
    task: str
    difficulty: str
    domain_pddl: str
    problem_pddl: str
    answer_key: dict[str, Any]
    meta: dict[str, Any]


@dataclass(frozen=True)
class KeyedDataset:
    root: Path
    rows: dict[str, KeyRow]  # id -> row, in shard order
    checksums: dict[str, str]

    def configs(self) -> list[str]:
        return sorted({row.config for row in self.rows.values()})


def load_keys(root: Path, split: str = "test", configs: set[str] | None = None) -> KeyedDataset:
    """Every row of ``split`` (in the chosen configs), after verifying shard checksums."""
    import pyarrow.parquet as pq  # here: `score` checks its arguments before paying for pyarrow

    checksums = read_checksums(root)
    check_selection(root, split, configs)
    rows: dict[str, KeyRow] = {}
    for relative in sorted(checksums):
        config, shard_name = Path(relative).parts[-2:]
        if not shard_name.startswith(f"{split}-") or (configs and config not in configs):
            continue
        _verify(root / relative, checksums[relative])
        for record in pq.read_table(root / relative, columns=KEY_COLUMNS).to_pylist():
            rows[record["id"]] = _key_row(record, config)
    if not rows:
        raise DatasetError(f"no {split} rows in {root}; build them with: planarium build --out {root}")
    return KeyedDataset(root, rows, checksums)


def built_splits(root: Path) -> dict[str, set[str]]:
    """config -> the splits ``checksums.json`` lists shards of."""
    found: dict[str, set[str]] = {}
    for relative in read_checksums(root):
        config, shard_name = Path(relative).parts[-2:]
        found.setdefault(config, set()).add(shard_name.split("-", 1)[0])
    return found


def check_selection(root: Path, split: str, configs: set[str] | None = None) -> None:
    """A DatasetError with a did-you-mean hint for a config or split the folder does not hold
    (cheap: reads checksums.json only)."""
    built = built_splits(root)
    for config in sorted(configs or ()):
        if config not in built:
            raise DatasetError(f"{unknown('config', config, built)} (in {root})")
    splits = {s for name, names in built.items() if not configs or name in configs for s in names}
    if split not in splits:
        raise DatasetError(f"{unknown('split', split, splits)} (in {root})")


def read_checksums(root: Path) -> dict[str, str]:
    if not root.is_dir():
        raise DatasetError(f"data folder {root} does not exist; build it with: planarium build --out {root}")
    path = root / CHECKSUMS
    if not path.is_file():
        raise DatasetError(f"{path} is missing; rebuild the data with: planarium build --out {root}")
    return json.loads(path.read_text())


def _verify(path: Path, expected: str) -> None:
    if not path.is_file():
        raise DatasetError(f"shard {path} is listed in {CHECKSUMS} but missing; rebuild with planarium build")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != expected:
        raise DatasetError(f"shard {path} fails its checksum; rebuild it with planarium build (or re-download)")


def _key_row(record: dict[str, Any], config: str) -> KeyRow:
    return KeyRow(
        id=record["id"],
        config=config,
        domain=record["domain"],
        task=record["task"],
        difficulty=record["difficulty"],
        domain_pddl=record["domain_pddl"],
        problem_pddl=record["problem_pddl"],
        answer_key=json.loads(record["answer_key"]),
        meta=json.loads(record["meta"]),
    )
