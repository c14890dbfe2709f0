"""The optimal length of a kitchen task: an optimal planner on the PDDL core, its plan
replayed in the world.

Fast Downward's A* with the h^max heuristic (admissible, and it handles the core's
conditional effects) finds a shortest plan of the task's PDDL problem. The plan is then
replayed in the world, each step turned into the ``VERB Type`` a model would write and
executed by the world's rules, with every goal reached at the end: a plan that passes is
a plan of the world, so the world needs at most that many steps, and the core leaves out
no rule that would let the world do it shorter except those its docstring names.

``python -m scorer.families.kitchen.optimal DIR`` solves AsgardBench's 108 tasks (``DIR``
holds its files) and writes the table ``asgardbench_optimal.json`` beside this module:
per task, the optimal length and plan, or why there is none, and a digest of the problem
solved, so an import notices a table made for another version of the world. A run keeps
the entries of the table it finds that are still current and solves the others.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import up_fast_downward
from tqdm import tqdm

from scorer import atomic
from scorer.families.kitchen import catalog
from scorer.families.kitchen.goals import all_reached
from scorer.families.kitchen.pddl import (
    FAUCET_PRECONDITION,
    domain_pddl,
    name,
    problem_pddl,
    relevant_things,
    spot_name,
)
from scorer.families.kitchen.rules import act
from scorer.families.kitchen.tasks import KitchenTask
from scorer.families.kitchen.world import World

SEARCH = "astar(hmax())"
MEMORY = "2G"
# Fast Downward's time limit is CPU time; on a loaded machine wall time runs this many times
# longer before we stop a search that has not stopped itself.
_WALL_FACTOR = 6
_DRIVER = Path(up_fast_downward.__file__).parent / "downward" / "fast-downward.py"
# The PDDL action -> the verb a model writes, and which argument names the object.
_VERBS: dict[str, tuple[str, int]] = {
    "find": ("FIND", 0), "find-opening": ("FIND", 0), "pickup": ("PICKUP", 0), "put": ("PUT", 1),
    "open": ("OPEN", 0), "close": ("CLOSE", 0), "toggle-on-faucet": ("TOGGLE_ON", 0),
    "toggle-on-burner": ("TOGGLE_ON", 0), "toggle-on-heater": ("TOGGLE_ON", 0), "toggle-on-coffee": ("TOGGLE_ON", 0),
    "toggle-on-tv": ("TOGGLE_ON", 0), "toggle-off": ("TOGGLE_OFF", 0), "toggle-off-tv": ("TOGGLE_OFF", 0),
    "slice": ("SLICE", 0), "crack": ("SLICE", 0), "clean": ("CLEAN", 0), "clean-mirror": ("CLEAN", 0),
    "spray": ("SPRAY", 0), "drink": ("DRINK", 0), "drink-in-view": ("DRINK", 0), "empty": ("EMPTY", 0),
    "empty-in-view": ("EMPTY", 0),
}  # fmt: skip


@dataclass(frozen=True)
class Optimal:
    steps: int | None  # the shortest plan's length; None: not found (``reason`` says why)
    plan: list[str]  # the core's plan, PDDL actions
    reason: str = ""


def solve(world: World, task: KitchenTask, timeout_s: float) -> Optimal:
    """The shortest plan of the task's PDDL problem, or why there is none."""
    domain, problem = solver_pddl(world, task)
    found = search(domain, problem, timeout_s)
    if found.steps is None:
        return found
    return Optimal(found.steps, found.plan, check_plan(world, task, found.plan))


