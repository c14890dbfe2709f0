"""ACPBench Hard's own parser and evaluators beside our ``paper`` reading, reply by reply.

Their code runs unchanged: ``src/grammar/grammar_parser.py`` (the figure 7 grammar with
lark's error recovery), ``get_parsed_answer`` and ``get_grammar_task`` lifted out of
``src/evaluate_gen.py`` (whose other imports we do not install), and the ``src/evaluators``
package. Their evaluators ask a planner where their key does not decide (``utils``, not
published, K* there): our oracle stands in for it (``scorer.tasks.acp.paper_planner``), so
this test holds their parsing and their evaluators' logic around the planner, not the
planner itself.

The rows are ACPBench Hard's own records (one per domain and kind, imported as
``planarium import acpbench-hard`` imports them); each is judged against the record's
answer field on both sides, as their evaluator reads it. The replies (at least 300 per
kind) are the gold answer and others written as models write them: prose around, case,
Markdown, brackets, several answers, "None", names that are not the task's, false static
facts, malformed lists.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
import types
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scorer.families.classical.acpbench_import import SourceRecord, fewshot_examples, imported_row
from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.tasks.acp import paper_planner
from scorer.tasks.acp.judge import load_task
from scorer.tasks.acp.paper_judge import judge_paper
from tests.fidelity.reference import lift, load_module, reference_path

SOURCE = Path(__file__).resolve().parents[3] / "shared" / "external" / "acpbench-hard"
SRC = "acpbench/src"
KINDS = ("app", "prog", "reach", "areach", "val", "just", "land", "nexta")
PER_DOMAIN = 10  # the source's records come ten per domain, domain after domain


# -- their code, the planner replaced by our oracle ----------------------------------------------


@cache
def _original_text() -> dict[str, str]:
    """Their evaluators hand the planner the PDDL lower-cased: the text as the record has it."""
    return {}


def _text(pddl: str) -> str:
    return _original_text().get(pddl, pddl)


def _is_unsolvable_new_goal(domain: str, problem: str, goal: str) -> bool:
    if goal.startswith("(and (planarium-action ") and goal.endswith("))"):
        found = paper_planner.action_unreachable(
            _text(domain), _text(problem), goal[len("(and (planarium-action ") : -2]
        )
    else:
        found = paper_planner.atom_unreachable(_text(domain), _text(problem), goal)
    return bool(found)  # undecided: their planner's timeout, scored False


def _get_action_preconditions(domain: str, problem: str, action: str) -> list[str] | None:
    """The preconditions, as a marker our planner stand-in reads back as the action."""
    if not load_task(_text(domain), _text(problem)).is_well_formed_action(action):
        return None
    return [f"(planarium-action {action})"]


def _is_plan(domain: str, problem: str, plan: list[str]) -> bool:
    return paper_planner.is_plan(_text(domain), _text(problem), plan)


def _is_on_optimal_plan(domain: str, problem: str, action: str, opt: Any) -> bool:
    known = _known_next_actions().get((domain, problem), {"yes": [], "no": []})
    found = paper_planner.on_optimal_plan(
        _text(domain), _text(problem), action, None if opt is None else int(opt), known["yes"], known["no"]
    )
    return bool(found)


@cache
def _known_next_actions() -> dict[tuple[str, str], dict[str, list[str]]]:
    """The next-action records' yes and no lists, by their lower-cased PDDL (what the stand-in
    for their planner is handed): the verdicts our stand-in extends by symmetry."""
    return {}


@pytest.fixture(scope="module")
def their_code() -> Iterator[types.SimpleNamespace]:
    src = reference_path(SRC)
    utils = types.ModuleType("utils")
    tarski = types.ModuleType("utils.tarski_utils")
    pddl_utils = types.ModuleType("utils.pddl_utils")
    tarski.get_action_preconditions = _get_action_preconditions  # type: ignore[attr-defined]
    tarski.is_plan = _is_plan  # type: ignore[attr-defined]
    tarski.is_on_optimal_plan = _is_on_optimal_plan  # type: ignore[attr-defined]
    pddl_utils.is_unsolvable_new_goal = _is_unsolvable_new_goal  # type: ignore[attr-defined]
    saved = {name: sys.modules.get(name) for name in ("utils", "utils.tarski_utils", "utils.pddl_utils")}
    sys.modules.update({"utils": utils, "utils.tarski_utils": tarski, "utils.pddl_utils": pddl_utils})
    sys.path.insert(0, str(src))
    try:
        import evaluators  # type: ignore[import-not-found]  # their package, from src/

        grammar = load_module(f"{SRC}/grammar/grammar_parser.py", "reference_acp_grammar_parser")
        gen = lift(f"{SRC}/evaluate_gen.py", ["get_parsed_answer", "check_prog_response", "get_grammar_task"])
        yield types.SimpleNamespace(
            get_evaluator=evaluators.get_evaluator,
            parser=grammar.ACPGrammarParser,
            grammar_file=str(src / "grammar" / "acp_grammar.lark"),
            get_parsed_answer=gen.get_parsed_answer,
            get_grammar_task=gen.get_grammar_task,
        )
    finally:
        sys.path.remove(str(src))
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
        for name in [n for n in sys.modules if n == "evaluators" or n.startswith("evaluators.")]:
            del sys.modules[name]


def their_score(code: types.SimpleNamespace, kind: str, record: dict[str, Any], reply: str) -> float:
    """``evaluate_gen.py``'s loop for one record and one reply."""
    task = f"acp_{kind}_gen"
    parser = _parsers(code, code.get_grammar_task(task))
    ans = [code.get_parsed_answer(reply, task, parser)]
    if any(elem is None for elem in ans) or any(elem is None for elem in ans[0]):
        return 0.0  # their PARSER ERROR
    return float(code.get_evaluator(record["group"]).get_score(ans, record))


