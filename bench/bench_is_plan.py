"""Benchmark: the paper reading's ``is_plan`` (the ``just`` judge) over ACPBench Hard's
``just`` records, grounding only the plan's actions against grounding the whole task.

Each way runs in a fresh process of its own (caches cold, one after the other): for every
record of both splits, three plans are checked: its question's, that one without the
record's first removable part (the gold answer), and without its last action. The grounded
way is how ``is_plan`` checked before: ``load_task`` (the whole task parsed and grounded)
then ``validate_plan``. The checked way is ``paper_planner.is_plan`` (``scorer.pddl.PlanCheck``). Prints CPU seconds
of each (imports included, as a scoring worker pays them), the ratio, the load average
beside each figure (the machine may be shared: CPU time is the steadier figure), and
whether the verdicts agree.

    python bench/bench_is_plan.py [--source DIR] [--domain ferry]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SHARED_SOURCE = REPO.parent / "shared" / "external" / "acpbench-hard"
WAYS = ("grounded", "checked")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SHARED_SOURCE, help="ACPBench Hard's dataset folder")
    parser.add_argument("--domain", default=None, help="only the records of this PDDL domain name")
    parser.add_argument("--way", choices=WAYS, default=None, help=argparse.SUPPRESS)  # one child process
    args = parser.parse_args()
    if args.way is not None:
        print(json.dumps(measure(args.way, args.source, args.domain)))
        return
    if not args.source.is_dir():
        sys.exit(f"no ACPBench Hard folder at {args.source}; give it with --source")
    results = {}
    for way in WAYS:
        command = [sys.executable, __file__, "--way", way, "--source", str(args.source)]
        command += ["--domain", args.domain] if args.domain else []
        done = subprocess.run(
            command, check=True, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)}
        )
        results[way] = json.loads(done.stdout.strip().splitlines()[-1])
        found = results[way]
        print(
            f"{way:9s} {found['calls']} is_plan calls ({found['valid']} valid): {found['cpu']:6.2f} CPU s "
            f"(is_plan alone {found['cpu_calls']:6.2f}); load {found['load']}"
        )
    grounded, checked = results["grounded"], results["checked"]
    ratio, alone = grounded["cpu"] / checked["cpu"], grounded["cpu_calls"] / checked["cpu_calls"]
    print(f"ratio grounded / checked: {ratio:.1f}x (is_plan alone {alone:.1f}x)")
    if grounded["verdicts"] != checked["verdicts"]:
        sys.exit("the verdicts differ")
    print("the verdicts agree")


def measure(way: str, source: Path, domain: str | None) -> dict[str, Any]:
    """One way, in this (fresh) process."""
    started = time.process_time()
    from scorer.families.classical.acpbench_import import read_source
    from scorer.pddl import normalize_name, validate_plan
    from scorer.tasks.acp import paper_planner
    from scorer.tasks.acp.judge import load_task

    def grounded(domain_pddl: str, problem_pddl: str, plan: list[str]) -> bool:
        task = load_task(domain_pddl, problem_pddl)
        return validate_plan(task, [normalize_name(step) for step in plan], start=task.init).valid

    is_plan = grounded if way == "grounded" else paper_planner.is_plan
    calls = [
        (record["PDDL_domain"], record["PDDL_problem"], plan)
        for split in read_source(source).values()
        for found in split
        if found.kind == "just" and (domain is None or f"(domain {domain})" in found.record["PDDL_domain"])
        for record in [found.record]
        for plan in plans(record)
    ]
    calls_started = time.process_time()
    verdicts = [is_plan(*call) for call in calls]
    ended = time.process_time()
    return {
        "cpu": ended - started,
        "cpu_calls": ended - calls_started,
        "calls": len(calls),
        "valid": sum(verdicts),
        "verdicts": verdicts,
        "load": " ".join(f"{value:.2f}" for value in os.getloadavg()),
    }


def plans(record: dict[str, Any]) -> list[list[str]]:
    """The question's plan (as their evaluator reads it), that plan without the record's
    first removable part ([action, k]: its k-th occurrence, [a1, a2, -1]: a pair), and
    without its last action (not a plan, mostly)."""
    plan = record["question"][19:-147].replace(") (", ")######(").split("######")
    example = record["answer"][0]
    names = [name.lower() for name in example[:-1]]
    lowered = [step.lower() for step in plan]
    if len(names) == 1:
        where = [i for i, step in enumerate(lowered) if step == names[0]][int(example[-1]) - 1]
        return [plan, plan[:where] + plan[where + 1 :], plan[:-1]]
    where = next(i for i in range(len(plan) - 1) if lowered[i : i + 2] == names)
    return [plan, plan[:where] + plan[where + 2 :], plan[:-1]]


if __name__ == "__main__":
    main()
