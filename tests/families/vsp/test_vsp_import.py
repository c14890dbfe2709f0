"""`planarium import vsp`: VSP's own maze and blocks questions with VSP's answers as keys;
our rules agree with every answer file except the disputed rows, and each dispute has its
reason."""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorer.families.vsp.kind import judge
from scorer.families.vsp.vsp_import import CONFIG, imported_questions, read_archive, vsp_import
from scorer.families.vsp.vsp_import_blocks import imported_blocks
from scorer.io.dataset import load_keys
from scorer.scoring.grading import grade
from scorer.scoring.references import reference_predictions
from scorer.scoring.run import score_file

ARCHIVE = Path(__file__).resolve().parents[4] / "shared" / "external" / "vsp" / "vsp-text.jsonl.gz"
needs_archive = pytest.mark.skipif(not ARCHIVE.is_file(), reason="VSP's text files are not in ../shared")


@pytest.fixture(scope="module")
def files() -> dict[str, str]:
    return read_archive(ARCHIVE)


@needs_archive
def test_every_vsp_maze_question_is_read_and_only_ambiguous_t4_rows_are_disputed(files: dict[str, str]) -> None:
    imported = list(imported_questions(files))
    assert Counter(entry.question.task for entry in imported) == {
        "main": 600,
        "T1": 600,
        "T2": 600,
        "T3": 600,
        "T4": 500,
    }
    disputed = [entry for entry in imported if entry.dispute]
    assert len(disputed) == 11
    assert all(entry.question.task == "T4" and entry.dispute.startswith("ambiguous") for entry in disputed)
    assert all(entry.question.key["answer"] is False for entry in disputed)  # VSP's key: unsafe


@needs_archive
def test_examples_carry_vsp_worked_answers(files: dict[str, str]) -> None:
    examples = list(imported_questions(files, "example"))
    assert len(examples) == 232
    main = next(e.question for e in examples if e.question.task == "main")
    assert re.search(r"Action plan: [LRUD](,[LRUD])*\s*$", main.solution)
    # Our scorer reads every one of VSP's worked answers as right (T2's "Left,Above" too).
    assert all(judge(e.question.solution, e.question.key).reason == "correct" for e in examples)


