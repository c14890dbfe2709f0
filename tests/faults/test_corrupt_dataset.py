"""Every kind of dataset file, corrupted: one line naming the file (and the field) and the fix.

Each case runs ``score --gold`` in process through the real CLI; before the integrity
work several of these were tracebacks (ArrowInvalid, JSONDecodeError, AttributeError)
or, worse, a silent exit 0 without the corrupted config.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from fault_data import SMALL_CONFIG, rewrite_checksums

from scorer.cli import main


def _shard(root: Path) -> Path:
    return root / "data" / SMALL_CONFIG / "test-00000-of-00001.parquet"


def _set_checksums(text: bytes) -> Callable[[Path], None]:
    return lambda root: (root / "checksums.json").write_bytes(text)


def _truncate_shard_keep_hash(root: Path) -> None:
    shard = _shard(root)
    shard.write_bytes(shard.read_bytes()[: shard.stat().st_size // 2])
    rewrite_checksums(root)  # a hash "fixed" to match: only Arrow can tell


def _flip_shard_bytes(root: Path) -> None:
    shard = _shard(root)
    data = bytearray(shard.read_bytes())
    data[len(data) // 2] ^= 0xFF
    shard.write_bytes(bytes(data))


def _shard_without_key_columns(root: Path) -> None:
    pq.write_table(pa.table({"id": ["x"]}), _shard(root))
    rewrite_checksums(root)


def _unreadable_answer_key(root: Path) -> None:
    table = pq.read_table(_shard(root))
    keys = pa.array(["{not json"] * table.num_rows)
    pq.write_table(table.set_column(table.column_names.index("answer_key"), "answer_key", keys), _shard(root))
    rewrite_checksums(root)


def _extra_unlisted_shard(root: Path) -> None:
    extra = root / "data" / "blocksworld-ground" / "test-00000-of-00001.parquet"
    extra.parent.mkdir(parents=True)
    extra.write_bytes(_shard(root).read_bytes())


def _listed_shard_missing(root: Path) -> None:
    _shard(root).unlink()


def _checksums_missing(root: Path) -> None:
    (root / "checksums.json").unlink()


def _one_part_key(root: Path) -> None:
    (root / "checksums.json").write_text(json.dumps({"shard.parquet": "0" * 64}))


def _bad_hash_value(root: Path) -> None:
    checksums = json.loads((root / "checksums.json").read_text())
    checksums[next(iter(checksums))] = "not-a-hash"
    (root / "checksums.json").write_text(json.dumps(checksums))


def _escaping_key(root: Path) -> None:
    (root / "checksums.json").write_text(json.dumps({"data/../../etc/test-0.parquet": "0" * 64}))


CORRUPTIONS: list[tuple[str, Callable[[Path], None], list[str]]] = [
    ("checksums not JSON", _set_checksums(b"{nope"), ["checksums.json", "not valid JSON", "planarium build"]),
    ("checksums empty", _set_checksums(b""), ["checksums.json", "not valid JSON", "planarium build"]),
    ("checksums a list", _set_checksums(b"[]"), ["checksums.json", "must be a JSON object", "planarium build"]),
    ("checksums not UTF-8", _set_checksums(b'{"\xff": 1}'), ["checksums.json", "not UTF-8", "planarium build"]),
    ("checksums huge number", _set_checksums(b'{"a": ' + b"9" * 5000 + b"}"), ["checksums.json", "not valid JSON"]),
    ("checksums key with one part", _one_part_key, ["key 'shard.parquet'", "data/<config>/<split>", "build"]),
    ("checksums key escaping", _escaping_key, ["is not a shard path", "build"]),
    ("checksums value not a hash", _bad_hash_value, ["is not a sha256", "planarium build"]),
    ("checksums missing", _checksums_missing, ["checksums.json is missing", "planarium build"]),
    (
        "shard truncated, hash updated",
        _truncate_shard_keep_hash,
        ["test-00000-of-00001.parquet", "not a readable Planarium shard", "re-download"],
    ),
    ("shard bytes flipped", _flip_shard_bytes, ["test-00000-of-00001.parquet", "fails its checksum", "re-download"]),
    ("shard without key columns", _shard_without_key_columns, ["not a readable Planarium shard", "build"]),
    ("shard answer_key not JSON", _unreadable_answer_key, ["answer_key", "slidegeom-episodes/test/", "build"]),
    (
        "shard not listed",
        _extra_unlisted_shard,
        [
            "blocksworld-ground/test-00000-of-00001.parquet",
            "not listed in checksums.json",
            "refused whole",
            "re-download",
        ],
    ),
    (
        "listed shard missing",
        _listed_shard_missing,
        ["test-00000-of-00001.parquet", "listed in checksums.json but missing", "planarium build"],
    ),
]


def score_gold(root: Path, out: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["score", "--quiet", "--gold", "--data", str(root), "--out", str(out)])
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr


@pytest.mark.parametrize("name, corrupt, words", CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_a_corrupted_dataset_file_is_one_line_naming_it(
    small_data: Path, tmp_path: Path, name: str, corrupt: Callable[[Path], None], words: list[str]
) -> None:
    assert score_gold(small_data, tmp_path / "before.json")[0] == 0  # the copy is sound until broken
    corrupt(small_data)
    exit_code, stderr = score_gold(small_data, tmp_path / "results.json")
    assert exit_code == 1
    assert "Traceback" not in stderr and len(stderr.strip().splitlines()) == 1, stderr
    for word in words:
        assert word in stderr, stderr
    assert not (tmp_path / "results.json").exists()


def test_an_unlisted_shard_of_a_config_not_asked_for_still_refuses(small_data: Path, tmp_path: Path) -> None:
    # Scoring --configs of one config must not quietly skip what the dataset holds unverified either.
    _extra_unlisted_shard(small_data)
    arguments = ["--gold", "--data", str(small_data), "--configs", SMALL_CONFIG, "--out", str(tmp_path / "r.json")]
    result = CliRunner().invoke(main, ["score", "--quiet", *arguments])
    assert result.exit_code == 1 and "not listed in checksums.json" in result.stderr


@pytest.mark.parametrize(
    "card",
    [b"---\nconfigs: [unclosed\n---\n", b"\xff\xfe not UTF-8", b"---\n- a list\n---\n"],
    ids=["bad YAML", "not UTF-8", "YAML not a mapping"],
)
def test_a_corrupted_card_stops_build_with_one_line(small_data: Path, card: bytes) -> None:
    (small_data / "README.md").write_bytes(card)
    result = CliRunner().invoke(
        main, ["build", "--configs", SMALL_CONFIG, "--size", "mini", "--quiet", "--out", str(small_data)]
    )
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "README.md is not a readable dataset card" in result.stderr and "build again" in result.stderr
