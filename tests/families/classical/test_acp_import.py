"""The ACPBench Hard importer: records written in their format, and the published copy when present."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from data_build.card import merge_cards
from scorer.executors import make_executor
from scorer.families.classical.acpbench_import import acpbench_hard_import, import_rows, problem_jobs, read_source
from scorer.io.dataset import load_keys
from scorer.scoring.grading import grade
from scorer.scoring.references import reference_predictions
from scorer.tasks.acp import KINDS

SHARED_COPY = Path(__file__).resolve().parents[4] / "shared" / "external" / "acpbench-hard"

# Their ferry style: a static not-eq predicate, uppercase is allowed, :init is the question state.
FERRY = """(define (domain ferry)
    (:requirements :strips :typing)
    (:types car location)
    (:predicates (not-eq ?x ?y - location) (at-ferry ?l - location) (at ?c - car ?l - location)
                 (empty-ferry) (on ?c - car))
    (:action sail :parameters (?from ?to - location)
        :precondition (and (not-eq ?from ?to) (at-ferry ?from))
        :effect (and (at-ferry ?to) (not (at-ferry ?from))))
    (:action board :parameters (?car - car ?loc - location)
        :precondition (and (at ?car ?loc) (at-ferry ?loc) (empty-ferry))
        :effect (and (on ?car) (not (at ?car ?loc)) (not (empty-ferry))))
    (:action debark :parameters (?car - car ?loc - location)
        :precondition (and (on ?car) (at-ferry ?loc))
        :effect (and (at ?car ?loc) (empty-ferry) (not (on ?car)))))
"""

PROBLEM = """(define (problem ferry-l2-c1)
    (:domain ferry)
    (:requirements :strips :typing)
    (:objects c0 - car l0 l1 - location)
    (:init (at c0 l0) (at-ferry l0) (empty-ferry) (not-eq l0 l1) (not-eq l1 l0))
    (:goal (and (at c0 l1))))