@pytest.fixture(scope="module")
def small_import(files: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A small archive (the first two items of each task's first level, and the examples)
    imported: the folder and the command's output."""
    tmp_path = tmp_path_factory.mktemp("vsp-small")
    keep = {
        p: t
        for p, t in files.items()
        if "/example/" in p
        or re.search(r"/maps/level(3|_step1)/\w+/[01](\.txt)?$", p)
        or re.search(r"^blocks/task\d/maps/level3/annotation.txt$", p)
    }
    small = tmp_path / "vsp-text.jsonl.gz"
    with gzip.open(small, "wt", encoding="utf-8") as out:
        out.writelines(json.dumps({"path": p, "text": t}) + "\n" for p, t in keep.items())
    disputes = tmp_path / "disputes.md"
    result = CliRunner().invoke(
        vsp_import, [str(tmp_path), "--out", str(tmp_path / "data"), "--disputes", str(disputes)]
    )
    assert result.exit_code == 0, result.output
    return tmp_path, result.output


@needs_archive
def test_import_command_writes_rows_whose_gold_scores_100(small_import: tuple[Path, str]) -> None:
    tmp_path, output = small_import
    assert "wrote 18 rows of vsp-original" in output  # 10 maze, 8 blocks (T1-T4)
    dataset = load_keys(tmp_path / "data", "test", {CONFIG})
    assert {row.meta["source"] for row in dataset.rows.values()} >= {
        "maze/task1/maps/level3/0",
        "maze/task4/maps/level_step1/1",
        "blocks/task2/maps/level3/0",
        "blocks/task4/maps/level3/1",
    }
    assert {row.difficulty for row in dataset.rows.values()} >= {"T1", "blocks-T1", "blocks-T4"}
    report = grade(dataset, reference_predictions(dataset, "gold")).configs[CONFIG]
    assert report.groups["all"][0].value == 1.0
    assert report.readings["paper"].value == 1.0  # VSP's own eval script credits every gold answer too
    assert "0 of 18 rows" in (tmp_path / "disputes.md").read_text()


@needs_archive
def test_the_headline_of_the_papers_own_questions_is_the_papers_reading(
    small_import: tuple[Path, str], tmp_path: Path
) -> None:
    """Replies the two readings judge differently: vsp-original's metrics count VSP's reading,
    results.json says so, and each line of the rows file carries ours beside it."""
    data = small_import[0] / "data"
    gold = reference_predictions(load_keys(data, "test", {CONFIG}), "gold")
    replies = {row_id: str(p.response).upper() for row_id, p in sorted(gold.items())}  # VSP's script reads case
    predictions = tmp_path / "predictions.jsonl"
    predictions.write_text("".join(json.dumps({"id": i, "response": r}) + "\n" for i, r in replies.items()))

    run = score_file(predictions, data, tmp_path / "results.json")

    entry = json.loads(run.results_path.read_text())["configs"][CONFIG]
    rows = [json.loads(line) for line in run.rows_path.read_text().splitlines()]
    assert entry["reading"] == "paper" and entry["readings"]["differing_rows"] > 0
    assert entry["metrics"]["all"]["accuracy"]["value"] == entry["readings"]["paper"]["value"] < 1.0
    assert entry["readings"]["ours"]["value"] == 1.0  # ours reads an answer in any case
    assert all(row["reading"] == "paper" and row["ours"]["score"] == 1.0 for row in rows)
    assert sum(row["score"] for row in rows) / len(rows) == entry["readings"]["paper"]["value"]


def test_a_missing_archive_is_a_one_line_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(vsp_import, [str(tmp_path), "--out", str(tmp_path / "data")])
    assert result.exit_code != 0 and "vsp-text.jsonl.gz not found" in result.output


@needs_archive
def test_every_vsp_blocks_question_is_read_and_only_indirect_t2_relations_are_disputed(files: dict[str, str]) -> None:
    imported = list(imported_blocks(files))
    assert Counter(entry.question.task for entry in imported) == {
        "main": 400,
        "T1": 300,
        "T2": 300,
        "T3": 300,
        "T4": 400,
    }
    assert Counter(entry.question.level for entry in imported if entry.question.task == "main") == {
        f"level{n}": 100 for n in (1, 3, 5, 7)
    }
    disputed = [entry for entry in imported if entry.dispute]
    assert len(disputed) == 16
    assert all(e.question.task == "T2" and 'between, not "directly"' in (e.dispute or "") for e in disputed)
    # Our shortest plans have VSP's optimal length on every main row.
    assert all(
        e.question.key["optimal_length"] == int(e.question.level[5:]) for e in imported if e.question.task == "main"
    )
    assert sum(e.question.key["answer"] for e in imported if e.question.task == "T4") == 200


@needs_archive
def test_vsp_blocks_examples_score_as_their_keys(files: dict[str, str]) -> None:
    examples = list(imported_blocks(files, "example"))
    assert len(examples) == 136
    # VSP's worked answers, verbatim, are read as right by our judge (plans, colours, letters).
    assert all(judge(e.question.solution, e.question.key).reason == "correct" for e in examples)


@needs_archive
def test_rows_are_the_same_on_every_executor(files: dict[str, str]) -> None:
    from scorer.executors import make_executor
    from scorer.families.vsp.vsp_import import import_rows

    # Two whole levels (one maze, one blocks) and every example: about 200 questions.
    kept = ("maze/task1/maps/level3/", "blocks/task1/maps/level3/")
    few = {path: text for path, text in files.items() if "/example/" in path or path.startswith(kept)}
    here, _ = import_rows(few)
    two = make_executor("local:2")
    try:
        spread, _ = import_rows(few, two)
    finally:
        two.close()
    assert spread == here and len(here["test"]) >= 100
    assert {row["difficulty"].startswith("blocks-") for row in here["test"]} == {True, False}
