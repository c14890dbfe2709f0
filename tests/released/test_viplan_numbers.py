"""ViPlan's notebook tables from Planarium's own numbers (``scorer.released.viplan_numbers``).

Wherever Planarium's replay equals ViPlan's runs, the notebook's tables printed from our
numbers must be the notebook's printed outputs, read from the .ipynb at test time. In
blocksworld every run's success, predicate accuracy and prediction count equal ViPlan's,
so its four per-model tables (grounder and planner, without and with CoT, and with action
failures) and its CoT differences come out exactly.

Fast: one model's six blocksworld submissions are imported (a module fixture), and the
tables are printed from ViPlan's numbers with that model's runs replaced by ours, which
checks its rows, errors and bold cells in place. The same tables from our numbers alone
need all 16 models: ``PLANARIUM_FULL_VIPLAN=1`` runs that test (a full blocksworld import,
a few minutes on 2 cores; ``PLANARIUM_VIPLAN_OUT=FOLDER`` reads a folder imported before).

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
from tests.released.conftest import RESULTS, VIPLAN, need_viplan_data
from tests.released.test_viplan_tables import FULL_TABLES, caption_and_label, printed, printed_averages, reported

MODEL = "Qwen2.5-VL-7B-Instruct"  # a small import, with successes in both methods
DOMAIN = "blocksworld"
BLOCKSWORLD_TABLES = [table for table in FULL_TABLES if table[1] == DOMAIN]
TABLE_IDS = [table[0].split("(")[1] for table in BLOCKSWORLD_TABLES]
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
    """MODEL's blocksworld submissions (both methods; no CoT, CoT, failures): OUT and what the import printed."""
    out = tmp_path_factory.mktemp("viplan-runs")
    return out, _import(data, out, f"{DOMAIN}/", f"/{MODEL}/")


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
    """One RunNumbers per run (2 methods x 3 experiments x 3 splits), each metric the
    ``planarium`` column of reproduction.csv, and the notebook's counts ViPlan's."""
    out, _ = replayed
    ours = planarium_numbers(out)
    assert len(ours) == 2 * 3 * 3 and {run.model for run in ours} == {MODEL}
    theirs = {_key(run): run for run in reported()}
    for line in csv.DictReader((out / "reproduction.csv").open()):
        if line["metric"] == "success_ours":
            continue
        run = next(r for r in ours if _key(r) == (DOMAIN, line["experiment"], line["method"], line["split"], MODEL))
        assert getattr(run, line["metric"]) == pytest.approx(float(line["planarium"]), abs=1e-12), line
    for run in ours:
        viplan = theirs[_key(run)]
        assert (run.problems, run.predictions) == (viplan.problems, viplan.predictions), _key(run)
        assert run.success == viplan.success and run.predicate_accuracy == pytest.approx(viplan.predicate_accuracy)
    assert any(run.success > 0 for run in ours if run.method == vt.GROUNDER)  # a model that reaches goals
    assert any(run.success > 0 for run in ours if run.method == vt.PLANNER)


@pytest.mark.parametrize(("source", "domain", "method", "experiments"), BLOCKSWORLD_TABLES, ids=TABLE_IDS)
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
    assert vt.cot_diff_lines(vt.cot_diff(runs, DOMAIN)[1]) == printed_averages()[DOMAIN]


def test_the_tables_hold_every_folder_under_out(replayed: tuple[Path, str], data: Path, tmp_path: Path) -> None:
    """An import with other --only words adds its runs to tables.md; the earlier ones stay."""
    out = tmp_path / "out"
    shutil.copytree(replayed[0], out)
    _import(data, out, f"{DOMAIN}/final_cot/vila/", "/gpt-4.1-nano/")
    text = (out / TABLES).read_text()
    assert "| GPT-4.1 Nano" in text and "| Qwen2.5-VL 7B" in text
    assert len(planarium_numbers(out)) == 2 * 3 * 3 + 3


def test_a_row_s_split_is_read_from_its_recorded_source() -> None:
    source = "ViPlan's released run blocksworld/final_cot/vila/hard/gpt-4.1/results_1.json.gz"
    assert source_split(source) == "hard"
    with pytest.raises(ValueError, match="names no split"):
        source_split("a run of my own")


@pytest.fixture(scope="module")
def everything(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every blocksworld run replayed: PLANARIUM_VIPLAN_OUT, or a full import here."""
    given = os.environ.get("PLANARIUM_VIPLAN_OUT")
    if given:
        return Path(given)
    need_viplan_data()
    from scorer.families.blocksworld.viplan_import import viplan_blocksworld_import

    folder = tmp_path_factory.mktemp("viplan-all-data")
    assert CliRunner().invoke(viplan_blocksworld_import, [str(VIPLAN), "--out", str(folder)]).exit_code == 0
    out = tmp_path_factory.mktemp("viplan-all")
    _import(folder, out, f"{DOMAIN}/", executor="local:2")
    return out


@pytest.mark.skipif(not FULL, reason="a full blocksworld import (minutes): set PLANARIUM_FULL_VIPLAN=1")
def test_the_notebook_s_tables_from_our_numbers_alone(everything: Path) -> None:
    runs = [run for run in planarium_numbers(everything) if run.domain == DOMAIN]
    assert len(runs) == len([run for run in reported() if run.domain == DOMAIN])  # 282: every run
    for source, domain, method, experiments in BLOCKSWORLD_TABLES:
        expected = printed(source)
        caption, label = caption_and_label(expected)
        assert vt.full_table_latex(vt.full_table(runs, domain, method, experiments), caption, label) == expected
    assert vt.cot_diff_lines(vt.cot_diff(runs, DOMAIN)[1]) == printed_averages()[DOMAIN]
