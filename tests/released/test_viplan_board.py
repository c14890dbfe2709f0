"""ViPlan's replayed runs on Planarium's leaderboard and in a run's report.

ViPlan's leaderboard has one row per (model, evaluation setting, CoT) and a column per
domain. On ours a row is a submission label (the predictions' ``model``): the import names
each submission ``model_label`` (``gpt-4.1 · VLM-as-planner · CoT``), and the board merges one
label's results files of different configs, so the two domains' folders of a model and
setting are one row. A run's report replays each episode with the outcomes ViPlan's run
recorded, and says that its images are ours while the model saw the paper's.

A module fixture imports GPT-4.1's four planner submissions (both domains, without and with
CoT). Skips when ``../shared/external`` is absent; the browser test also without chromium.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorer.board.formats import long_csv
from scorer.board.leaderboard import load_board
from scorer.board.pages import run_facts
from scorer.released.viplan_board import SEPARATOR, comparison, model_label
from scorer.released.viplan_board import main as viplan_board_main
from scorer.released.viplan_runs import RunFile
from tests.board.browser import chromium_page
from tests.released.conftest import RESULTS

MODEL = "gpt-4.1"
FAMILIES = {"blocksworld": "blocksworld", "igibson": "household"}  # ViPlan's domain folder -> our family


def _run(experiment: str, method: str) -> RunFile:
    return RunFile("blocksworld", experiment, method, "hard", MODEL, Path("results_1.json.gz"))


def test_the_label_names_the_model_setting_and_cot() -> None:
    assert model_label(_run("final_cot", "vila")) == "gpt-4.1 · VLM-as-planner · CoT"
    assert model_label(_run("final_no_cot", "predicates")) == "gpt-4.1 · VLM-as-grounder · no CoT"
    failures = model_label(_run("final_fail01_no_cot", "vila"))
    assert (
        failures == "gpt-4.1 · VLM-as-planner · no CoT · action failures 0.1"
    )  # not ViPlan's leaderboard: a row apart


@pytest.fixture(scope="module")
def data(viplan_data: Path) -> Path:
    """`planarium import viplan`'s two configs (imported once per run: tests/conftest.py)."""
    return viplan_data


