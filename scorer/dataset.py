"""Read a built dataset for scoring: verify checksums, load keys (never images)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

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
    checksums = read_checksums(root)
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
