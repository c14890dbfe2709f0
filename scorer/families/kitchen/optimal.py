"""The optimal length of a kitchen task, or the interval it lies in: planners on the PDDL
core, their plans replayed in the world.

Fast Downward's searches run on the task's PDDL problem. Quick satisficing ones (greedy
and weighted A* with the FF heuristic) find plans: every task is checked solvable by a
planner, and the shortest plan the world accepts bounds the optimum from above. An optimal
one, A* with the h^max heuristic (admissible, and it handles the core's conditional
effects; Fast Downward's partial-order pruning and LM-cut do not), finds a shortest plan
within its time bound; when it runs out first, the last f-layer it opened is a proven
lower bound (every state of a lower f was expanded without reaching the goal). When that
bound meets the satisficing plan's length, the plan is optimal too.

Each plan is replayed in the world, each step turned into the ``VERB Type`` a model would
write and executed by the world's rules, with every goal reached at the end: a plan that
passes is a plan of the world, so the world needs at most that many steps, and the core
leaves out no rule that would let the world do it shorter except those its docstring names.

``python -m scorer.families.kitchen.optimal DIR`` solves AsgardBench's 108 tasks (``DIR``
holds its files) and writes the table ``asgardbench_optimal.json`` beside this module:
per task, the optimal length, or the lower and upper bounds, the shortest plan known, why
there is no optimal length, and a digest of the problem solved, so an import notices a
table made for another version of the world. A run keeps the entries of the table it
finds that are still current and solves the others.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import click
from tqdm import tqdm

from scorer.families.kitchen import catalog
from scorer.families.kitchen.goals import all_reached
from scorer.families.kitchen.pddl import (
    FAUCET_PRECONDITION,
    domain_pddl,
    name,
    pieces_to_come,
    problem_pddl,
    relevant_things,
    spot_name,
)
from scorer.families.kitchen.rules import act
from scorer.families.kitchen.tasks import KitchenTask
from scorer.families.kitchen.world import World
from scorer.io import atomic
from scorer.io.paths import OUTPUT_FILE

OPTIMAL_SEARCH = "astar(hmax())"
# Quick satisficing searches with the FF heuristic (it handles conditional effects); each
# finds another plan, and the shortest the world accepts is kept (the core leaves out the
# world's "already used for a goal" filter, which refuses some).
PLAN_SEARCHES = (
    "eager_wastar([ff()], w=2)",
    "lazy_wastar([ff()], w=3, preferred=[ff()])",
    "lazy_greedy([ff()], preferred=[ff()])",
)
MEMORY = "2G"
# Fast Downward's time limit is CPU time; on a loaded machine wall time runs this many times
# longer before we stop a search that has not stopped itself.
_WALL_FACTOR = 6
# The translator's CPU bound, in searches' bounds: it grounds a large task in up to 7 s.
_TRANSLATE_FACTOR = 6
# Found without importing up_fast_downward, which imports unified-planning's engines (and
# scipy.stats through ConfigSpace: 1 CPU s) in every command that lists the configs.
_FAST_DOWNWARD = find_spec("up_fast_downward")
assert _FAST_DOWNWARD is not None and _FAST_DOWNWARD.origin is not None, "up-fast-downward is a dependency"
_DRIVER = Path(_FAST_DOWNWARD.origin).parent / "downward" / "fast-downward.py"
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
    steps: int | None  # the shortest plan's length; None: not proven (``reason`` says why)
    plan: list[str]  # the shortest plan known that the world accepts (PDDL actions); [] if none
    reason: str = ""
    lower_bound: int = 0  # no plan is shorter (proven by the optimal search)
    upper_bound: int | None = None  # the length of ``plan``; None when there is none


@dataclass(frozen=True)
class Search:
    """One planner run: its plan, or why none, and the lower bound A* proved."""

    plan: list[str] | None
    reason: str = ""
    lower_bound: int = 0


def solve(world: World, task: KitchenTask, timeout_s: float) -> Optimal:
    """The shortest plan of the task's PDDL problem, or the interval its length lies in.
    The problem is translated once; each search gets ``timeout_s`` CPU seconds."""
    domain, problem = solver_pddl(world, task)
    with tempfile.TemporaryDirectory(prefix="planarium-kitchen-") as workdir:
        folder = Path(workdir)
        translated = translate(folder, domain, problem, timeout_s * _TRANSLATE_FACTOR)
        if translated.reason:
            return Optimal(None, [], translated.reason)
        satisficing = [search(folder, timeout_s, engine) for engine in PLAN_SEARCHES]
        optimal = search(folder, timeout_s, OPTIMAL_SEARCH)
    known, known_reason = _shortest_world_plan(world, task, satisficing)
    if optimal.plan is not None:
        plan, refused = _world_plan(world, task, optimal, "optimal")
        if not refused:
            return Optimal(len(plan), plan, "", len(plan), len(plan))
        return Optimal(None, known, refused, len(optimal.plan), len(known) if known else None)
    if known and optimal.lower_bound >= len(known):  # the bound meets the plan: it is optimal
        return Optimal(len(known), known, "", len(known), len(known))
    return Optimal(None, known, optimal.reason or known_reason, optimal.lower_bound, len(known) if known else None)


def _shortest_world_plan(world: World, task: KitchenTask, found: list[Search]) -> tuple[list[str], str]:
    """The shortest of the searches' plans that the world accepts, else [] and why not."""
    plans = [_world_plan(world, task, one, "satisficing") for one in found]
    accepted = [plan for plan, _ in plans if plan]
    return (min(accepted, key=len), "") if accepted else ([], plans[0][1])


