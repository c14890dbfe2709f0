"""Mini build of slidegeom-describe: gold scores 100% and wrong 0% through Parquet and the
scorer, per view; rows show each board in both views and key the state they show."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from datasets import load_dataset
from PIL import Image

from scorer.families.slidegeom.board import Geom, parse_cell
from scorer.families.slidegeom.configs.describe import CONFIG
from scorer.families.slidegeom.pddl import cell_object, geom_object
from scorer.io.dataset import load_keys
from scorer.pddl import parse_task
from scorer.scoring.grading import grade
from scorer.scoring.references import reference_predictions
from scorer.scoring.run import score_file

VIEWS = ("3d", "2d")


def rows_of(mini_data: Path, split: str = "test") -> list[dict]:
    return pq.read_table(next((mini_data / "data" / CONFIG).glob(f"{split}-*.parquet"))).to_pylist()


def metrics_by_group(mini_data: Path, split: str, kind: str) -> dict[str, dict[str, float]]:
    dataset = load_keys(mini_data, split, {CONFIG})
    report = grade(dataset, reference_predictions(dataset, kind)).configs[CONFIG]
    assert report.counts["unparsable"] == 0 and report.counts["missing"] == 0
    return {group: {m.name: m.value for m in metrics} for group, metrics in report.groups.items()}


@pytest.mark.parametrize("split", ["test", "dev"])
def test_gold_scores_100_percent_in_every_view(mini_data: Path, split: str) -> None:
    groups = metrics_by_group(mini_data, split, "gold")
    assert set(groups) == {"all", *VIEWS, "mean"}
    for group, metrics in groups.items():
        assert metrics["accuracy"] == 1.0 and metrics["exact"] == 1.0, group
        errors = [name for name, value in metrics.items() if name.startswith("per_board[") and value]
        assert errors == ["per_board[correct]"], group


@pytest.mark.parametrize("split", ["test", "dev"])
def test_wrong_scores_0_percent_and_every_geom_is_counted_once(mini_data: Path, split: str) -> None:
    geoms_per_board = [len(json.loads(row["answer_key"])["geoms"]) for row in rows_of(mini_data, split)]
    groups = metrics_by_group(mini_data, split, "wrong")
    for group, metrics in groups.items():
        assert metrics["accuracy"] == 0.0 and metrics["exact"] == 0.0, group
        assert metrics["per_board[correct]"] == 0.0
    # Each wrong geom (the next colour, same cell) is a colour error, or a coordinate
    # error when the board holds the geom it names; either way each true geom counts once.
    parts = ("missed", "coordinate_errors", "colour_errors", "shape_errors")
    per_board = sum(groups["all"][f"per_board[{name}]"] for name in parts)
    assert per_board == pytest.approx(sum(geoms_per_board) / len(geoms_per_board))
    assert groups["all"]["per_board[colour_errors]"] > 0


def test_score_gold_writes_per_view_metrics(mini_data: Path, tmp_path: Path) -> None:
    run = score_file(None, mini_data, tmp_path / "results.json", gold=True, configs={CONFIG})
    metrics = json.loads(run.results_path.read_text())["configs"][CONFIG]["metrics"]
    assert set(metrics) == {"all", *VIEWS, "mean"}
    n_geoms = {json.loads(row["meta"])["n_geoms"] for row in rows_of(mini_data)}
    assert {f"accuracy[geoms={n}]" for n in n_geoms} <= set(metrics["3d"])
    for name in (
        "correct",
        "missed",
        "hallucinated",
        "coordinate_errors",
        "colour_errors",
        "shape_errors",
        "format_errors",
    ):
        assert f"per_board[{name}]" in metrics["2d"]


def test_every_board_is_shown_once_per_view(mini_data: Path) -> None:
    for split in ("test", "dev"):
        rows = rows_of(mini_data, split)
        views = Counter((json.loads(row["meta"])["problem"], row["difficulty"]) for row in rows)
        problems = {problem for problem, _ in views}
        assert set(views) == {(p, v) for p in problems for v in VIEWS} and set(views.values()) == {1}
        assert [row["id"] for row in rows] == [f"{CONFIG}/{split}/{i:04d}" for i in range(len(rows))]
    test_keys = {row["answer_key"] for row in rows_of(mini_data, "test")}
    assert not test_keys & {row["answer_key"] for row in rows_of(mini_data, "dev")}


def test_rows_show_one_image_and_key_the_state_in_the_pddl(mini_data: Path) -> None:
    for row in rows_of(mini_data):
        meta, key = json.loads(row["meta"]), json.loads(row["answer_key"])
        assert row["task"] == "describe" and row["difficulty"] == meta["view"]
        assert len(row["images"]) == 1 and row["prompt"].count("<image>") == 1
        assert row["prompt"].rstrip().endswith("followed by your list.") and "description:" in row["prompt"]
        width, height = Image.open(io.BytesIO(row["images"][0]["bytes"])).size
        assert (width == height) == (meta["view"] == "2d")
        assert len(key["geoms"]) == meta["n_geoms"]
        task = parse_task(row["domain_pddl"], row["problem_pddl"])
        for cell, colour, shape in key["geoms"]:
            parsed = parse_cell(cell)
            assert parsed is not None
            assert task.holds(task.init, f"(at {geom_object(Geom(colour, shape))} {cell_object(parsed)})")


def test_load_dataset_reads_the_config(mini_data: Path) -> None:
    rows = load_dataset(str(mini_data), CONFIG, split="test")
    assert rows[0]["images"][0].size[0] > 0 and rows[0]["difficulty"] in VIEWS


def test_full_test_shows_the_papers_300_boards_the_episodes_play() -> None:
    from data_build.spec import BuildSettings
    from scorer.families.slidegeom.configs.describe import describe_boards
    from scorer.families.slidegeom.configs.episodes import episode_boards

    full = BuildSettings("full")
    described = describe_boards(full)["test"]
    played = [p for p in episode_boards(full)["test"] if p.name.startswith("sgp-standard-")]
    assert len(described) == 300 and [p.board for p in described] == [p.board for p in played]
    cells = Counter((len(p.board.geoms), p.optimal_length) for p in described)
    assert len(cells) == 100 and set(cells.values()) == {3}  # 3 boards in each cell of the 10 x 10 grid
