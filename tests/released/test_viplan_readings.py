"""The two yes/no readings on ViPlan's published grounder replies (``scorer.released.viplan_readings``).

ViPlan's results files are read from ``../shared/external/viplan-results``; the tests that
need them skip with a message when the folder is absent. The differential over every reply
takes about 10 s here (2 shared cores), so it runs in ``make test``.
"""

from __future__ import annotations

import copy
import gzip
import json
import re
import types
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorer.readers.paper_yes_no import paper_yes_no
from scorer.released import viplan_readings as vr
from scorer.released.viplan_readings import Comparison, Reply, Run, Tally
from tests.fidelity.reference import lift
from tests.fidelity.viplan_corpus import LOGGER, helpers

EXTERNAL = Path(__file__).resolve().parents[3] / "shared" / "external"
RESULTS = EXTERNAL / "viplan-results" / "results" / "final"
DOC = Path(__file__).resolve().parents[2] / "docs" / "real-replies.md"

# The runs the always-on tests read: a clean one per domain, the folder holding a rerun
# (two files: the later counts), and the runs where each kind of disagreement occurs.
SUBSET = {
    ("blocksworld", "final_cot", "simple", "gpt-4.1"),
    ("blocksworld", "final_no_cot", "simple", "gpt-4.1-nano"),  # two files
    ("igibson", "final_cot", "simple", "Molmo-7B-D-0924"),  # several answer tags
    ("igibson", "final_no_cot", "medium", "Molmo-7B-D-0924"),  # "No</user>"
    ("igibson", "final_cot", "simple", "llava-onevision-qwen2-7b-ov-hf"),  # prose with "not"
}
# Counted over the last file of every grounder model folder (see docs/real-replies.md).
ALL_REPLIES = 99_555
REPLIES_PER_DOMAIN = {"blocksworld": 53_231, "igibson": 46_324}
READ_DIFFERENTLY = 226


def results_dir() -> Path:
    if not RESULTS.is_dir():
        pytest.skip(
            f"ViPlan's published results are not here: {RESULTS} is absent (../shared/external/viplan-results/)"
        )
    return RESULTS


def subset_files() -> list[tuple[Run, Path]]:
    found = [(run, path) for run, path in vr.latest_results_files(results_dir()) if _key(run) in SUBSET]
    assert {_key(run) for run, _ in found} == SUBSET
    return found


def _key(run: Run) -> tuple[str, str, str, str]:
    return (run.domain, run.experiment, run.split, run.model)


def subset_replies() -> list[Reply]:
    return [reply for run, path in subset_files() for reply in vr.replies_in(run, vr.read_results(path))]


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    """Every grounder reply's readings, compared once for the tests that read them: a module
    fixture, so that `--dist loadgroup` runs them on one worker (tests/conftest.py) instead of
    each worker reading all of ViPlan's results files again."""
    return vr.compare_readings(vr.grounder_replies(results_dir()))


def records(path: Path) -> Iterator[tuple[str, list[Any]]]:
    """(question, record) of every question in a results file, walked here independently of
    the module so that the two walks check each other's counts."""
    with gzip.open(path, "rt") as handle:
        results = json.load(handle)
    for key, episode in results.items():
        if key.startswith("data/"):
            for action in episode["action_results"] or []:
                for part in ("preconditions_results", "effects_results"):
                    for question, record in (action[part] or {}).items():
                        if question not in ("all_correct", "all_state_correct", "updated_non_visible_preds"):
                            yield question, record


# -- ViPlan's own code, replayed on the recorded replies -------------------------------------


@cache
def viplan_grounder(domain: str) -> types.SimpleNamespace:
    """ViPlan's ``ask_vlm`` and ``cast_to_yes_no`` from the domain's grounder experiment file."""
    relative = f"viplan/viplan/experiments/benchmark_{domain}_plan.py"
    return lift(relative, ["ask_vlm", "cast_to_yes_no"], {"parse_output": helpers().parse_output, "copy": copy})


def replay(domain: str, question: str, record: list[Any], base_prompt: Path) -> list[Any]:
    """ViPlan's ``ask_vlm`` on one recorded reply: a stand-in model returns the recorded reply
    and probabilities, and a stand-in state and PDDL expectation give back the recorded matches
    (both follow from the recorded reading, which is what the replay rebuilds independently)."""
    parsed, yes_prob, no_prob, _explanation, answer_match, raw, state_match = record
    said_yes = parsed == "yes"
    predicate, args = question.split(" ")
    model = types.SimpleNamespace(generate=lambda **kwargs: [(raw, yes_prob, no_prob)])
    env = types.SimpleNamespace(state={predicate: {args: state_match == said_yes}})
    questions = {question: (question, answer_match == said_yes)}
    results = viplan_grounder(domain).ask_vlm(questions, None, model, str(base_prompt), LOGGER, env)
    return list(results[question])


def test_viplans_code_rebuilds_the_record_on_the_subset(tmp_path: Path) -> None:
    """Each recorded reading and explanation is what ViPlan's published code gives on the reply:
    the record is that code's output."""
    base_prompt = tmp_path / "prompt.md"
    base_prompt.write_text("")
    checked = 0
    for run, path in subset_files():
        for question, record in records(path):
            assert replay(run.domain, question, record, base_prompt) == record, (run, question)
            checked += 1
    assert checked == len(subset_replies())


def test_viplans_cast_on_hand_made_answers() -> None:
    cast = viplan_grounder("blocksworld").cast_to_yes_no
    assert [cast(answer, LOGGER) for answer in ("not sure", "", None, "maybe")] == ["no", "", "invalid answer", "maybe"]


# -- the differential ------------------------------------------------------------------------


