"""Read a built dataset for scoring: verify checksums, load keys (never images).

Integrity is a contract: ``checksums.json`` is checked against its schema before use,
the shards on disk must be exactly the shards it lists (an unlisted one or a missing
one refuses the whole dataset: scoring a silent subset would make results lie), and
every shard is read through ``read_shard``, which checks its hash and turns any Arrow
error into a one-line ``DatasetError``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.io.errors import PlanariumError
from scorer.io.suggest import unknown

if TYPE_CHECKING:
    import pyarrow as pa
    import pyarrow.parquet as pq

CHECKSUMS = "checksums.json"
KEY_COLUMNS = ["id", "domain", "task", "difficulty", "domain_pddl", "problem_pddl", "answer_key", "meta"]
BATCH_ROWS = 1024  # rows decoded at a time when a split is streamed
# An answer key or meta this short (e.g. {"answer": true}) is decoded once and the one dict
# shared by every row that has it: a million rows then hold two answer keys, not a million.
SHARED_JSON_CHARS = 64
SHARED_JSON_MAX = 4096  # distinct texts kept so; past that, short texts are decoded per row
# data/<config>/<split>-<i>-of-<n>.parquet, as data_build.shards names them.
# The columns that may hold a whole prompt. ``zeroshot``: Planarium's 0-shot wording where a
# config's ``prompt`` is its paper's few-shot protocol.
PROMPT_VARIANTS = ("prompt", "zeroshot", "cot", "fewshot", "pddl", "pddl_only")


def messages_column(prompt_column: str) -> str:
    """The chat twin of a prompt column (the same prompt as {role, content} messages):
    ``messages`` for ``prompt``, ``cot_messages`` for ``cot``."""
    return "messages" if prompt_column == "prompt" else f"{prompt_column}_messages"


SHARD_KEY = re.compile(r"data/[^/]+/[^/]+-[^/]*\.parquet")
SHA256_HEX = re.compile(r"[0-9a-f]{64}")


class DatasetError(PlanariumError):
    """A whole-dataset problem; the message is one line that says what to do."""


@dataclass(frozen=True, slots=True)
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
    shards = key_shards(root, split, configs)
    rows = {row.id: row for row in shards.rows()}
    if not rows:
        raise shards.no_rows()
    return KeyedDataset(root, rows, shards.checksums)


@dataclass(frozen=True)
class KeyShards:
    """The shards of one split (in the chosen configs), read a batch of rows at a time:
    config by config, in the order ``load_keys`` gives them, never all at once."""

    root: Path
    split: str
    checksums: dict[str, str]
    selected: list[str]  # shard paths relative to root, sorted (so config by config)

    def rows(self) -> Iterator[KeyRow]:
        shared: dict[str, Any] = {}
        for relative in self.selected:
            config, path = Path(relative).parts[-2], self.root / relative
            for record in read_shard_records(self.root, relative, self.checksums[relative], KEY_COLUMNS):
                yield _key_row(record, config, path, shared)

    def count(self) -> int:
        """The rows of the selected shards, from their footers (no row is read)."""
        import pyarrow.parquet as pq

        total = 0
        for relative in self.selected:
            with _arrow_errors(self.root, self.root / relative):
                total += pq.ParquetFile(self.root / relative).metadata.num_rows
        return total

    def no_rows(self) -> DatasetError:
        return DatasetError(f"no {self.split} rows in {self.root}; build them with: planarium build --out {self.root}")


def key_shards(root: Path, split: str = "test", configs: set[str] | None = None) -> KeyShards:
    """The shards ``load_keys`` reads, to stream instead (checksums.json and the selection checked)."""
    checksums = read_checksums(root)
    check_selection(root, split, configs)
    selected = [
        relative
        for relative in sorted(checksums)
        if Path(relative).parts[-1].startswith(f"{split}-")
        and not (configs and Path(relative).parts[-2] not in configs)
    ]
    return KeyShards(root, split, checksums, selected)


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
    """``checksums.json`` of ``root``, validated, and checked to list exactly the shards on disk."""
    if root.exists() and not root.is_dir():
        raise DatasetError(f"data folder {root} is a file, not a folder; give the folder that holds {CHECKSUMS}")
    if not root.is_dir():
        raise DatasetError(f"data folder {root} does not exist; build it with: planarium build --out {root}")
    path = root / CHECKSUMS
    if not path.is_file():
        raise DatasetError(f"{path} is missing; {_fix(root)}")
    checksums = parse_checksums(path)
    _check_shard_set(root, checksums)
    return checksums


def parse_checksums(path: Path) -> dict[str, str]:
    """A JSON object of ``data/<config>/<split>-*.parquet`` -> 64 lowercase hex digits (sha256)."""
    root = path.parent
    try:
        text = path.read_bytes().decode("utf-8")
        document = json.loads(text)
    except OSError as error:
        raise DatasetError(f"{path} cannot be read ({error.strerror or error}); {_fix(root)}") from None
    except UnicodeDecodeError as error:
        raise DatasetError(f"{path} is not UTF-8 (byte offset {error.start}); {_fix(root)}") from None
    except ValueError as error:  # JSONDecodeError, or a number too long to convert
        raise DatasetError(f"{path} is not valid JSON ({error}); {_fix(root)}") from None
    except RecursionError:
        raise DatasetError(f"{path} is not valid JSON (nested too deeply); {_fix(root)}") from None
    if not isinstance(document, dict):
        raise DatasetError(
            f"{path} must be a JSON object of shard path -> sha256, got a JSON {type(document).__name__}; {_fix(root)}"
        )
    for key, value in document.items():
        if not SHARD_KEY.fullmatch(key) or ".." in key.split("/"):
            raise DatasetError(
                f"{path}: key {key[:80]!r} is not a shard path data/<config>/<split>-*.parquet; {_fix(root)}"
            )
        if not isinstance(value, str) or not SHA256_HEX.fullmatch(value):
            raise DatasetError(f"{path}: the value of {key!r} is not a sha256 (64 lowercase hex digits); {_fix(root)}")
    return document


def read_shard(root: Path, relative: str, expected_sha256: str, columns: list[str] | None = None) -> pa.Table:
    """The one way a shard is read: its hash is checked first, and any Arrow error becomes a DatasetError."""
    _check_hash(root, relative, expected_sha256)
    import pyarrow.parquet as pq  # here: `score` checks its arguments before paying for pyarrow

    with _arrow_errors(root, root / relative):
        return _checked_file(pq.ParquetFile(root / relative), columns).read(columns=columns)


def read_shard_records(
    root: Path, relative: str, expected_sha256: str, columns: list[str] | None = None
) -> Iterator[dict[str, Any]]:
    """``read_shard``'s rows as dicts, BATCH_ROWS at a time: a shard is never held whole."""
    _check_hash(root, relative, expected_sha256)
    import pyarrow.parquet as pq

    with _arrow_errors(root, root / relative):
        shard = _checked_file(pq.ParquetFile(root / relative), columns)
        for batch in shard.iter_batches(batch_size=BATCH_ROWS, columns=columns):
            yield from batch.to_pylist()