_PARSERS: dict[str, Any] = {}


def _parsers(code: types.SimpleNamespace, grammar_task: str) -> Any:
    if grammar_task not in _PARSERS:
        _PARSERS[grammar_task] = code.parser(code.grammar_file, grammar_task)
    return _PARSERS[grammar_task]


# -- their records as our rows ---------------------------------------------------------------------


@cache
def source_records(kind: str) -> list[dict[str, Any]]:
    path = SOURCE / kind / "test.gen.json.gz"
    if not path.is_file():
        pytest.skip(f"ACPBench Hard's published files are not here: {path} is absent")
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        found: list[dict[str, Any]] = json.load(stream)
    return found


@cache
def records(kind: str) -> list[tuple[dict[str, Any], KeyRow]]:
    """One test record per domain, as a row holding what the paper's reading reads: the
    record's answer field and, for just, the plan cut out of its question (the import
    stores both: ``test_the_import_keeps_the_source_key``)."""
    picked = []
    source = source_records(kind)
    for index in range(0, len(source), PER_DOMAIN):
        record = source[index]
        key: dict[str, Any] = {"kind": kind, "source_key": record["answer"]}
        if kind == "just":
            key["source_plan"] = record["question"][19:-147].replace(") (", ")######(").split("######")
        domain, problem = record["PDDL_domain"], record["PDDL_problem"]
        row_id = f"acpbench-hard/test/{kind}-{index:04d}"
        picked.append((record, KeyRow(row_id, "acpbench-hard", record["group"], "acp", kind, domain, problem, key,
                                      {"acp_task": kind})))  # fmt: skip
        for text in (domain, problem):
            _original_text()[text.lower()] = text
        if kind == "nexta":
            _known_next_actions()[domain.lower(), problem.lower()] = record["answer"]
    return picked


@pytest.mark.parametrize("kind", KINDS)
def test_the_import_keeps_the_source_key(kind: str) -> None:
    source = source_records(kind)
    index = min(range(len(source)), key=lambda i: len(source[i]["PDDL_problem"]))
    row, _ = imported_row(SourceRecord(kind, "test", index, source[index]), index, fewshot_examples(0)[kind])
    key = json.loads(row["answer_key"])
    assert key["source_key"] == source[index]["answer"]
    assert ("source_plan" in key) == (kind == "just")


# -- replies ---------------------------------------------------------------------------------------------

WRAPPERS = [
    "{a}",
    "The answer is {a}.",
    "Let me think step by step. First, (hand-empty) holds.\n\nAnswer: {a}",
    "**{a}**",
    "[{a}]",
    "{a}\n\nThis follows from the state.",
    "```\n{a}\n```",
]


