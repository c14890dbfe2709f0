"""ViPlan's notebook tables from Planarium's own numbers (``scorer.released.viplan_numbers``).

Wherever Planarium's replay equals ViPlan's runs, the notebook's tables printed from our
numbers must be the notebook's printed outputs, read from the .ipynb at test time. Every
run's success, predicate accuracy and prediction count equal ViPlan's (the household's with
what iGibson decided replayed from the record), so its six per-model tables (both domains,
grounder and planner, without and with CoT, and blocksworld with action failures), its CoT
differences and its leaderboard come out exactly.

Fast: one model's submissions are imported (a module fixture: all but its household
grounder runs with CoT, the slowest to replay), and the tables are
printed from ViPlan's numbers with that model's runs replaced by ours, which checks its rows,
errors and bold cells in place. The same tables from our numbers alone need all 16 models:
``PLANARIUM_FULL_VIPLAN=1`` runs that test (a full import, a few minutes on 2 cores;
``PLANARIUM_VIPLAN_OUT=FOLDER`` reads a folder imported before).

Skips when ``../shared/external`` (ViPlan's data, its released runs, its notebook) is absent.
"""

from __future__ import annotations

import csv
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorer.released import viplan_tables as vt
from scorer.released.viplan_numbers import TABLES, planarium_numbers, source_split
from scorer.released.viplan_tables import RunNumbers
from tests.released.conftest import RESULTS
from tests.released.test_viplan_tables import (
    DOMAINS,
    FULL_TABLES,
    caption_and_label,
    printed,
    printed_averages,
    reported,
)

MODEL = "Qwen2.5-VL-7B-Instruct"  # a small import, with successes in both methods
DOMAIN = "blocksworld"  # the domain of the runs added by a second import
TABLE_IDS = [table[0].split("(")[1] for table in FULL_TABLES]
# blocksworld: 2 methods x 3 experiments x 3 splits; household: the planner's 2 experiments and the
# grounder's first, x 3 splits
RUNS_OF_A_MODEL = 2 * 3 * 3 + 3 * 3
FULL = os.environ.get("PLANARIUM_FULL_VIPLAN") == "1"


@pytest.fixture(scope="module")
def data(viplan_data: Path) -> Path:
    """ViPlan's problems as configs viplan-blocksworld-episodes and viplan-household-episodes."""
    return viplan_data


