"""results_table: the main table, and labelled metrics pivoted into a matrix."""

from __future__ import annotations

from scorer.io.table import FEW_ROWS
from scorer.scoring.grading import ConfigReport, Grading
from scorer.scoring.results import results_table, summary_table
from scorer.tasks.stats import Metric


def test_labelled_metrics_become_a_label_by_group_matrix() -> None:
    report = ConfigReport(
        "acp-hard",
        "acp",
        groups={
            "all": [Metric("accuracy", 0.5, 0.1, 20), Metric("accuracy[ferry]", 0.25, 0.1, 4)],
            "app": [Metric("accuracy", 0.75, 0.1, 10), Metric("accuracy[ferry]", 1.0, 0.0, 2)],
        },
    )
    text = results_table(Grading([], {"acp-hard": report}))
    main, pivot = text.split("\n\n")
    assert "accuracy[ferry]" not in main and main.count("|accuracy|") == 2
    assert pivot.splitlines() == [
        "|acp-hard: accuracy|   all|   app|",
        "|------------------|-----:|-----:|",
        "|ferry             |0.2500|1.0000|",
        "|(all)             |0.5000|0.7500|",
    ]


def test_no_labelled_metrics_no_pivot() -> None:
    report = ConfigReport("bw", "ground", groups={"all": [Metric("accuracy", 1.0, 0.0, 3)]})
    assert "\n\n" not in results_table(Grading([], {"bw": report}))


def test_a_standard_error_from_fewer_than_five_rows_is_not_shown_as_a_number() -> None:
    """Two agreeing rows have sqrt(p(1-p)/n) = 0: '± 0.0000' would read as an exact score."""
    report = ConfigReport(
        "bw", "ground", groups={"all": [Metric("accuracy", 1.0, 0.0, 2)], "hard": [Metric("accuracy", 0.6, 0.2191, 5)]}
    )
    few, enough = results_table(Grading([], {"bw": report})).splitlines()[2:]
    assert few.endswith(f"|1.0000|   |   {FEW_ROWS}|  2|") and "±" not in few
    assert enough.endswith("|0.6000|±  |0.2191|  5|")
    summary = summary_table(Grading([], {"bw": report})).splitlines()[2]
    assert FEW_ROWS in summary and "±" not in summary