"""

CONTEXT = "This is a ferry domain. Currently, the ferry is at l0 and empty, and c0 is at l0."

# (kind, question, answer); the val record's index is deliberately wrong (1 instead of 0).
RECORDS = [
    (
        "app",
        "Generate the list of all ground actions that are applicable in this state.",
        ["(BOARD c0 l0)", "(sail l0 l1)"],
    ),
    (
        "prog",
        'Break down the outcomes of performing the action "board car c0 at location l0" into two lists, '
        "positive effects and negative effects.",
        {"pos": ["(on c0)"], "neg": ["(at c0 l0)", "(empty-ferry)"]},
    ),
    ("reach", "What proposition can never hold in any potentially reachable state?", []),
    (
        "areach",
        "What action can never become applicable, in any state reachable from the current state?",
        ["(sail l0 l0)"],
    ),
    (
        "val",
        'What is the first inapplicable action in the next sequence of actions: "(debark c0 l0) (board c0 l0)"?',
        1,
    ),
    (
        "just",
        'Simplify the plan "(board c0 l0) (sail l0 l1) (sail l1 l0) (sail l0 l1) (debark c0 l1)" by removing '
        "either a single action or a pair of consecutive actions, while still maintaining a valid plan. "
        "Provide the resulting simplified plan.",
        [["(sail l0 l1)", "(sail l1 l0)", "-1"]],
    ),
    (
        "land",
        "Generate a non-trivial fact landmark, one that does not hold in the initial state or goal.",
        {"yes": ["(on c0)", "(at-ferry l1)"], "no": []},
    ),
    (
        "nexta",
        "What is the next action that takes us towards the goal?",
        {"yes": ["(board c0 l0)"], "no": [], "maybe": ["(sail l0 l1)"], "opt": "3"},
    ),
]
GROUPS = dict(
    zip(
        KINDS,
        [
            "applicable_actions_gen",
            "progression_gen",
            "reachable_atom_gen",
            "reachable_action_gen",
            "validation_gen",
            "action_justification_gen",
            "landmarks_gen",
            "goal_closer_gen",
        ],
    )
)


def write_source(folder: Path) -> Path:
    for number, (kind, question, answer) in enumerate(RECORDS):
        record = {
            "id": 1000 + number,
            "group": GROUPS[kind],
            "context": CONTEXT,
            "question": question,
            "answer": answer,
            "PDDL_domain": FERRY,
            "PDDL_problem": PROBLEM,
        }
        (folder / kind).mkdir(parents=True)
        with gzip.open(folder / kind / "test.gen.json.gz", "wt") as stream:
            json.dump([record], stream)
        (folder / kind / "dev.gen.json").write_text(json.dumps([record]))
    return folder


def test_records_in_their_format_become_rows_scored_by_our_validators(tmp_path: Path) -> None:
    source = write_source(tmp_path / "source")
    result = CliRunner().invoke(
        acpbench_hard_import,
        [str(source), "--out", str(tmp_path / "out"), "--disputes", str(tmp_path / "d.md"), "--quiet"],
    )
    assert result.exit_code == 0, result.output
    assert "wrote 16 rows" in result.output and "2 source answers disputed" in result.output
    dataset = load_keys(tmp_path / "out", "test", {"acpbench-hard"})
    grading = grade(dataset, reference_predictions(dataset, "gold"))
    # The headline is ACPBench's own reading, which credits their answers; ours proves val's wrong.
    assert {row.meta["acp_task"]: judgement.score for row, judgement in grading.rows} == dict.fromkeys(KINDS, 1.0)
    ours = {row.meta["acp_task"]: grading.judged[row.id].ours.score for row, _ in grading.rows}
    assert ours == {kind: 0.0 if kind == "val" else 1.0 for kind in KINDS}
    disputes = (tmp_path / "d.md").read_text()
    assert (
        "validation" not in disputes and "| val | ferry | 1 | wrong: the first inapplicable action is 0 |" in disputes
    )


def test_their_keys_become_ours(tmp_path: Path) -> None:
    rows, _ = import_rows(write_source(tmp_path / "source"))
    keys = {json.loads(r["meta"])["acp_task"]: json.loads(r["answer_key"]) for r in rows["test"]}
    assert keys["app"]["applicable"] == ["(sail l0 l1)", "(board c0 l0)"]
    assert keys["app"]["source_answer"] == "[(BOARD c0 l0), (sail l0 l1)]"
    assert keys["prog"]["action"] == "(board c0 l0)"
    assert keys["reach"]["none_correct"] and keys["reach"]["source_answer"] == "None"
    assert keys["areach"]["source_answer"] == "(sail l0 l0)"  # well-formed, never applicable
    assert keys["just"]["removable"] == [[1, 2], [2, 2]]
    assert keys["nexta"]["opt"] == 3 and keys["nexta"]["yes"] == ["(board c0 l0)"]
    zeroshot = rows["test"][0]["zeroshot"]  # our wording; `prompt` is ACPBench's 2-shot (tests/fidelity)
    assert zeroshot.startswith(CONTEXT) and zeroshot.endswith("[(action), (action), ...].")


def test_a_just_answer_keeps_the_questions_spelling_which_acpbench_compares_case_sensitively(
    tmp_path: Path,
) -> None:
    source = write_source(tmp_path / "source")
    just = source / "just" / "dev.gen.json"
    [record] = json.loads(just.read_text())
    record["question"] = record["question"].replace("(board c0 l0)", "(BOARD c0 l0)")  # as logistics writes them
    just.write_text(json.dumps([record]))
    rows, _ = import_rows(source)
    [row] = [r for r in rows["dev"] if json.loads(r["meta"])["acp_task"] == "just"]
    assert json.loads(row["answer_key"])["source_answer"] == "[(BOARD c0 l0), (sail l0 l1), (debark c0 l1)]"
    CliRunner().invoke(acpbench_hard_import, [str(source), "--out", str(tmp_path / "out"), "--quiet"])
    dataset = load_keys(tmp_path / "out", "dev", {"acpbench-hard"})
    grading = grade(dataset, reference_predictions(dataset, "gold"))
    [judged] = [grading.judged[r.id] for r, _ in grading.rows if r.meta["acp_task"] == "just"]
    assert judged.paper is not None and judged.paper.score == judged.ours.score == 1.0


def test_wrong_answers_to_imported_rows_score_zero(tmp_path: Path) -> None:
    source = write_source(tmp_path / "source")
    CliRunner().invoke(acpbench_hard_import, [str(source), "--out", str(tmp_path / "out"), "--quiet"])
    dataset = load_keys(tmp_path / "out", "dev", {"acpbench-hard"})
    grading = grade(dataset, reference_predictions(dataset, "wrong"))
    assert all(judgement.score == 0.0 for _, judgement in grading.rows)


def test_a_problem_and_its_variants_are_one_job_and_every_executor_imports_the_same_rows(tmp_path: Path) -> None:
    source = write_source(tmp_path / "source")
    variant = PROBLEM.replace("(at-ferry l0) (empty-ferry)", "(at-ferry l1) (empty-ferry)")  # another state
    other = PROBLEM.replace("(at c0 l1)", "(at c0 l1) (at-ferry l0)")  # another goal: another problem
    for kind in KINDS:
        dev = source / kind / "dev.gen.json"
        first = json.loads(dev.read_text())[0]
        added = [{**first, "id": first["id"] + 100 * n, "PDDL_problem": text} for n, text in ((1, variant), (2, other))]
        dev.write_text(json.dumps([first, *added]))
    jobs = problem_jobs(read_source(source), {})
    assert sorted(len(job.records) for job in jobs) == [8, 8 + 16]  # test + dev records of the first problem
    alone = import_rows(source)
    pool = make_executor("local:2")
    try:
        assert import_rows(source, executor=pool) == alone
    finally:
        pool.close()
    assert [row["id"] for row in alone[0]["dev"]] == [f"acpbench-hard/dev/{i:04d}" for i in range(24)]


def test_import_keeps_the_other_configs_of_the_folder(tmp_path: Path) -> None:
    existing = (
        "---\nconfigs:\n- config_name: a\n  data_files: []\ndataset_info:\n- config_name: a\n---\n\n# Title\n\n"
        "| config | rows | what |\n|---|---|---|\n| `a` | 1 / 1 | A |\n\n## a\n\nabout a\n"
    )
    imported = (
        "---\nconfigs:\n- config_name: acpbench-hard\n  data_files: []\ndataset_info:\n- config_name: acpbench-hard\n"
        "---\n\n# Title\n\n| config | rows | what |\n|---|---|---|\n| `acpbench-hard` | 2 / 2 | B |\n\n"
        "## acpbench-hard\n\nabout b\n"
    )
    merged = merge_cards(existing, imported, ["acpbench-hard"])
    assert "config_name: a\n" in merged and "config_name: acpbench-hard" in merged
    assert "| `a` | 1 / 1 | A |\n| `acpbench-hard` | 2 / 2 | B |" in merged
    assert merged.index("## a\n") < merged.index("## acpbench-hard\n") and "about b" in merged
    assert merge_cards(merged, imported, ["acpbench-hard"]).count("## acpbench-hard") == 1


@pytest.mark.skipif(not SHARED_COPY.is_dir(), reason=f"ACPBench Hard's published files are not at {SHARED_COPY}")
def test_the_published_files_import_and_gold_fails_only_on_disputes(tmp_path: Path) -> None:
    """Gold scores 1 in the paper's reading (the headline) everywhere, and in ours except on the
    disputed keys; the wrong reference scores 0 in both readings."""
    result = CliRunner().invoke(
        acpbench_hard_import,
        [str(SHARED_COPY), "--out", str(tmp_path), "--limit", "1", "--disputes", str(tmp_path / "d.md"), "--quiet"],
    )
    assert result.exit_code == 0, result.output
    for split in ("test", "dev"):
        dataset = load_keys(tmp_path, split, {"acpbench-hard"})
        assert {row.meta["acp_task"] for row in dataset.rows.values()} == set(KINDS)
        grading = grade(dataset, reference_predictions(dataset, "gold"))
        assert [row.id for row, judgement in grading.rows if judgement.score != 1.0] == []
        failed = {row.id for row, _ in grading.rows if grading.judged[row.id].ours.score != 1.0}
        wrong = grade(dataset, reference_predictions(dataset, "wrong"))
        assert {judged.ours.score for judged in wrong.judged.values()} | {r.score for _, r in wrong.rows} == {0.0}
        assert failed == {
            line.split(" | ")[0][2:]
            for line in (tmp_path / "d.md").read_text().splitlines()
            if line.startswith(f"| acpbench-hard/{split}/")
        }


@pytest.mark.skipif(not SHARED_COPY.is_dir(), reason=f"ACPBench Hard's published files are not at {SHARED_COPY}")
def test_parsing_a_problem_whose_actions_share_names_with_predicates_prints_no_warning() -> None:
    # ACPBench's floor-tile names actions like predicates (legal PDDL); the import printed a
    # warning of unified-planning's for every such name of every problem it parsed.
    code = (
        "import sys; from pathlib import Path\n"
        "from scorer.families.classical.acpbench_import import read_source, _domain_name\n"
        "from scorer.tasks.acp.judge import load_task\n"
        "records = read_source(Path(sys.argv[1]))['test']\n"
        "record = next(r.record for r in records if _domain_name(r.record['PDDL_domain']) == 'floortile')\n"
        "print(len(load_task(record['PDDL_domain'], record['PDDL_problem']).actions))"
    )
    done = subprocess.run(
        [sys.executable, "-W", "default", "-c", code, str(SHARED_COPY)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and int(done.stdout) > 0, done.stderr
    assert "already defined" not in done.stderr
