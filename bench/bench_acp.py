"""Scoring ACP answers: our cheapest-first validators against one planner call per undecided answer.

For ``acp-hard`` and the imported ``acpbench-hard``, the gold and the wrong reference
answers of the test split are scored (``scorer.scoring.grading.grade``), with a fresh planner
cache, and we count what deciding them took: look-ups, delete-relaxation proofs,
explicit searches, planner calls. The naive way is the paper's evaluator: an answer the
stored sets (the unreachable examples, the landmark / non-landmark sets, the next-action
yes / no sets) do not decide costs one planner call (fast-downward for reach, areach and
land, symk-opt for nexta), without a cache; it is run in the same process, on the same
answers, and its verdicts must agree with ours where both decide.

    python bench/bench_acp.py                      # mini acp-hard, 2 records per task imported
    python bench/bench_acp.py --size full          # 1,040 test rows (slow: a full build)
    python bench/bench_acp.py --data parquet       # an existing folder with both configs
    python bench/bench_acp.py --source DIR         # ACPBench Hard's files (default: ../shared/external/...)
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED_SOURCE = REPO.parent / "shared" / "external" / "acpbench-hard"


@dataclass
class Measured:
    config: str
    answers: str
    n: int
    accuracy: float
    seconds: float
    relaxed: int
    searches: int
    planner_calls: int
    planner_seconds: float
    undecided: int
    naive_calls: int
    naive_seconds: float


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=["mini", "full"], default="mini")
    parser.add_argument("--data", type=Path, default=None, help="a built folder with acp-hard (and acpbench-hard)")
    parser.add_argument("--source", type=Path, default=SHARED_SOURCE, help="ACPBench Hard's dataset folder")
    parser.add_argument("--limit", type=int, default=None, help="records per task imported (default: 2 for mini)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-acp-") as scratch:
        data = args.data or prepare(Path(scratch) / "data", args)
        measured = []
        for config in ("acp-hard", "acpbench-hard"):
            if (data / "data" / config).is_dir():
                for answers in ("gold", "wrong"):
                    measured.append(measure(data, config, answers, Path(scratch) / f"cache-{config}-{answers}"))
            else:
                print(f"(no {config} in {data}: skipped)")
    report(measured)


def prepare(data: Path, args: argparse.Namespace) -> Path:
    from data_build.build import build
    from data_build.spec import BuildSettings
    from scorer.families.classical.acpbench_import import import_rows, write_config

    started = time.perf_counter()
    build(data, "acp-hard", BuildSettings(size=args.size, seed=0, show_progress=False))
    print(f"built acp-hard --size {args.size} in {time.perf_counter() - started:.0f} s")
    if args.source.is_dir():
        limit = args.limit if args.limit is not None else (2 if args.size == "mini" else None)
        started = time.perf_counter()
        rows, _ = import_rows(args.source, limit)
        write_config(rows, data)
        print(f"imported acpbench-hard ({limit or 'all'} per task and split) in {time.perf_counter() - started:.0f} s")
    return data


def measure(data: Path, config: str, answers: str, cache: Path) -> Measured:
    from scorer.io.dataset import load_keys
    from scorer.scoring.grading import grade
    from scorer.scoring.references import reference_predictions
    from scorer.tasks.acp.judge import load_task
    from scorer.tasks.acp.oracle import oracle_settings

    dataset = load_keys(data, "test", {config})
    predictions = reference_predictions(dataset, answers)
    load_task.cache_clear()
    with oracle_settings(cache_dir=cache) as oracle:
        started = time.perf_counter()
        grading = grade(dataset, predictions)
        seconds = time.perf_counter() - started
    stats = oracle.stats
    accuracy = next(m.value for m in grading.configs[config].groups["all"] if m.name == "accuracy")
    naive_calls, naive_seconds = naive(grading.rows, predictions)
    return Measured(
        config,
        answers,
        len(grading.rows),
        accuracy,
        seconds,
        stats.relaxed,
        stats.searches,
        stats.planner_calls,
        stats.planner_seconds,
        stats.undecided,
        naive_calls,
        naive_seconds,
    )


def naive(graded: list, predictions: dict) -> tuple[int, float]:  # type: ignore[type-arg]
    """The paper's evaluator: one uncached planner call per answer the stored sets leave open."""
    from scorer.tasks.acp import acp_kind
    from scorer.tasks.acp.judge import load_task
    from scorer.tasks.acp.parse import parse_answer
    from scorer.tasks.acp.vocabulary import Vocabulary

    calls, started = 0, time.perf_counter()
    for row, judgement in graded:
        kind = row.meta["acp_task"]
        if not acp_kind(kind).from_state_facts:  # the kinds whose open answers take a planner call
            continue
        parsed = parse_answer(kind, predictions[row.id].response)
        if parsed is None or parsed.is_none or parsed.formula is not None or not parsed.names:
            continue
        vocabulary = Vocabulary.from_json(row.answer_key["vocabulary"])
        checked = (vocabulary.check_action if acp_kind(kind).lists_actions else vocabulary.check_atom)(parsed.names[0])
        if checked.name is None or _stored_sets_decide(kind, row.answer_key, checked.name):
            continue
        holds = _planner_call(kind, row, load_task(row.domain_pddl, row.problem_pddl), checked.name)
        calls += 1
        if holds is not None and judgement.reason in ("correct", "wrong"):
            assert (judgement.score == 1.0) == holds, (row.id, judgement, holds)
    return calls, time.perf_counter() - started


