"""Scoring slidegeom episodes: gold 100%, wrong 0%, the iVISPAR metrics with standard
errors, per view and per complexity, and the completion heat map."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from scorer.cli import main
from scorer.families.slidegeom.heatmap import heatmap_size
from scorer.io.dataset import load_keys
from scorer.scoring.references import reference_lines
from scorer.scoring.run import score_file

CONFIG = "slidegeom-episodes"


def _metrics(results: Path, group: str = "all") -> dict:
    return json.loads(results.read_text())["configs"][CONFIG]["metrics"][group]


def test_gold_completes_every_episode_optimally(mini_data: Path, tmp_path: Path) -> None:
    run = score_file(None, mini_data, tmp_path / "gold.json", gold=True, configs={CONFIG})
    metrics = _metrics(run.results_path)
    assert metrics["success"]["value"] == 1.0 and metrics["success"]["stderr"] == 0.0
    assert metrics["step_deviation"]["value"] == 0.0 and metrics["min_distance"]["value"] == 0.0
    assert metrics["ineffective_moves"]["value"] == 0.0 and metrics["legal_rate"]["value"] == 1.0
    rows = load_keys(mini_data, "test", {CONFIG}).rows.values()
    mean_length = sum(r.meta["optimal_length"] for r in rows) / len(rows)
    assert metrics["effective_moves"]["value"] == mean_length == metrics["steps"]["value"]


def test_wrong_fails_every_episode_with_illegal_commands(mini_data: Path, tmp_path: Path) -> None:
    dataset = load_keys(mini_data, "test", {CONFIG})
    predictions = tmp_path / "wrong.jsonl"
    predictions.write_text("".join(line + "\n" for line in reference_lines(dataset, "wrong")))
    run = score_file(predictions, mini_data, tmp_path / "wrong.json", configs={CONFIG})
    metrics = _metrics(run.results_path)
    assert metrics["success"]["value"] == 0.0
    assert metrics["illegal_commands"]["value"] == 20.0 and metrics["steps"]["value"] == 20.0
    # Nothing moved: the deviation and the best distance are the start distances.
    assert metrics["step_deviation"]["value"] == metrics["min_distance"]["value"] == metrics["final_distance"]["value"]
    assert metrics["step_deviation"]["value"] > 0 and metrics["step_deviation"]["stderr"] is not None


def test_metrics_come_per_view_and_per_complexity(mini_data: Path, tmp_path: Path) -> None:
    rows = list(load_keys(mini_data, "test", {CONFIG}).rows.values())
    solved = rows[0]
    lines = [{"id": solved.id, "episode": {"settings": {"view": "2d"}, "replies": solved.answer_key["optimal_moves"]}}]
    predictions = tmp_path / "one.jsonl"
    predictions.write_text("".join(json.dumps(line) + "\n" for line in lines))
    run = score_file(predictions, mini_data, tmp_path / "one.json", configs={CONFIG})
    metrics = _metrics(run.results_path)
    assert metrics["success[view=2d]"] == {"value": 1.0, "stderr": 0.0, "n": 1}
    geoms, length = solved.meta["n_geoms"], solved.meta["optimal_length"]
    assert metrics[f"success[geoms={geoms}]"]["value"] == 1.0
    assert metrics[f"step_deviation[length={length}]"]["value"] == 0.0
    assert metrics["success"]["value"] == 1 / len(rows)  # the missing rows count as failures
    other = next(r for r in rows if r.meta["n_geoms"] != geoms)
    assert metrics[f"success[geoms={other.meta['n_geoms']}]"] == {"value": 0.0, "stderr": 0.0, "n": 1}
    assert f"step_deviation[geoms={other.meta['n_geoms']}]" in metrics  # with n = 0: nothing was played
    assert "success[view=3d]" not in metrics


def test_score_writes_the_heat_map(mini_data: Path, tmp_path: Path) -> None:
    heatmap = tmp_path / "figures" / "heat.png"
    args = [
        "score",
        "--gold",
        "--data",
        str(mini_data),
        "--configs",
        CONFIG,
        "--out",
        str(tmp_path / "r.json"),
        "--heatmap",
        str(heatmap),
    ]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    rows = load_keys(mini_data, "test", {CONFIG}).rows.values()
    geoms = [r.meta["n_geoms"] for r in rows]
    lengths = [r.meta["optimal_length"] for r in rows]
    expected = heatmap_size(max(geoms) - min(geoms) + 1, max(lengths) - min(lengths) + 1)
    with Image.open(heatmap) as image:
        assert image.format == "PNG" and image.size == expected


def test_heat_map_with_no_slidegeom_episodes_warns_and_the_score_stands(mini_data: Path, tmp_path: Path) -> None:
    args = [
        "score",
        "--gold",
        "--data",
        str(mini_data),
        "--configs",
        "blocksworld-episodes",
        "--out",
        str(tmp_path / "r.json"),
        "--heatmap",
        str(tmp_path / "h.png"),
        "--quiet",
    ]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0 and "no episodes that a heat map is drawn for" in result.output
    assert (tmp_path / "r.json").is_file() and not list(tmp_path.glob("h*.png"))