def _upper(name: str) -> str:
    return name.upper()


def _names(row: KeyRow, kind: str, rng: random.Random) -> list[str]:
    """Atoms or actions of the task, and some that are not, for the single-answer kinds."""
    task = load_task(row.domain_pddl, row.problem_pddl)
    objects = sorted(task.objects)
    if kind in ("areach", "nexta"):
        actions = [action.name for action in task.actions]
        pool = rng.sample(actions, min(6, len(actions)))
        schema = sorted(task.action_schemas)[0]
        pool += [f"({schema} {' '.join(rng.choice(objects) for _ in task.action_schemas[schema])})"]
    else:
        fluents = [atom for i, atom in enumerate(task.atoms) if not task.static_atoms >> i & 1]
        statics = [atom for i, atom in enumerate(task.atoms) if task.static_atoms >> i & 1]
        pool = rng.sample(fluents, min(5, len(fluents))) + rng.sample(statics, min(4, len(statics)))
    pool += [f"(flying {rng.choice(objects)})", f"(at {objects[0]} {objects[0]})", "(not an atom)"]
    return pool


def _source_items(record: dict[str, Any], kind: str) -> list[str]:
    answer = record["answer"]
    if kind == "reach":
        return [f"({a})" for a in answer]
    if kind == "areach":
        return list(answer)
    if kind == "land":
        return list(answer["yes"]) + list(answer["no"])[:3]
    return list(answer["yes"]) + list(answer["no"])[:2] + list(answer["maybe"])[:2]


def single_replies(kind: str, record: dict[str, Any], row: KeyRow, rng: random.Random) -> list[str]:
    names = _source_items(record, kind) + _names(row, kind, rng)
    answers = [*names, "None", "none", "NONE", "Nonetheless " + (names[0] if names else "(x)")]
    answers += [_upper(n) for n in names[:2]] + [n.replace(" ", "  ") for n in names[:2]]
    answers += [f"{names[0]} or {names[-1]}"] if names else []
    return [rng.choice(WRAPPERS).format(a=answer) for answer in answers]


def list_replies(record: dict[str, Any], rng: random.Random) -> list[str]:
    gold = list(record["answer"])
    shuffled = rng.sample(gold, len(gold))
    return [
        " ".join(gold),
        "[" + ", ".join(gold) + "]",
        "\n".join(shuffled),
        ", ".join(_upper(a) for a in gold),
        " ".join(gold[:-1]),
        " ".join(gold + ["(noop x)"]),
        "Since (hand-empty) holds, the applicable actions are: " + " ".join(gold),
        "**" + "**, **".join(gold) + "**",
        "None",
        "[]",
        " ".join(a.replace(" ", "  ") for a in gold),
        "```\n" + "\n".join(gold) + "\n```",
    ]


def prog_replies(record: dict[str, Any], rng: random.Random) -> list[str]:
    pos, neg = record["answer"]["pos"], record["answer"]["neg"]
    return [
        f"[{', '.join(pos)}] [{', '.join(neg)}]",
        f"[{', '.join(pos)}], [{', '.join(neg)}]",
        f"Positive effects: {' '.join(pos)}\nNegative effects: {' '.join(neg)}",
        f"**Positive Effects**: {', '.join(pos)}\n**Negative Effects**: {', '.join(neg)}",
        f"[{', '.join(pos)}]",
        f"[{', '.join(neg)}] [{', '.join(pos)}]",
        f"[{', '.join(pos + neg)}] []",
        f"[{', '.join(_upper(p) for p in pos)}] [{', '.join(neg)}]",
        f"The effects are [{', '.join(pos)}] and [{', '.join(neg)}].",
        f"[{' '.join(pos)}] [{' '.join(neg)}]",
        "[] []",
        f"Positive effects: [{', '.join(pos)}] Negative effects: [{', '.join(neg)}]",
    ]


def val_replies(record: dict[str, Any], rng: random.Random) -> list[str]:
    index = int(record["answer"])
    shown = "None" if index == -1 else str(index)
    other = str(max(0, index) + 1)
    return [
        shown,
        f"The first inapplicable action is at index {shown}.",
        f"0{shown}",
        other,
        "None",
        "-1",
        f"Index: {shown}\nBecause action {other} fails.",
        f"**{shown}**",
        f"Step 1: ... so the answer is {shown}",
        "no index",
    ]