def _world_plan(world: World, task: KitchenTask, found: Search, kind: str) -> tuple[list[str], str]:
    """The search's plan if the world accepts it, else [] and why not."""
    if found.plan is None:
        return [], found.reason
    refused = check_plan(world, task, found.plan)
    return ([], f"the {kind} plan: {refused}") if refused else (found.plan, "")


def solver_pddl(world: World, task: KitchenTask) -> tuple[str, str]:
    """The domain and problem for the planner: the faucet's "nothing but dishes in the
    sink" spelled out over the problem's objects (a universal precondition would become
    an axiom, which Fast Downward's h^max does not handle safely), so the objects move to
    the domain's constants."""
    problem = problem_pddl(world, task, "optimal")
    head, rest = problem.split("(:objects", 1)
    objects, tail = rest.split(")", 1)
    things = relevant_things(world, task)
    # The pieces a food will make block the faucet too (a cracked egg in the sink).
    blockers = [t for t in things + pieces_to_come(world, things) if t.kind not in catalog.WASHABLE_IN_SINK]
    spelled = "(and " + " ".join(f"(not (in {name(t.id)} ?b))" for t in blockers) + ")"
    domain = domain_pddl().replace(FAUCET_PRECONDITION, spelled)
    domain = domain.replace("  (:predicates", f"  (:constants{objects})\n  (:predicates", 1)
    return domain, head + tail.lstrip("\n")


def translate(folder: Path, domain: str, problem: str, timeout_s: float) -> Search:
    """Fast Downward's translator on the task, writing ``output.sas`` in ``folder``."""
    (folder / "domain.pddl").write_text(domain)
    (folder / "problem.pddl").write_text(problem)
    return _run(folder, ["--translate", "domain.pddl", "problem.pddl"], timeout_s)


def search(folder: Path, timeout_s: float, engine: str = OPTIMAL_SEARCH) -> Search:
    """One search of the translated task in ``folder``: its plan, or why none."""
    (folder / "plan").unlink(missing_ok=True)
    found = _run(folder, ["--plan-file", "plan", "output.sas", "--search", engine], timeout_s)
    plan_file = folder / "plan"
    if not plan_file.exists():
        return found
    return Search([line.strip() for line in plan_file.read_text().splitlines() if line.startswith("(")])