def _checked_file(shard: pq.ParquetFile, columns: list[str] | None) -> pq.ParquetFile:
    """``shard`` once it holds every column asked for: ParquetFile's reads would leave a
    missing one out silently. (ParquetFile rather than read_table: read_table goes through
    pyarrow.dataset, which imports pandas, 0.4 CPU s of a command's start.)"""
    absent = [name for name in columns or () if name not in shard.schema_arrow.names]
    if absent:
        raise ValueError(f"no column {absent[0]!r}")
    return shard


def _check_hash(root: Path, relative: str, expected_sha256: str) -> None:
    path = root / relative
    try:
        digest = sha256_file(path)
    except FileNotFoundError:
        raise DatasetError(f"shard {path} is listed in {CHECKSUMS} but missing; {_fix(root)}") from None
    except OSError as error:
        raise DatasetError(f"shard {path} cannot be read ({error.strerror or error}); {_fix(root)}") from None
    if digest != expected_sha256:
        raise DatasetError(f"shard {path} fails its checksum; {_fix(root)}")


@contextmanager
def _arrow_errors(root: Path, path: Path) -> Iterator[None]:
    import pyarrow as pa

    try:
        yield
    except (pa.ArrowException, OSError, ValueError, KeyError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise DatasetError(
            f"shard {path} matches its checksum but is not a readable Planarium shard ({reason}); {_fix(root)}"
        ) from None


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(2**20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _check_shard_set(root: Path, checksums: dict[str, str]) -> None:
    on_disk = {path.relative_to(root).as_posix() for path in (root / "data").glob("*/*.parquet")}
    unlisted = sorted(on_disk - set(checksums))
    if unlisted:
        raise DatasetError(
            f"shard {root / unlisted[0]} is not listed in {CHECKSUMS} "
            f"({len(unlisted)} unlisted shard(s)); the dataset is refused whole; {_fix(root)}"
        )
    missing = sorted(set(checksums) - on_disk)
    if missing:
        raise DatasetError(
            f"shard {root / missing[0]} is listed in {CHECKSUMS} but missing "
            f"({len(missing)} missing shard(s)); {_fix(root)}"
        )


def _fix(root: Path) -> str:
    return f"rebuild with: planarium build --out {root} (or re-download the dataset)"


def _key_row(record: dict[str, Any], config: str, shard: Path, shared: dict[str, Any]) -> KeyRow:
    try:
        return KeyRow(
            id=record["id"],
            config=config,
            domain=record["domain"],
            task=record["task"],
            difficulty=record["difficulty"],
            domain_pddl=record["domain_pddl"],
            problem_pddl=record["problem_pddl"],
            answer_key=_decoded(record["answer_key"], shared),
            meta=_decoded(record["meta"], shared),
        )
    except (TypeError, ValueError, RecursionError) as error:
        raise DatasetError(
            f"shard {shard}: row {str(record.get('id'))[:80]!r} has an unreadable answer_key or "
            f"meta ({type(error).__name__}); {_fix(shard.parents[2])}"
        ) from None


def _decoded(text: str, shared: dict[str, Any]) -> Any:
    """``json.loads(text)``; a short text's value is decoded once and shared (SHARED_JSON_CHARS)."""
    if len(text) > SHARED_JSON_CHARS:
        return json.loads(text)
    value = shared.get(text)
    if value is None:
        value = json.loads(text)
        if len(shared) < SHARED_JSON_MAX:
            shared[text] = value
    return value
