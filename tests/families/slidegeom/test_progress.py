"""iVISPAR's per-step numbers: normalised progress over the 20 moves, won at the optimal
length, the average across views, and the charts (progress curve, minimal-distance map)."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from scorer.families.slidegeom.heatmap import write_heatmaps
from scorer.families.slidegeom.progress import progress_trace, won_at_optimal, write_progress_curves
from scorer.io.dataset import load_keys
from scorer.scoring.references import reference_lines
from scorer.scoring.run import score_file

CONFIG = "slidegeom-episodes"


def test_progress_is_ivispars_rounded_percentage_padded_with_the_last_distance() -> None:
    # optimal length 3: one move closer, one move away, then ended (e.g. abandoned)
    trace = progress_trace([3, 2, 3])
    assert len(trace) == 21 and trace[:3] == [0.0, 33.33, 0.0] and set(trace[3:]) == {0.0}
    assert progress_trace([2, 1, 0])[2:] == [100.0] * 19  # a win stays at 100%
    assert progress_trace([1, 2])[1] == -100.0  # a move away from the goal is negative progress


def test_won_at_optimal_needs_the_win_in_exactly_the_optimal_moves() -> None:
    assert won_at_optimal({"success": True, "steps": 3, "distances": [3, 2, 1, 0]})
    assert not won_at_optimal({"success": True, "steps": 5, "distances": [3, 2, 3, 2, 1, 0]})
    assert not won_at_optimal({"success": False, "steps": 3, "distances": [3, 2, 1, 1]})


def _two_views(mini_data: Path, tmp_path: Path) -> Path:
    """Gold logs, every other row played in the 2d view instead of the default 3d."""
    dataset = load_keys(mini_data, "test", {CONFIG})
    lines = [json.loads(line) for line in reference_lines(dataset, "gold")]
    for index, line in enumerate(lines):
        if index % 2:
            line["episode"]["settings"] = {**line["episode"].get("settings", {}), "view": "2d"}
    predictions = tmp_path / "two-views.jsonl"
    predictions.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return predictions


def test_gold_wins_at_optimal_length_reaches_100_percent_and_averages_the_views(
    mini_data: Path, tmp_path: Path
) -> None:
    run = score_file(_two_views(mini_data, tmp_path), mini_data, tmp_path / "r.json", configs={CONFIG})
    metrics = json.loads(run.results_path.read_text())["configs"][CONFIG]["metrics"]["all"]
    assert metrics["won_at_optimal"]["value"] == 1.0
    assert metrics["progress[step=0]"]["value"] == 0.0 and metrics["progress[step=20]"]["value"] == 100.0
    assert metrics["success[view=3d]"]["value"] == metrics["success[view=2d]"]["value"] == 1.0
    average = metrics["success[view=average]"]
    assert average["value"] == 1.0 and average["n"] == metrics["success"]["n"]
    assert metrics["min_distance[view=average]"]["value"] == 0.0


def test_one_view_has_no_average_over_views(mini_data: Path, tmp_path: Path) -> None:
    run = score_file(None, mini_data, tmp_path / "r.json", gold=True, configs={CONFIG})
    metrics = json.loads(run.results_path.read_text())["configs"][CONFIG]["metrics"]["all"]
    assert not [name for name in metrics if "view=average" in name]


def test_charts_are_drawn_per_view_and_beside_the_completion_map(mini_data: Path, tmp_path: Path) -> None:
    run = score_file(_two_views(mini_data, tmp_path), mini_data, tmp_path / "r.json", configs={CONFIG})
    [curve] = write_progress_curves(run.grading, tmp_path / "progress.png")
    completion, distance = write_heatmaps(run.grading, tmp_path / "heat.png")
    assert distance == tmp_path / "heat-min-distance.png"
    for path in (curve, completion, distance):
        with Image.open(path) as image:
            assert image.format == "PNG" and image.width > 400