@pytest.fixture(scope="module")
def runs(data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """OUT of `planarium import viplan-results` on GPT-4.1's planner runs."""
    from scorer.cli import main

    out = tmp_path_factory.mktemp("viplan-runs")
    args = ["import", "viplan-results", str(RESULTS), "--data", str(data), "--out", str(out), "--quiet"]
    result = CliRunner().invoke(main, [*args, "--executor", "local:1", "--only=/vila/", f"--only=/{MODEL}/"])
    assert result.exit_code == 0, result.output
    return out


def _results(runs: Path, experiment: str) -> list[Path]:
    return [runs / domain / experiment / "vila" / MODEL / "results.json" for domain in FAMILIES]


def _model_field(folder: Path) -> str:
    with (folder / "predictions.jsonl").open() as stream:
        return str(json.loads(stream.readline())["model"])


def test_one_label_s_files_of_other_configs_are_one_row(runs: Path) -> None:
    """The two domains' submissions of one model and setting: one row, a cell per family."""
    files = _results(runs, "final_no_cot")
    board = load_board(files)
    (submission,) = board.submissions
    assert submission.label == _model_field(files[0].parent) == _model_field(files[1].parent)
    row = board.overall().rows[0]
    headers = board.overall().headers
    cells = {family: row[headers.index(family)] for family in FAMILIES.values()}
    successes = [json.loads(path.read_text())["configs"] for path in files]
    for family, configs in zip(FAMILIES.values(), successes, strict=True):
        (entry,) = configs.values()
        assert cells[family].value == entry["metrics"]["all"]["success"]["value"]  # type: ignore[union-attr]
    overall = row[headers.index("overall")]
    assert overall.value == pytest.approx(sum(c.value for c in cells.values()) / 2)  # type: ignore[union-attr, misc]
    assert row[-1] == "2/2"
    by_config = {line["config"]: line["results_file"] for line in csv.DictReader(io.StringIO(long_csv(board)))}
    assert sorted(by_config.values()) == sorted(str(path) for path in files)  # each config names its own file
    assert all(str(path) in run_facts(submission)["results file"] for path in files)


def test_the_leaderboard_has_viplan_s_rows(runs: Path, tmp_path: Path) -> None:
    """`planarium leaderboard OUT/*/*/*/*/results.json`: a row per (model, setting, CoT).
    CoT is off the config's protocol (its default is the planner without CoT), so the board
    refuses to rank the two side by side unless --allow-off-protocol, and marks it."""
    from scorer.cli import main

    assert SEPARATOR in _model_field(runs / "blocksworld" / "final_cot" / "vila" / MODEL)  # labelled as ViPlan's rows
    results = sorted(str(path) for path in runs.glob("*/*/*/*/results.json"))
    refused = CliRunner().invoke(main, ["leaderboard", *results, "--out", str(tmp_path)])
    assert refused.exit_code != 0 and "cot=true" in refused.output
    shown = CliRunner().invoke(main, ["leaderboard", *results, "--out", str(tmp_path), "--allow-off-protocol"])
    assert shown.exit_code == 0, shown.output
    board = load_board([Path(path) for path in results], allow_off_protocol=True)
    rows = {row[0]: row for row in board.overall().rows}
    assert set(rows) == {f"{MODEL} · VLM-as-planner · no CoT", f"{MODEL} · VLM-as-planner · CoT"}
    assert all(row[-1] == "2/2" for row in rows.values())
    assert "† gpt-4.1 · VLM-as-planner · CoT, off the paper's protocol" in shown.output
    markdown = (tmp_path / "leaderboard.md").read_text()
    assert "gpt-4.1 · VLM-as-planner · no CoT" in markdown


def test_the_ranked_board_sets_viplan_s_numbers_beside_ours(runs: Path) -> None:
    assert SEPARATOR in _model_field(runs / "blocksworld" / "final_cot" / "vila" / MODEL)  # labelled as ViPlan's rows
    lines = comparison(runs, RESULTS).splitlines()
    assert "ViPlan blocksworld" in lines[0] and "ViPlan combined" in lines[0]
    cot, no_cot = lines[2:]
    assert cot.startswith("|gpt-4.1 · VLM-as-planner · CoT ")  # 0.387 overall: first
    # ViPlan's own combined success (the notebook's leaderboard): 0.347, its error 0.031
    assert no_cot.startswith("|gpt-4.1 · VLM-as-planner · no CoT") and no_cot.rstrip("| ").endswith("0.347 ± 0.031")
    assert viplan_board_main(["a", "b", "c"], out=lambda text: None) == 2


@pytest.fixture(scope="module")
def report(runs: Path, data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`score --report` on the household submission without CoT: the folder it wrote to."""
    from scorer.cli import main

    predictions = runs / "igibson" / "final_no_cot" / "vila" / MODEL / "predictions.jsonl"
    out = tmp_path_factory.mktemp("report")
    args = ["score", str(predictions), "--data", str(data), "--quiet", "--summary", "--out", str(out / "results.json")]
    result = CliRunner().invoke(main, [*args, "--report", str(out / "report.html")])
    assert result.exit_code == 0, result.output
    return out


def _episodes(page: Path) -> list[dict[str, object]]:
    html = page.read_text()
    start = html.index('<script type="application/json" id="episodes">')
    text = html[html.index(">", start) + 1 : html.index("</script>", start)]
    return list(json.loads(text))


def test_the_report_replays_what_viplan_s_run_recorded(runs: Path, data: Path, report: Path) -> None:
    """Each shown episode ends as it was scored (iGibson's verdicts replayed, as `score` does;
    without them one at least would end otherwise), and says that its images are ours while
    the model saw iGibson's."""
    from scorer.board.viewer import replayed
    from scorer.io.dataset import load_keys

    reasons = {}
    with (report / "results.rows.jsonl").open() as stream:
        for line in stream:
            row = json.loads(line)
            reasons[row["id"]] = row["reason"]
    episodes = _episodes(report / "report.html")
    assert len(episodes) == 10
    assert all(episode["outcome"] == reasons[episode["id"]] for episode in episodes)
    rows = load_keys(data, "test", {"viplan-household-episodes"}).rows
    with (runs / "igibson" / "final_no_cot" / "vila" / MODEL / "predictions.jsonl").open() as stream:
        logs = {log["id"]: log["episode"] for log in map(json.loads, stream)}
    unrecorded = [replayed(rows[str(e["id"])], {**logs[str(e["id"])], "recorded": None}) for e in episodes]
    assert any(view and view["outcome"] != e["outcome"] for view, e in zip(unrecorded, episodes, strict=True))
    for episode in episodes:
        note = str(episode["note"])
        assert note.startswith("Replayed from ViPlan's released run igibson/final_no_cot/vila/")
        assert "iGibson's renders" in note and "our deterministic drawing" in note


def test_the_report_shows_the_note_in_a_browser(report: Path) -> None:
    with chromium_page() as page:
        page.goto((report / "report.html").as_uri())
        page.select_option("#episode-pick", index=1)
        assert "iGibson's renders" in page.inner_text("#episode-note")
        assert page.eval_on_selector_all("#step-images img", "images => images.every(i => i.naturalWidth > 0)")