def solver_pddl(world: World, task: KitchenTask) -> tuple[str, str]:
    """The domain and problem for the planner: the faucet's "nothing but dishes in the
    sink" spelled out over the problem's objects (a universal precondition would become
    an axiom, which Fast Downward's h^max does not handle safely), so the objects move to
    the domain's constants."""
    problem = problem_pddl(world, task, "optimal")
    head, rest = problem.split("(:objects", 1)
    objects, tail = rest.split(")", 1)
    blockers = [t for t in relevant_things(world, task) if t.kind not in catalog.WASHABLE_IN_SINK]
    spelled = "(and " + " ".join(f"(not (in {name(t.id)} ?b))" for t in blockers) + ")"
    domain = domain_pddl().replace(FAUCET_PRECONDITION, spelled)
    domain = domain.replace("  (:predicates", f"  (:constants{objects})\n  (:predicates", 1)
    return domain, head + tail.lstrip("\n")


def search(domain: str, problem: str, timeout_s: float) -> Optimal:
    with tempfile.TemporaryDirectory(prefix="planarium-kitchen-") as workdir:
        folder = Path(workdir)
        (folder / "domain.pddl").write_text(domain)
        (folder / "problem.pddl").write_text(problem)
        command = [sys.executable, str(_DRIVER), "--overall-time-limit", f"{int(timeout_s)}s",
                   "--overall-memory-limit", MEMORY, "--plan-file", "plan", "domain.pddl", "problem.pddl",
                   "--search", SEARCH]  # fmt: skip
        # Its own process group: at the deadline the driver and the search it started both go.
        with subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True) as process:  # fmt: skip
            try:
                code = process.wait(timeout=timeout_s * _WALL_FACTOR + 10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                return Optimal(None, [], f"no plan within {timeout_s * _WALL_FACTOR + 10:g} s of wall time")
        plan_file = folder / "plan"
        if plan_file.exists():
            plan = [line.strip() for line in plan_file.read_text().splitlines() if line.startswith("(")]
            return Optimal(len(plan), plan)
    return Optimal(None, [], _failure(code, timeout_s))


def _failure(code: int, timeout_s: float) -> str:
    """Fast Downward's exit codes (driver/returncodes.py)."""
    if code in (12, 11):
        return "the PDDL core has no plan"
    if code in (23, 21):
        return f"no plan within {timeout_s:g} s of CPU time"
    if code in (22, 20):
        return f"no plan within {MEMORY}B of memory"
    return f"Fast Downward failed (exit code {code})"


def check_plan(world: World, task: KitchenTask, plan: list[str]) -> str:
    """Empty when ``plan``, as ``VERB Type`` actions, reaches every goal in the world;
    else what went wrong."""
    played = world.copy()
    for index, (step, action) in enumerate(zip(plan, world_actions(world, plan), strict=True)):
        if step.startswith("(find"):
            action = _find_for_spot(played, action, step.strip("()").split()[-1])
        verb, kind = action.split(" ", 1)
        result = act(played, verb, kind)
        if not result.success:
            return f"the world refuses step {index + 1} {action}: {result.message}"
    return "" if all_reached(played, task.goals) else "the plan leaves goals unreached in the world"


def _find_for_spot(world: World, action: str, spot: str) -> str:
    """The FIND that takes the world to the planner's spot: the planner names an instance,
    the world picks one for a type, so another type at that spot may be the one to name."""
    kinds = [action.split(" ", 1)[1]]
    kinds += sorted({t.kind for t in world.things.values() if spot_name(world.spot_of(t) or "") == spot} - set(kinds))
    for kind in kinds:
        trial = world.copy()
        if act(trial, "FIND", kind).success and spot_name(trial.facing or "") == spot:
            return f"FIND {kind}"
    return action


def world_actions(world: World, plan: list[str]) -> list[str]:
    """Each PDDL step as the ``VERB Type`` a model writes."""
    kinds = {name(t.id): t.kind for t in world.things.values()}
    actions = []
    for step in plan:
        action, *arguments = step.strip("()").split()
        verb, position = _VERBS[action]
        target = arguments[position]
        actions.append(f"{verb} {kinds.get(target) or _piece_kind(target)}")
    return actions


def _piece_kind(pddl_name: str) -> str:
    """A slice's type from its PDDL name (``breadsliced_2``: BreadSliced)."""
    stem = pddl_name.rsplit("_", 1)[0]
    return next(kind for kind in catalog.SLICED.values() if kind.lower() == stem)


# --- the table of AsgardBench's tasks ---------------------------------------------
TABLE = Path(__file__).with_name("asgardbench_optimal.json")


def problem_digest(world: World, task: KitchenTask) -> str:
    """What the stored plan was solved for: the domain and the task's problem."""
    return hashlib.sha256((domain_pddl() + problem_pddl(world, task, "optimal")).encode()).hexdigest()[:16]


def table_entry(world: World, task: KitchenTask, timeout_s: float) -> dict[str, Any]:
    found = solve(world, task, timeout_s)
    entry: dict[str, Any] = {"problem": problem_digest(world, task), "optimal_steps": found.steps}
    if found.reason:
        entry["reason"] = found.reason
    if found.steps is not None:
        entry["plan"] = found.plan
    return entry


def read_table(path: Path = TABLE) -> dict[str, dict[str, Any]]:
    return dict(json.loads(path.read_text())) if path.exists() else {}


def stored_optimal(table: dict[str, dict[str, Any]], world: World, task: KitchenTask) -> dict[str, Any]:
    """The row's ``optimal_steps`` from the table, with ``optimal_reason`` when there is
    none (or the table was made for another version of the task's problem)."""
    entry = table.get(task.name)
    if entry is None:
        return {"optimal_steps": None, "optimal_reason": f"not in {TABLE.name}"}
    if entry["problem"] != problem_digest(world, task):
        return {"optimal_steps": None, "optimal_reason": f"{TABLE.name} was made for another version of this problem"}
    if entry["optimal_steps"] is None or entry.get("reason"):
        return {"optimal_steps": None, "optimal_reason": entry.get("reason") or "no plan"}
    return {"optimal_steps": entry["optimal_steps"], "optimal_reason": ""}


@click.command()
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--timeout", "timeout_s", type=float, default=30.0, show_default=True, help="CPU seconds per task.")
@click.option("--jobs", type=int, default=2, show_default=True, help="Tasks solved at once.")
@click.option("--out", type=click.Path(path_type=Path), default=TABLE, show_default=True, help="The table to write.")
def main(directory: Path, timeout_s: float, jobs: int, out: Path) -> None:
    """Solve AsgardBench's tasks (in DIRECTORY) optimally and write the table of lengths."""
    from scorer.families.kitchen.asgard_import import imported_worlds

    worlds = imported_worlds(directory)
    table = {name: entry for name, entry in read_table(out).items() if name in {task.name for _, task in worlds}}
    for world, task in worlds:  # the stored plans are checked again in the world as it is now
        entry = table.get(task.name, {})
        if entry.get("plan") and entry["problem"] == problem_digest(world, task):
            reason = check_plan(world, task, entry["plan"])
            entry.pop("reason", None)
            entry.update({"reason": reason} if reason else {})
    todo = [
        (world, task)
        for world, task in worlds
        if table.get(task.name, {}).get("problem") != problem_digest(world, task)
    ]
    with ThreadPoolExecutor(jobs) as pool:
        futures = {pool.submit(table_entry, world, task, timeout_s): task.name for world, task in todo}
        for future in tqdm(as_completed(futures), total=len(futures), desc="optimal plans"):
            table[futures[future]] = future.result()
            atomic.write_text(out, json.dumps(table, indent=1, sort_keys=True) + "\n")  # a stopped run keeps its work
    atomic.write_text(out, json.dumps(table, indent=1, sort_keys=True) + "\n")
    solved = sum(1 for entry in table.values() if entry["optimal_steps"] is not None and not entry.get("reason"))
    click.echo(f"wrote {out}: {solved} of {len(table)} tasks solved optimally and replayed in the world")


if __name__ == "__main__":
    main()
