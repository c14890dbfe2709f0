"""results.json says what produced it; the rows file holds response, parsed answer, target,
score, reason and detail; a metric over no rows is null in JSON and "-" in the table."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.scoring.grading import ConfigReport, Grading
from scorer.scoring.provenance import PACKAGES
from scorer.scoring.results import (
    CUT_MARKER,
    MAX_RESPONSE_CHARS,
    results_table,
    row_lines,
)
from scorer.scoring.run import score_file
from scorer.tasks.base import Judgement, Reason, mean, rate

ROW = KeyRow("c/test/0000", "c", "d", "ground", "easy", "", "", {"answer": True}, {})


def test_a_metric_over_no_rows_is_null_and_a_dash() -> None:
    empty = rate("accuracy", [])
    assert (empty.value, empty.stderr, empty.n) == (None, None, 0)
    assert mean("steps", []).value is None
    report = ConfigReport("c", "ground", groups={"all": [empty]})
    cells = [cell.strip() for cell in results_table(Grading([], {"c": report})).splitlines()[-1].split("|")]
    assert cells == ["", "c", "all", "accuracy", "-", "", "-", "0", ""]  # no "±" beside a missing error


def test_a_row_line_keeps_the_response_cut_with_a_marker() -> None:
    long = "Yes " * 1000
    grading = Grading([(ROW, Judgement(1.0, Reason.CORRECT, "yes"))], {})
    line = json.loads(row_lines(grading, {ROW.id: Prediction(ROW.id, 1, long, None, "m")})[0])
    assert line["response"] == long[:MAX_RESPONSE_CHARS] + CUT_MARKER.format(len(long) - MAX_RESPONSE_CHARS)
    assert (line["parsed"], line["target"], line["score"], line["reason"], line["detail"]) == (
        "yes",
        '{"answer": true}',
        1.0,
        "correct",
        None,
    )


def test_a_judges_explanation_is_the_detail() -> None:
    explained = Judgement(0.0, Reason.WRONG, ["(a)"], "(a) is not applicable")
    invalid = Judgement(0.0, Reason.INVALID, detail="expected a text response")
    lines = [json.loads(line) for line in row_lines(Grading([(ROW, explained), (ROW, invalid)], {}))]
    assert (lines[0]["parsed"], lines[0]["detail"]) == (["(a)"], "(a) is not applicable")
    assert (lines[1]["parsed"], lines[1]["detail"], lines[1]["response"]) == (None, "expected a text response", None)


def test_results_name_the_models_the_settings_and_the_versions(mini_data: Path, tmp_path: Path) -> None:
    predictions = tmp_path / "p.jsonl"
    predictions.write_text(
        json.dumps({"id": "blocksworld-ground/test/0000", "response": "Yes", "model": "m-1"})
        + "\n"
        + json.dumps({"id": "blocksworld-ground/test/0001", "response": "No", "model": "m-2"})
        + "\n"
    )
    run = score_file(predictions, mini_data, tmp_path / "results.json", configs={"blocksworld-ground"})
    recorded = json.loads(run.results_path.read_text())["run"]
    assert recorded["models"] == ["m-1", "m-2"]
    assert recorded["settings"] == {
        "split": "test",
        "configs": ["blocksworld-ground"],
        "gold": False,
        "all_configs": False,
        "duplicates": "first",
    }
    assert set(recorded["versions"]) == set(PACKAGES) and recorded["versions"]["lark"]
    assert recorded["git_commit"] is None or len(recorded["git_commit"]) == 40
    first = json.loads(run.rows_path.read_text().splitlines()[0])
    assert first["response"] == "Yes" and first["config"] == "blocksworld-ground"