def _import(data: Path, out: Path, *only: str, executor: str = "local:1") -> str:
    from scorer.released.command import viplan_results_import

    args = [str(RESULTS), "--data", str(data), "--out", str(out), "--executor", executor, "--quiet"]
    result = CliRunner().invoke(viplan_results_import, [*args, *(f"--only={word}" for word in only)])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def replayed(data: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """MODEL's submissions (blocksworld's all, the household's planner and grounder without CoT):
    OUT and what the imports printed."""
    out = tmp_path_factory.mktemp("viplan-runs")
    printed = _import(data, out, f"{DOMAIN}/", f"/{MODEL}/")
    printed += _import(data, out, "igibson/", "/vila/", f"/{MODEL}/")
    return out, printed + _import(data, out, "igibson/final_no_cot/predicates/", f"/{MODEL}/")


def _key(run: RunNumbers) -> tuple[str, str, str, str, str]:
    return (run.domain, run.experiment, run.method, run.split, run.model)


def _with_ours(ours: list[RunNumbers]) -> list[RunNumbers]:
    """ViPlan's own numbers, each run we replayed replaced by ours."""
    replaced = {_key(run) for run in ours}
    return [run for run in reported() if _key(run) not in replaced] + ours


def test_the_import_writes_the_notebook_s_tables_and_says_where(replayed: tuple[Path, str]) -> None:
    out, printed_output = replayed
    assert f"wrote {out / TABLES}" in printed_output
    text = (out / TABLES).read_text()
    for title in ("VLM-as-grounder on blocksworld", "VLM-as-planner on blocksworld with action failures"):
        assert f"## {title}\n" in text
    assert "| Qwen2.5-VL 7B" in text and "## Leaderboard" in text and "## CoT minus no CoT" in text


def test_every_run_has_its_numbers_and_they_are_reproduction_csv_s(replayed: tuple[Path, str]) -> None:
    """One RunNumbers per run, each metric the ``planarium`` column of reproduction.csv, and
    the notebook's counts ViPlan's."""
    out, _ = replayed
    ours = planarium_numbers(out)
    assert len(ours) == RUNS_OF_A_MODEL and {run.model for run in ours} == {MODEL}
    theirs = {_key(run): run for run in reported()}
    for line in csv.DictReader((out / "reproduction.csv").open()):
        if line["metric"] == "success_ours":
            continue
        key = (line["domain"], line["experiment"], line["method"], line["split"], MODEL)
        run = next(r for r in ours if _key(r) == key)
        assert getattr(run, line["metric"]) == pytest.approx(float(line["planarium"]), abs=1e-12), line
    for run in ours:
        viplan = theirs[_key(run)]
        assert (run.problems, run.predictions) == (viplan.problems, viplan.predictions), _key(run)
        assert run.success == viplan.success and run.predicate_accuracy == pytest.approx(viplan.predicate_accuracy)
    assert any(run.success > 0 for run in ours if run.method == vt.GROUNDER)  # a model that reaches goals
    assert any(run.success > 0 for run in ours if run.method == vt.PLANNER)


@pytest.mark.parametrize(("source", "domain", "method", "experiments"), FULL_TABLES, ids=TABLE_IDS)
def test_the_tables_with_our_numbers_in_are_the_notebook_s(
    replayed: tuple[Path, str], source: str, domain: str, method: str, experiments: dict[str, str]
) -> None:
    """The notebook's full table from ViPlan's numbers with MODEL's runs ours: its rows,
    errors (the accuracy's from our count of enumeration answers) and bold cells unchanged."""
    expected = printed(source)
    caption, label = caption_and_label(expected)
    rows = vt.full_table(_with_ours(planarium_numbers(replayed[0])), domain, method, experiments)
    assert vt.full_table_latex(rows, caption, label) == expected


def test_the_cot_differences_with_our_numbers_in_are_the_notebook_s(replayed: tuple[Path, str]) -> None:
    runs = _with_ours(planarium_numbers(replayed[0]))
    for domain in DOMAINS:
        assert vt.cot_diff_lines(vt.cot_diff(runs, domain)[1]) == printed_averages()[domain]


def test_the_leaderboard_with_our_numbers_in_is_the_notebook_s(replayed: tuple[Path, str]) -> None:
    rows = vt.leaderboard(_with_ours(planarium_numbers(replayed[0])), DOMAINS)
    assert vt.leaderboard_markdown(rows, top=20) == printed("leaderboard_df.head(20).to_markdown")


def test_the_tables_hold_every_folder_under_out(replayed: tuple[Path, str], data: Path, tmp_path: Path) -> None:
    """An import with other --only words adds its runs to tables.md; the earlier ones stay."""
    out = tmp_path / "out"
    shutil.copytree(replayed[0], out)
    _import(data, out, f"{DOMAIN}/final_cot/vila/", "/gpt-4.1-nano/")
    text = (out / TABLES).read_text()
    assert "| GPT-4.1 Nano" in text and "| Qwen2.5-VL 7B" in text
    assert len(planarium_numbers(out)) == RUNS_OF_A_MODEL + 3


def test_a_row_s_split_is_read_from_its_recorded_source() -> None:
    source = "ViPlan's released run blocksworld/final_cot/vila/hard/gpt-4.1/results_1.json.gz"
    assert source_split(source) == "hard"
    with pytest.raises(ValueError, match="names no split"):
        source_split("a run of my own")


@pytest.fixture(scope="module")
def everything(data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every run replayed: PLANARIUM_VIPLAN_OUT, or a full import here."""
    given = os.environ.get("PLANARIUM_VIPLAN_OUT")
    if given:
        return Path(given)
    out = tmp_path_factory.mktemp("viplan-all")
    _import(data, out, executor="local:2")
    return out


@pytest.mark.skipif(not FULL, reason="a full import (minutes): set PLANARIUM_FULL_VIPLAN=1")
def test_the_notebook_s_tables_from_our_numbers_alone(everything: Path) -> None:
    runs = planarium_numbers(everything)
    assert len(runs) == len(reported())  # 474: every run
    for source, domain, method, experiments in FULL_TABLES:
        expected = printed(source)
        caption, label = caption_and_label(expected)
        assert vt.full_table_latex(vt.full_table(runs, domain, method, experiments), caption, label) == expected
    for domain in DOMAINS:
        assert vt.cot_diff_lines(vt.cot_diff(runs, domain)[1]) == printed_averages()[domain]
    rows = vt.leaderboard(runs, DOMAINS)
    assert vt.leaderboard_markdown(rows, top=20) == printed("leaderboard_df.head(20).to_markdown")