def test_paper_reading_matches_the_record_on_the_subset() -> None:
    replies = subset_replies()
    assert replies
    mismatched = [reply for reply in replies if paper_yes_no(reply.raw) != reply.viplan]
    assert not mismatched, mismatched[:3]


def test_paper_reading_matches_the_record_on_every_reply(comparison: Comparison) -> None:
    assert comparison.total.replies == ALL_REPLIES
    assert comparison.mismatches == []


def test_every_reply_is_counted_once(comparison: Comparison) -> None:
    per_domain = Counter({domain: 0 for domain in REPLIES_PER_DOMAIN})
    for run, path in vr.latest_results_files(results_dir()):
        per_domain[run.domain] += sum(1 for _ in records(path))
    assert dict(per_domain) == REPLIES_PER_DOMAIN
    assert comparison.total.replies == sum(per_domain.values())


def test_the_readings_disagree_on_few_replies_of_three_kinds(comparison: Comparison) -> None:
    assert comparison.total.differ == READ_DIFFERENTLY
    found = {name: kind.tally.replies for name, kind in comparison.kinds.items() if kind.tally.replies}
    assert found == {
        vr.KINDS[0].name: 41,  # several answer tags
        vr.KINDS[2].name: 16,  # "No</user>"
        vr.KINDS[3].name: 169,  # "not"
    }


def test_the_doc_shows_the_measured_tables(comparison: Comparison) -> None:
    assert vr.markdown(comparison) in DOC.read_text(encoding="utf-8"), (
        f"docs/real-replies.md is stale: regenerate with {vr.COMMAND} --markdown FILE"
    )


def test_a_rerun_folder_counts_its_last_file() -> None:
    [(_run, path)] = [(run, path) for run, path in subset_files() if run.model == "gpt-4.1-nano"]
    assert len(list(path.parent.glob(vr.RESULTS_GLOB))) == 2
    assert path == sorted(path.parent.glob(vr.RESULTS_GLOB))[-1]


def test_the_command_prints_and_writes_the_tables(tmp_path: Path) -> None:
    subset = tmp_path / "final"
    for run, path in subset_files():
        folder = subset / run.domain / run.experiment / vr.GROUNDER_METHOD / run.split / run.model
        folder.mkdir(parents=True)
        (folder / path.name).symlink_to(path)
    out = tmp_path / "readings.md"
    result = CliRunner().invoke(vr.main, [str(subset), "--markdown", str(out)])
    assert result.exit_code == 0, result.output
    assert re.search(r"\|paper_yes_no differs from the record *\| *0 *\|", result.output), result.output
    assert out.read_text().startswith("<!-- made by:")
    assert vr.KINDS[0].name in out.read_text()


# -- without the published files ----------------------------------------------------------------


def test_help() -> None:
    result = CliRunner().invoke(vr.main, ["--help"])
    assert result.exit_code == 0
    assert "RESULTS_DIR" in result.output and "--markdown" in result.output


def test_a_results_file_yields_only_question_records() -> None:
    run = Run("d", "final_cot", "simple", "m")
    record = ["no", 0.1, 0.9, None, True, "No.", False]
    results = {
        "task_accuracy": 0.5,
        "data/p1.pddl": {"action_results": None},
        "data/p2.pddl": {
            "action_results": [
                {"preconditions_results": None, "effects_results": {}},
                {
                    "preconditions_results": {"clear a": record, "all_correct": True, "all_state_correct": False},
                    "effects_results": {
                        "on a,b": ["yes", 0, 0, None, True, "Yes", True],
                        "updated_non_visible_preds": {},
                    },
                },
            ]
        },
    }
    replies = list(vr.replies_in(run, results))
    assert [(r.question, r.raw, r.parsed, r.state_match) for r in replies] == [
        ("clear a", "No.", "no", False),
        ("on a,b", "Yes", "yes", True),
    ]
    # "no" that did not match the state: the state holds; "yes" that matched: it holds too.
    assert [r.truth for r in replies] == [True, True]


def test_truth_is_unknown_when_viplan_read_neither() -> None:
    reply = Reply(Run("d", "final_no_cot", "s", "m"), "clear a", "maybe", "maybe", False)
    assert reply.viplan is None and reply.truth is None
    assert not Run("d", "final_fail01_no_cot", "s", "m").chain_of_thought
    assert Run("d", "final_cot", "s", "m").chain_of_thought


def test_an_unreadable_reading_counts_as_wrong() -> None:
    tally = Tally()
    tally.add(truth=True, paper=True, ours=None)
    tally.add(truth=None, paper=None, ours=None)
    assert (tally.replies, tally.unknown_truth, tally.differ) == (2, 1, 1)
    assert (tally.accuracy(tally.paper_right), tally.accuracy(tally.ours_right)) == (1.0, 0.0)


@pytest.mark.parametrize(
    ("reply", "kind"),
    [
        ("<answer>No</answer> more <answer>Yes</answer>", 0),
        ("<Answer>Yes</Answer>", 1),
        (" No</user>\n<points x1='1'>", 2),
        ("The block is not in column c1.", 3),
        ("The answer is **Yes**", 4),
    ],
)
def test_kinds(reply: str, kind: int) -> None:
    assert vr.kind_of(reply) is vr.KINDS[kind]


def test_examples_are_short_and_on_one_line() -> None:
    text = "word " * 30 + "the block is not there\nat all " + "x " * 40
    excerpt = vr.KINDS[3].excerpt(text)
    assert "not" in excerpt and "\n" not in excerpt and len(excerpt) <= vr.EXCERPT_CHARS
    assert excerpt.startswith("word ")  # cut at a word's start