def _stored_sets_decide(kind: str, key: dict, name: str) -> bool:
    if kind in ("reach", "areach"):  # with no stored example, the paper scores an answer 0 unasked
        return name in key["unreachable"] or key["none_correct"]
    if kind == "land":
        return name in key["landmarks"] or name in key.get("non_landmarks", []) or name in key["trivial"]
    return name in key["yes"] or name in key["no"] or name not in key["applicable"]


def _planner_call(kind: str, row, task, name: str) -> bool | None:  # type: ignore[no-untyped-def]
    """Whether the answer is right, by one planner call (None: the planner did not decide)."""
    from scorer.pddl import PlannerVerdict, plan_with_planner
    from scorer.tasks.acp.compile import compiled_task

    state, goal, never, engine = task.init, task.goal_text(), None, "fast-downward"
    if kind == "reach":
        goal = name
    elif kind == "areach":
        action = task.action(name)
        if action is None:
            return True  # statically inapplicable: no planner needed even here
        goal = action.precondition_text()
    elif kind == "land":
        never = task.atom_index[name]
    else:
        state, engine = task.successor(task.init, name), "symk-opt"
    compiled = compiled_task(row.domain_pddl, task, state, goal, never)
    result = plan_with_planner(compiled.domain, compiled.problem, engine, 2048, None)
    if kind == "nexta":
        return None if result.verdict is not PlannerVerdict.SOLVED else result.cost == int(row.answer_key["opt"]) - 1
    if result.verdict is PlannerVerdict.SOLVED:
        return False
    return True if result.verdict is PlannerVerdict.UNSOLVABLE else None


def report(measured: list[Measured]) -> None:
    from scorer.io.table import format_table

    headers = [
        "config",
        "answers",
        "n",
        "accuracy",
        "ours s",
        "relaxed",
        "searches",
        "planner calls",
        "undecided",
        "naive calls",
        "naive s",
        "calls ratio",
        "time ratio",
    ]
    rows = []
    for m in measured:
        call_ratio = f"{m.naive_calls / m.planner_calls:.1f}x" if m.planner_calls else f"{m.naive_calls} vs 0"
        naive_total = m.seconds - m.planner_seconds + m.naive_seconds
        time_ratio = f"{naive_total / m.seconds:.1f}x" if m.seconds else "-"
        rows.append(
            [
                m.config,
                m.answers,
                m.n,
                m.accuracy,
                round(m.seconds, 2),
                m.relaxed,
                m.searches,
                m.planner_calls,
                m.undecided,
                m.naive_calls,
                round(m.naive_seconds, 2),
                call_ratio,
                time_ratio,
            ]
        )
    print(format_table(rows, headers))
    print("time ratio: (our scoring time without our planner calls + the naive planner calls) / our scoring time;")
    print("same answers, same process, one run; planner calls are real runs (fresh cache for ours, none for naive)")


if __name__ == "__main__":
    print("load average at start: {:.2f} {:.2f} {:.2f}; {} cores".format(*os.getloadavg(), os.cpu_count()))
    main()
