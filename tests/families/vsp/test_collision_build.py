"""Mini and full builds of the collision config: rows read back through datasets, one
marker per image, half the scenes collide, no scene in both splits, the prompt names
the scene's directions and speeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from datasets import load_dataset

from data_build.spec import BuildSettings
from scorer.families.vsp.configs.collision import CONFIG, COUNTS, build


@pytest.fixture(scope="module")
def splits(mini_data: Path) -> dict[str, list[dict]]:
    return {split: list(load_dataset(str(mini_data), CONFIG, split=split)) for split in ("test", "dev")}


def test_rows_show_three_images_and_name_the_motion(splits: dict[str, list[dict]]) -> None:
    for row in splits["test"] + splits["dev"]:
        meta = json.loads(row["meta"])
        assert row["prompt"].count("<image>") == len(row["images"]) == 3
        assert row["images"][-1].size == (384, 384)
        motion = (
            f"The car is moving {meta['car_direction']} with speed {meta['car_speed']} grid per second, "
            f"and the person is moving {meta['person_direction']} with speed {meta['person_speed']} grid per second."
        )
        assert row["prompt"].rstrip().endswith(motion)


def test_half_collide_and_no_scene_is_in_both_splits(splits: dict[str, list[dict]]) -> None:
    scenes = {}
    for split, rows in splits.items():
        assert len(rows) == COUNTS["mini"][split]
        assert sum(json.loads(r["answer_key"])["collide"] for r in rows) == len(rows) // 2
        scenes[split] = {r["meta"] for r in rows}
    assert not scenes["test"] & scenes["dev"]


def test_the_full_build_has_vsps_100_scenes_half_colliding() -> None:
    rows = build(BuildSettings(size="full", seed=0, show_progress=False))
    assert {split: len(found) for split, found in rows.items()} == COUNTS["full"]
    keys = [json.loads(r["answer_key"]) for r in rows["test"]]
    assert sum(k["collide"] for k in keys) == 50
    metas = {r["meta"] for split in rows.values() for r in split}
    assert len(metas) == 108  # every scene distinct
