"""ViPlan's notebook tables from ViPlan's own numbers (``scorer.released.viplan_tables``).

Every table is computed from ``viplan_reported`` (the top-level metrics of ViPlan's released
results files) and compared with what ``notebooks/Extract_results.ipynb`` printed, read from
the notebook's saved outputs at test time: the leaderboard (Markdown and both LaTeX forms),
the "Average for ..." lines and the LaTeX table of CoT differences, and the six full
per-model tables. All of them match exactly, caption and label included (the captions and
labels are the notebook's prose, taken from its output and passed in).

One caveat, on the leaderboard's order only: pandas' ``sort_values`` (numpy's unstable
quicksort) leaves tied rows in an order that depends on numpy's build and the CPU. The
notebook printed GPT-4.1's grounder without CoT before InternVL3 78B's (both 0.4) and
Mistral-Small's grounder with CoT before Molmo's without (both 0.106667); numpy's SIMD
sort (AVX2 or AVX-512, on any x86-64 of the last decade) gives that order, and the
comparison is exact. Where numpy falls back to its scalar sort those ties (and three more
in the printed rows) come out the other way round and the leaderboard comparisons fail.

Skips when ``../shared/external/viplan-results`` or the papers' code is absent.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scorer.released import viplan_tables as vt
from scorer.released.viplan_tables import RunNumbers
from tests.fidelity.reference import reference_path

# One xdist worker reads ViPlan's 474 runs (``reported``, 5-6 CPU s) for all of this module's tests;
# spread over the workers, each read them again.
pytestmark = pytest.mark.xdist_group("viplan-reported")
RESULTS = Path(__file__).resolve().parents[3] / "shared" / "external" / "viplan-results" / "results" / "final"
NOTEBOOK = "viplan/notebooks/Extract_results.ipynb"
DOMAINS = ("blocksworld", "igibson")  # the notebook merges them in this order
SHORT_LABELS = {"blocksworld": "ViPLan-BW", "igibson": "ViPLan-HH"}  # print_cot_diff_latex's labels
PAPER_LABELS = {"blocksworld": "ViPlan-BW", "igibson": "ViPlan-HH"}  # the second leaderboard_to_latex's
TITLES = {"blocksworld": "Blocksworld", "igibson": "iGibson"}  # the first leaderboard_to_latex's


@cache
def reported() -> tuple[RunNumbers, ...]:
    if not RESULTS.is_dir():
        pytest.skip(f"ViPlan's released results are not here: {RESULTS} is absent (../shared/external/viplan-results)")
    return tuple(vt.viplan_reported(RESULTS))


@cache
def cells() -> list[dict[str, Any]]:
    notebook = json.loads(reference_path(NOTEBOOK).read_text(encoding="utf-8"))
    return list(notebook["cells"])


def printed(source: str) -> str:
    """What the one code cell whose source holds ``source`` printed, less its "Saved table" notes."""
    matches = [c for c in cells() if c["cell_type"] == "code" and source in "".join(c["source"])]
    assert len(matches) == 1, f"{len(matches)} cells print {source!r}"
    text = "".join("".join(o["text"]) for o in matches[0].get("outputs", []) if o.get("name") == "stdout")
    return "\n".join(line for line in text.splitlines() if not line.startswith("Saved table")).strip("\n")


def caption_and_label(latex: str) -> tuple[str, str]:
    caption = re.search(r"^\\caption\{(.*?)\}(?:\\label\{[^}]*\})?$", latex, re.MULTILINE)
    label = re.search(r"\\label\{([^}]*)\}$", latex, re.MULTILINE)
    assert caption and label, latex[:300]
    return caption[1], label[1]


def test_every_run_is_read() -> None:
    runs = reported()
    # 2 domains x 2 experiments x 2 methods x 3 splits x 16 models, and the action-failure
    # runs: 15 models (no GPT-4.1) x 2 methods x 3 splits.
    assert len(runs) == 2 * 2 * 2 * 3 * 16 + 15 * 2 * 3
    two_files = next(
        r
        for r in runs
        if (r.domain, r.experiment, r.method, r.split, r.model)
        == ("blocksworld", "final_no_cot", "predicates", "simple", "gpt-4.1-nano")
    )
    assert two_files.source.endswith("results_7064873_3.json.gz")  # the later of its folder's two files
    assert {r.problems for r in runs} == {25}


def test_predictions_count_only_the_enumeration_answers() -> None:
    episode = {
        "initial_state_enum": {"statistics": {"yes_total": 3, "no_total": 5}},
        "replans": [{"enum_metrics": {"yes_total": 1, "no_total": 1}}, {}],
        "action_results": [
            {
                "preconditions_results": {"clear a": ["yes", "yes"], "all_correct": True},
                "effects_results": {"on a,b": ["yes", "yes"]},
            }
        ],
    }
    assert vt.enumeration_answers(episode) == 10  # as the notebook counts: the action checks are under other keys


def test_leaderboard_markdown_is_the_notebook_s() -> None:
    rows = vt.leaderboard(reported(), DOMAINS)
    assert len(rows) == 64  # 16 models x 2 methods x 2 CoT settings, in both domains
    assert vt.leaderboard_markdown(rows, top=20) == printed("leaderboard_df.head(20).to_markdown")


def test_leaderboard_latex_is_the_paper_s() -> None:
    expected = printed("def format_column(mean_col, err_col):")
    caption, label = caption_and_label(expected)
    ours = vt.leaderboard_latex(vt.leaderboard(reported(), DOMAINS), PAPER_LABELS, caption, label, top=10)
    assert ours == expected


def test_first_leaderboard_latex_is_the_notebook_s() -> None:
    expected = printed('df[col].apply(lambda x: r"\\textbf{" + str(x)')
    caption, label = caption_and_label(expected)
    ours = vt.leaderboard_latex_plain(vt.leaderboard(reported(), DOMAINS), TITLES, caption, label, top=10)
    assert ours == expected


def printed_averages() -> dict[str, list[str]]:
    """The "Average for ..." lines the notebook printed, by domain (its "Computing CoT
    differences for <Domain>" headings, lower-cased, are the domain folders)."""
    lines: dict[str, list[str]] = {}
    domain = ""
    for line in printed("def compute_cot_diff(").splitlines():
        if line.startswith("Computing CoT differences for "):
            domain = line.removeprefix("Computing CoT differences for ").lower()
        elif line.startswith("Average for "):
            lines.setdefault(domain, []).append(line)
    return lines


def test_cot_difference_lines_are_the_notebook_s() -> None:
    expected = printed_averages()
    assert list(expected) == list(DOMAINS)
    for domain in DOMAINS:
        assert vt.cot_diff_lines(vt.cot_diff(reported(), domain)[1]) == expected[domain]


def test_cot_difference_table_is_the_notebook_s() -> None:
    expected = printed("print_cot_diff_latex(table_data_blocks, table_data_igib")
    caption, label = caption_and_label(expected)
    averages = [a for domain in DOMAINS for a in vt.cot_diff(reported(), domain)[1]]
    assert vt.cot_diff_latex(averages, SHORT_LABELS, caption, label, DOMAINS) == expected


FULL_TABLES = [
    ("full_df_to_latex(blocksworld_pred_full", "blocksworld", vt.GROUNDER, vt.COT_EXPERIMENTS),
    ("full_df_to_latex(blocksworld_vila_full", "blocksworld", vt.PLANNER, vt.COT_EXPERIMENTS),
    ("full_df_to_latex(igibson_pred_full", "igibson", vt.GROUNDER, vt.COT_EXPERIMENTS),
    ("full_df_to_latex(igibson_vila_full", "igibson", vt.PLANNER, vt.COT_EXPERIMENTS),
    ("full_df_to_latex(blocksworld_pred_fail", "blocksworld", vt.GROUNDER, vt.FAIL_EXPERIMENTS),
    ("full_df_to_latex(blocksworld_vila_fail", "blocksworld", vt.PLANNER, vt.FAIL_EXPERIMENTS),
]


@pytest.mark.parametrize(
    ("source", "domain", "method", "experiments"), FULL_TABLES, ids=[t[0].split("(")[1] for t in FULL_TABLES]
)
def test_full_table_is_the_notebook_s(source: str, domain: str, method: str, experiments: dict[str, str]) -> None:
    expected = printed(source)
    caption, label = caption_and_label(expected)
    rows = vt.full_table(reported(), domain, method, experiments)
    assert vt.full_table_latex(rows, caption, label) == expected


def synthetic() -> list[RunNumbers]:
    """Two models, each domain, method and CoT setting: as another source (a replay) gives them."""
    runs = []
    for domain in ("d1", "d2"):
        for experiment, shift in ((vt.NO_COT, 0.0), (vt.COT, 0.1)):
            for split, base in zip(vt.SPLITS, (0.8, 0.4, 0.2), strict=True):
                for model, scale in (("m-a", 1.0), ("m-b", 0.5)):
                    rate = base * scale + shift
                    runs.append(
                        RunNumbers(domain, experiment, vt.GROUNDER, split, model, rate, 25, 0.8, predictions=100)
                    )
                    runs.append(RunNumbers(domain, experiment, vt.PLANNER, split, model, rate / 2, 25))
    return runs


def test_tables_print_from_any_source() -> None:
    runs = synthetic()
    board = vt.leaderboard(runs)
    assert [s.domain for s in board[0].domains] == ["d1", "d2"]
    assert (board[0].model, board[0].method, board[0].cot) == ("m-a", "predicate", "yes")
    assert board[0].success == pytest.approx((0.9 + 0.5 + 0.3) / 3)
    assert board[0].error == pytest.approx(math.sqrt(2 * sum(p * (1 - p) / 25 for p in (0.9, 0.5, 0.3))) / 3 / 2)
    rows = vt.full_table(runs, "d1", vt.GROUNDER)
    assert [(r.model, r.cot, r.split) for r in rows[:3]] == [("m-a", "no", s) for s in vt.SPLITS]
    assert (rows[0].accuracy, rows[0].accuracy_error) == (0.8, 0.04)  # sqrt(0.8 * 0.2 / 100)
    _, averages = vt.cot_diff(runs, "d1")
    assert [(a.split, a.method, a.average) for a in averages[:2]] == [
        ("simple", "grounder", 0.1),
        ("simple", "planner", 0.05),
    ]
    text = vt.report(runs)
    assert "| m-a " in text and "## Leaderboard" in text and "simple average" in text


def test_pipe_table_aligns_numbers_on_the_point() -> None:
    table = vt.pipe_table(["name", "x"], [["a", 0.5], ["bb", 0.0], ["c", 0.125]])
    assert table.splitlines() == [
        "| name   |     x |",
        "|:-------|------:|",
        "| a      | 0.5   |",
        "| bb     | 0     |",
        "| c      | 0.125 |",
    ]
