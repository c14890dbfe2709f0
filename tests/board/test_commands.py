"""The commands as a maintainer types them: leaderboard (and its --rescore), score --report
and --plots."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from scorer.cli import main


def test_leaderboard_prints_the_overall_table_and_writes_three_files(
    two_config_submissions: Path, tmp_path: Path
) -> None:
    # Two configs: the command's table and files are one code whatever the configs (the README's
    # leaderboard of every config runs in tests/test_readme.py, and write_board's in test_board.py).
    results = sorted(str(path) for path in two_config_submissions.glob("*/results.json"))
    result = CliRunner().invoke(main, ["leaderboard", *results, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "|gold-model" in result.output and "|wrong-model" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["leaderboard.csv", "leaderboard.html", "leaderboard.md"]


def test_leaderboard_warns_of_a_submission_not_scored_yet(two_config_submissions: Path, tmp_path: Path) -> None:
    copied = tmp_path / "submissions"
    shutil.copytree(two_config_submissions, copied)
    late = copied / "late-model"
    late.mkdir()
    shutil.copy(copied / "gold-model" / "predictions.jsonl", late / "predictions.jsonl")
    results = sorted(str(path) for path in copied.glob("*/results.json"))  # what the shell's glob gives
    result = CliRunner().invoke(main, ["leaderboard", *results, "--out", str(tmp_path / "board")])
    assert result.exit_code == 0, result.output
    [warning] = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert "late-model has predictions but no results.json" in warning and "left out" in warning


def test_leaderboard_refuses_a_mixed_fingerprint_in_one_line(results_files: list[Path], tmp_path: Path) -> None:
    document = json.loads(results_files[1].read_text())
    document["dataset"]["fingerprint"] = "f" * 64
    other = tmp_path / "results.json"
    other.write_text(json.dumps(document))
    result = CliRunner().invoke(main, ["leaderboard", str(results_files[0]), str(other), "--out", str(tmp_path / "b")])
    assert result.exit_code == 1
    assert "differ in dataset fingerprint" in result.output and str(other) in result.output
    assert "Traceback" not in result.output and not (tmp_path / "b").exists()


def test_leaderboard_rescore_puts_a_stale_file_back_on_the_board(
    two_config_submissions: Path, mini_data: Path, tmp_path: Path
) -> None:
    submissions = two_config_submissions
    stale_folder = tmp_path / "stale"
    stale_folder.mkdir()
    (stale_folder / "predictions.jsonl").write_text((submissions / "wrong-model" / "predictions.jsonl").read_text())
    document = json.loads((submissions / "wrong-model" / "results.json").read_text())
    document["scorer_version"] = "0.0.1"
    (stale_folder / "results.json").write_text(json.dumps(document))
    files = [str(submissions / "gold-model" / "results.json"), str(stale_folder / "results.json")]
    refused = CliRunner().invoke(main, ["leaderboard", *files, "--out", str(tmp_path / "b")])
    assert refused.exit_code == 1 and "scorer version" in refused.output
    merged = CliRunner().invoke(
        main, ["leaderboard", *files, "--out", str(tmp_path / "b"), "--rescore", "--data", str(mini_data)]
    )
    assert merged.exit_code == 0, merged.output
    assert "|wrong-model" in merged.output


def test_score_writes_the_report_and_the_plots(mixed_run: Path) -> None:
    # mixed_run ran `score --report --plots` (exit code 0) once for every test that reads them
    html = (mixed_run / "r.html").read_text()
    assert 'id="episodes"' in html and "data:image/png;base64," in html
    charts = sorted((mixed_run / "plots").glob("*.png"))
    configs = json.loads((mixed_run / "r.json").read_text())["configs"]
    assert {p.name.split(".")[0] for p in charts} >= set(configs)
    for chart in charts:
        with Image.open(chart) as image:
            assert image.width > 200 and image.height > 100