def _removals(record: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The question's plan, and each simplified plan the answer field lists (each entry: the
    consecutive actions removed, "-1" filling the place of a second one)."""
    plan = record["question"][19:-147].replace(") (", ")######(").split("######")
    cuts = []
    for entry in record["answer"]:
        removed = [action.lower() for action in entry if action != "-1"]
        for i in range(len(plan)):
            if [action.lower() for action in plan[i : i + len(removed)]] == removed:
                cuts.append(plan[:i] + plan[i + len(removed) :])
                break
    return plan, cuts


def just_replies(record: dict[str, Any], rng: random.Random) -> list[str]:
    plan, cuts = _removals(record)
    replies = []
    for cut in cuts[:3]:
        replies += [
            " ".join(cut),
            "Simplified plan: " + " ".join(cut),
            " ".join(a.lower() for a in cut),
            "[" + ", ".join(cut) + "]",
        ]
    replies += [" ".join(plan), " ".join(plan[1:]), " ".join(plan[:-1]), " ".join(plan[::-1][1:]), "None", ""]
    return replies


def replies(kind: str, count: int = 300) -> Iterator[tuple[dict[str, Any], KeyRow, str]]:
    rng = random.Random(26)
    made = 0
    while made < count:
        for record, row in records(kind):
            if kind in ("reach", "areach", "land", "nexta"):
                texts = single_replies(kind, record, row, rng)
            elif kind == "app":
                texts = list_replies(record, rng)
            elif kind == "prog":
                texts = prog_replies(record, rng)
            elif kind == "val":
                texts = val_replies(record, rng)
            else:
                texts = just_replies(record, rng)
            for text in texts:
                yield record, row, text
                made += 1


@pytest.mark.parametrize("kind", KINDS)
def test_our_paper_reading_agrees_with_acpbenchs_evaluator(kind: str, their_code: types.SimpleNamespace) -> None:
    corpus = list(replies(kind))
    assert len(corpus) >= 300
    theirs = [their_score(their_code, kind, record, reply) for record, _, reply in corpus]
    ours = [judge_paper(row, Prediction(row.id, 1, reply, None, None)).score for _, row, reply in corpus]
    differ = [(row.id, reply[:80], t, o) for (_, row, reply), t, o in zip(corpus, theirs, ours, strict=True) if t != o]
    assert not differ, f"{len(differ)} of {len(corpus)} differ, e.g. {differ[:4]}"
    assert 0 < sum(theirs) < len(corpus)  # right and wrong answers both


def test_the_gold_answers_of_just_in_swap_are_right_as_the_question_spells_the_plan() -> None:
    """The swap questions spell the plan otherwise than its PDDL; the evaluator takes it from
    the question, so every removal the source lists is right."""
    swap = [(i, r) for i, r in enumerate(source_records("just")) if "(domain swap" in r["PDDL_domain"].lower()]
    assert swap
    for index, record in swap:
        key = {"kind": "just", "source_key": record["answer"]}
        key["source_plan"] = record["question"][19:-147].replace(") (", ")######(").split("######")
        row = KeyRow(f"just-{index}", "acpbench-hard", "swap", "acp", "just", record["PDDL_domain"],
                     record["PDDL_problem"], key, {"acp_task": "just"})  # fmt: skip
        _, cuts = _removals(record)
        for cut in cuts:
            assert judge_paper(row, Prediction(row.id, 1, " ".join(cut), None, None)).score == 1.0, (index, cut)


def test_a_next_action_mirroring_one_of_the_keys_gets_its_verdict() -> None:
    """Record 8 of the next-action test file: a ferry 65 steps from its goal, where our search
    and planner hit their bounds; boarding c40 mirrors boarding c38 (a yes) by swapping two
    cars that stand alike, so it is one step closer too, as their planner found."""
    record = source_records("nexta")[8]
    answer = record["answer"]
    assert "(board c40 l1)" in answer["maybe"] and "(board c38 l1)" in answer["yes"]
    found = paper_planner.on_optimal_plan(
        record["PDDL_domain"], record["PDDL_problem"], "(board c40 l1)", int(answer["opt"]), answer["yes"], answer["no"]
    )
    assert found is True
