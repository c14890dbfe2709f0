"""Mini and full builds of the streetmap-route config: rows read back through datasets,
one marker per image, every grid size, no map in both splits, the key's route walks
from S to G."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from datasets import load_dataset

from data_build.spec import BuildSettings
from scorer.families.vsp.configs.streetmap_route import CONFIG, COUNTS, build
from scorer.families.vsp.route import Walk, walk
from scorer.families.vsp.route_answer import street_map


@pytest.fixture(scope="module")
def splits(mini_data: Path) -> dict[str, list[dict]]:
    return {split: list(load_dataset(str(mini_data), CONFIG, split=split)) for split in ("test", "dev")}


def test_rows_show_two_images_and_a_key_route_that_reaches_g(splits: dict[str, list[dict]]) -> None:
    for row in splits["test"] + splits["dev"]:
        key = json.loads(row["answer_key"])
        assert row["prompt"].count("<image>") == len(row["images"]) == 2
        assert row["images"][-1].size == (640, 640)
        assert row["difficulty"] == f"{key['size']}x{key['size']}"
        grid = street_map(key)
        assert walk(grid, [(d, b) for d, b in key["route"]]) == Walk(grid.goal)
        assert "<Direction>: <Number of crossroads passed>" in row["prompt"]


def test_every_size_is_built_and_no_map_is_in_both_splits(splits: dict[str, list[dict]]) -> None:
    assert {row["difficulty"] for row in splits["test"]} == {"4x4", "5x5", "6x6"}
    maps = {}
    for split, rows in splits.items():
        assert len(rows) == COUNTS["mini"][split]
        maps[split] = {row["answer_key"] for row in rows}
    assert not maps["test"] & maps["dev"]


def test_the_full_build_has_vsps_100_maps_all_distinct() -> None:
    rows = build(BuildSettings(size="full", seed=0, show_progress=False))
    assert {split: len(found) for split, found in rows.items()} == COUNTS["full"]
    assert Counter(r["difficulty"] for r in rows["test"]) == {"4x4": 34, "5x5": 33, "6x6": 33}
    assert len({r["answer_key"] for split in rows.values() for r in split}) == 108