def _run(folder: Path, arguments: list[str], timeout_s: float) -> Search:
    command = [sys.executable, str(_DRIVER), "--overall-time-limit", f"{int(timeout_s)}s",
               "--overall-memory-limit", MEMORY, *arguments]  # fmt: skip
    # Its own process group: at the deadline the driver and the search it started both go.
    with subprocess.Popen(command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                          start_new_session=True) as process:  # fmt: skip
        try:
            output, _ = process.communicate(timeout=timeout_s * _WALL_FACTOR + 10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            output, _ = process.communicate()
            return Search(None, f"no plan within {timeout_s * _WALL_FACTOR + 10:g} s of wall time", f_bound(output))
    reason = "" if process.returncode == 0 else _failure(process.returncode, timeout_s)
    return Search(None, reason, f_bound(output))


def f_bound(output: str) -> int:
    """The last f-layer A* opened (Fast Downward prints ``f = N, ...`` at each), or its
    initial heuristic value: every state of a lower f was expanded, none a goal, so no
    plan is shorter. 0 when the output has neither."""
    layers = [int(match) for match in re.findall(r"\bf = (\d+),", output)]
    initial = [int(match) for match in re.findall(r"Initial heuristic value for \w+: (\d+)", output)]
    return max(layers + initial + [0])


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
    entry: dict[str, Any] = {
        "problem": problem_digest(world, task),
        "optimal_steps": found.steps,
        "lower_bound": found.lower_bound,
        "upper_bound": found.upper_bound,
    }
    if found.reason:
        entry["reason"] = found.reason
    if found.plan:
        entry["plan"] = found.plan
    return entry


def read_table(path: Path = TABLE) -> dict[str, dict[str, Any]]:
    return dict(json.loads(path.read_text())) if path.exists() else {}


def stored_optimal(table: dict[str, dict[str, Any]], world: World, task: KitchenTask) -> dict[str, Any]:
    """The row's ``optimal_steps`` from the table, with ``optimal_reason`` when there is
    none (or the table was made for another version of the task's problem), and the
    interval the optimum lies in (``optimal_lower_bound``, ``optimal_upper_bound``: the
    shortest plan known; both equal the optimum when it is proven, null when unknown)."""
    entry = table.get(task.name)
    unknown = {"optimal_steps": None, "optimal_lower_bound": None, "optimal_upper_bound": None}
    if entry is None:
        return unknown | {"optimal_reason": f"not in {TABLE.name}"}
    if entry["problem"] != problem_digest(world, task):
        return unknown | {"optimal_reason": f"{TABLE.name} was made for another version of this problem"}
    bounds = {"optimal_lower_bound": entry.get("lower_bound"), "optimal_upper_bound": entry.get("upper_bound")}
    if entry["optimal_steps"] is None or entry.get("reason"):
        return {"optimal_steps": None, "optimal_reason": entry.get("reason") or "no plan"} | bounds
    return {"optimal_steps": entry["optimal_steps"], "optimal_reason": ""} | bounds


def _with_bounds(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry of a table made before bounds were kept: an optimum is both its bounds."""
    if "lower_bound" in entry or entry.get("optimal_steps") is None or entry.get("reason"):
        return entry
    return entry | {"lower_bound": entry["optimal_steps"], "upper_bound": entry["optimal_steps"]}


def _current(entry: dict[str, Any], world: World, task: KitchenTask) -> bool:
    """Whether a stored entry still holds: made for this problem, with bounds, and its
    plan (if any) still accepted by the world as it is now."""
    if entry.get("problem") != problem_digest(world, task) or "lower_bound" not in entry:
        return False
    return bool(entry.get("plan")) and not check_plan(world, task, entry["plan"])


@click.command()
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--timeout", "timeout_s", type=float, default=10.0, show_default=True, help="CPU seconds per search.")
@click.option("--jobs", type=int, default=2, show_default=True, help="Tasks solved at once.")
@click.option("--out", type=OUTPUT_FILE, default=TABLE, show_default=True, help="The table to write.")
def main(directory: Path, timeout_s: float, jobs: int, out: Path) -> None:
    """Solve AsgardBench's tasks (in DIRECTORY) and write the table of optimal lengths or
    their bounds. Each search of a task gets at most --timeout CPU seconds."""
    from scorer.families.kitchen.asgard_import import imported_worlds

    worlds = imported_worlds(directory)
    stored = {name: _with_bounds(entry) for name, entry in read_table(out).items()}
    table = {task.name: stored[task.name] for world, task in worlds if _current(stored.get(task.name, {}), world, task)}
    todo = [(world, task) for world, task in worlds if task.name not in table]
    with ThreadPoolExecutor(jobs) as pool:
        futures = {pool.submit(table_entry, world, task, timeout_s): task.name for world, task in todo}
        for future in tqdm(as_completed(futures), total=len(futures), desc="plans"):
            table[futures[future]] = future.result()
            atomic.write_text(out, json.dumps(table, indent=1, sort_keys=True) + "\n")  # a stopped run keeps its work
    atomic.write_text(out, json.dumps(table, indent=1, sort_keys=True) + "\n")
    optimal = sum(1 for entry in table.values() if entry["optimal_steps"] is not None and not entry.get("reason"))
    planned = sum(1 for entry in table.values() if entry.get("plan"))
    click.echo(f"wrote {out}: {planned} of {len(table)} tasks with a plan the world accepts, {optimal} optimal")


if __name__ == "__main__":
    main()
