"""Every built config: load_dataset round trip, card entry, gold 1 / wrong 0 on every row,
and a byte-identical rebuild (see conftest.py)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import PIL.Image
import pyarrow as pa
import pyarrow.parquet as pq
import yaml
from datasets import Features, Image, load_dataset

from data_build.build import build
from data_build.spec import SPLITS
from scorer.io.dataset import load_keys
from scorer.registry import configs
from scorer.scoring.references import reference_lines
from scorer.scoring.run import score_file
from scorer.tasks import Reason
from tests.conftest import MINI


def _shards(folder: Path, config: str) -> dict[str, list[Path]]:
    """split -> its shard files, for the splits the folder holds."""
    found = {split: sorted((folder / "data" / config).glob(f"{split}-*.parquet")) for split in SPLITS}
    return {split: paths for split, paths in found.items() if paths}


def _shard_ids(paths: list[Path]) -> list[str]:
    return [i for path in paths for i in pq.read_table(path, columns=["id"]).column("id").to_pylist()]


def _image_columns(features: Features) -> list[str]:
    """Columns holding an image or a list of images."""
    return [
        name
        for name, feature in features.items()
        if isinstance(feature, Image) or isinstance(getattr(feature, "feature", None), Image)
    ]


def _png_bytes(column: pa.ChunkedArray) -> list[bytes]:
    """The PNG bytes of an image column (an image or a list of images per row), undecoded."""
    values = column.combine_chunks()
    if pa.types.is_list(values.type):
        values = values.flatten()
    return values.field("bytes").to_pylist()


def test_load_dataset_reads_back_every_split(mini_data: Path, built_config: str) -> None:
    """Each split loads with its features and ids; the first row's images decode to pixels
    through datasets, and every image is a whole PNG (its chunks and their CRCs: Pillow's
    ``verify``, which does not inflate the pixels, most of a decode)."""
    shards = _shards(mini_data, built_config)
    assert "test" in shards, f"{built_config}: the mini build wrote no test shard"
    for split, paths in shards.items():
        rows = load_dataset(str(mini_data), name=built_config, split=split)
        assert rows.features == configs()[built_config].features, split
        assert rows["id"] == _shard_ids(paths), split
        for column in _image_columns(rows.features):
            first = rows[0][column]
            for image in first if isinstance(first, list) else [first]:
                assert image.width > 0 and image.height > 0 and image.getpixel((0, 0)) is not None, column
            for index, png in enumerate(_png_bytes(rows.with_format("arrow")[column])):
                PIL.Image.open(io.BytesIO(png)).verify()  # raises on a cut or corrupt PNG
                assert png.startswith(b"\x89PNG"), (split, column, index)


def _front_matter(card: str) -> dict[str, Any]:
    assert card.startswith("---\n"), "the card must open with YAML front matter"
    return yaml.safe_load(card.split("---\n", 2)[1])


def _entry(front: dict[str, Any], key: str, config: str) -> dict[str, Any]:
    entries = front.get(key) or []
    entries = [entries] if isinstance(entries, dict) else entries  # one config: a mapping, not a list
    matching = [e for e in entries if e.get("config_name") == config]
    assert len(matching) == 1, f"the card's {key} must list {config} once"
    return matching[0]


def test_card_has_the_yaml_entry_and_the_section(mini_data: Path, built_config: str) -> None:
    card = (mini_data / "README.md").read_text()
    front = _front_matter(card)
    shards = _shards(mini_data, built_config)
    data_files = _entry(front, "configs", built_config)["data_files"]
    assert data_files == [{"split": s, "path": f"data/{built_config}/{s}-*"} for s in shards]
    splits = {s["name"]: s["num_examples"] for s in _entry(front, "dataset_info", built_config)["splits"]}
    assert splits == {split: len(_shard_ids(paths)) for split, paths in shards.items()}
    assert f"\n## {built_config}\n" in card
    section = card.split(f"\n## {built_config}\n", 1)[1].split("\n## ", 1)[0]
    assert section.strip(), f"the card's section on {built_config} is empty"
    assert not re.search(r"\$\{?[A-Za-z_]", section), "a template field of the card section was left unfilled"
    assert configs()[built_config].sampling.describe() in section, "the card must state the paper's sampling"


def _scored_rows(run_rows: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in run_rows.read_text().splitlines()]


def test_gold_scores_1_on_every_row(mini_data: Path, tmp_path: Path, built_config: str) -> None:
    for split, paths in _shards(mini_data, built_config).items():
        run = score_file(
            None, mini_data, tmp_path / f"gold-{split}.json", split=split, gold=True, configs={built_config}
        )
        rows = _scored_rows(run.rows_path)
        assert [r["id"] for r in rows] == _shard_ids(paths), split
        assert [r["id"] for r in rows if r["score"] != 1.0] == [], split


def test_wrong_reference_scores_0_on_every_row(mini_data: Path, tmp_path: Path, built_config: str) -> None:
    for split, paths in _shards(mini_data, built_config).items():
        lines = reference_lines(load_keys(mini_data, split, {built_config}), "wrong")
        predictions = tmp_path / f"wrong-{split}.jsonl"
        predictions.write_text("".join(line + "\n" for line in lines))
        run = score_file(predictions, mini_data, tmp_path / f"wrong-{split}.json", split=split, configs={built_config})
        rows = _scored_rows(run.rows_path)
        assert not run.problems and [r["id"] for r in rows] == _shard_ids(paths), split
        assert [r["id"] for r in rows if r["score"] != 0.0 or r["reason"] == Reason.MISSING] == [], split


def test_rebuilding_the_config_alone_gives_identical_shards(mini_data: Path, tmp_path: Path, built_config: str) -> None:
    checksums = build(tmp_path, built_config, MINI)  # sha256 of each shard written, by path
    session = json.loads((mini_data / "checksums.json").read_text())
    assert checksums == {path: digest for path, digest in session.items() if path.startswith(f"data/{built_config}/")}
