"""Running an external planner (via unified-planning) under a memory bound.

The bound is a count, not a time: a run gets ``memory_mb`` of address space and a run
that needs more ends as MEMOUT, at the same point of its search on an idle machine and
on a loaded one, so a verdict never depends on how busy the machine was (symk runs with
settings that take no decision by the clock: ``_engines.SYMK_SEARCH``). A wall-clock
limit (``safety_s``, generous) stays only as a safety net against a planner that hangs:
its firing raises ``PlannerSafetyNetError`` and is never stored or read as a verdict.

The planner call runs in a child process that starts its own process group
and caps its address space with RLIMIT_AS; the planner binaries are
subprocesses of that child, so they inherit the cap, and killing the group
at the deadline also kills them. Children come from a "forkserver" that has
unified-planning preloaded: each call starts fast, and the child's address
space is the small server's rather than a copy of a possibly huge caller.
Unlike multiprocessing's default, a planner child does not re-import the
caller's main module (see `_preparation_data`).
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import multiprocessing
import multiprocessing.spawn
import os
import resource
import signal
import tempfile
import threading
import time
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from typing import Any

from scorer.io.errors import PlanariumError

from ._engines import ENGINE_PARAMS, ENGINES
from ._names import call_name
from ._planner_cache import PlannerCache
from ._planner_result import PlannerResult, PlannerVerdict

# Extra wall time the parent grants after the planner's own timeout, so a
# planner that stops itself at the bound is reported by itself.
_GRACE_S = 1.0
# How long the child may take to import and get ready before the clock starts.
_STARTUP_LIMIT_S = 60.0
_MESSAGE_LIMIT = 2_000
_MEMORY_HINTS = ("memoryerror", "bad_alloc", "out of memory", "memory limit")
SAFETY_ENV = "PLANARIUM_PLANNER_SAFETY_S"
# The bounded runs of the data end within about 30 s idle (the slowest solved symk-opt
# call of ACPBench Hard's import took 28 s beside two busy cores): twenty times that.
DEFAULT_SAFETY_S = 600.0
# A build's own calls ran to their memory bound on its largest problems before issue 44: 2 to
# 12 minutes idle to reach 1,024 MB, 13 to over 80 minutes to reach 2,048 MB (docs/scale.md).
# The build asks none of those now (its calls take seconds), but the net stays hours: a build
# is never stopped by it on a slow machine, and a hung planner still is.
BUILD_SAFETY_S = 6 * 3600.0


class PlannerSafetyNetError(PlanariumError):
    """A planner ran past the wall-clock safety net before reaching its memory bound."""


def safety_seconds(default: float = DEFAULT_SAFETY_S) -> float:
    """The safety net: ``$PLANARIUM_PLANNER_SAFETY_S`` seconds, else ``default``."""
    configured = os.environ.get(SAFETY_ENV, "").strip()
    try:
        return float(configured) if configured else default
    except ValueError:
        raise PlanariumError(f"{SAFETY_ENV}={configured!r}: expected a number of seconds") from None


@dataclass(frozen=True)
class _Request:
    engine: str
    domain_pddl: str
    problem_pddl: str
    safety_s: float
    memory_mb: int
    workdir: str = ""  # the planner's working directory (it writes output.sas there)


def plan_with_planner(
    domain_pddl: str,
    problem_pddl: str,
    engine: str = "fast-downward",
    memory_mb: int = 2048,
    cache: PlannerCache | None = None,
    safety_s: float | None = None,
) -> PlannerResult:
    """Solve with a unified-planning engine: "fast-downward" (satisficing),
    "symk-opt" (optimal plan length/cost), "fast-downward-opt" (optimal,
    no conditional effects: UNSUPPORTED), or "symk".

    The planner gets `memory_mb` of address space per process: reaching it is the
    MEMOUT verdict. Planner failures are verdicts (ERROR carries the message); only
    the safety net raises: ``PlannerSafetyNetError`` after `safety_s` seconds
    (default ``safety_seconds()``), since a verdict cut by the clock would depend
    on the machine's load.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; expected one of {ENGINES}")
    key = PlannerCache.key(engine, domain_pddl, problem_pddl, memory_mb)
    if cache is not None:
        hit = cache.get(key)
        if hit is not None:
            return hit
    limit_s = safety_seconds() if safety_s is None else float(safety_s)
    result = _run_isolated(_Request(engine, domain_pddl, problem_pddl, limit_s, int(memory_mb)))
    if result.verdict is PlannerVerdict.TIMEOUT:
        raise PlannerSafetyNetError(
            f"{engine} ran past the {limit_s:g} s safety net before its {memory_mb} MB bound: a verdict "
            f"cut by the clock would depend on this machine's load, so none is given; rerun on a less "
            f"busy machine or raise {SAFETY_ENV}"
        )
    if cache is not None:
        cache.put(key, result)
    return result


# -- parent side ----------------------------------------------------------------


def _run_isolated(request: _Request) -> PlannerResult:
    # Fast Downward and symk write output.sas into their working directory;
    # a private one keeps concurrent runs apart and the caller's directory clean.
    with tempfile.TemporaryDirectory(prefix="planarium-planner-") as workdir:
        return _run_in(replace(request, workdir=workdir))


def _run_in(request: _Request) -> PlannerResult:
    context = _context()
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child_main, args=(sender, request), name=f"planner-{request.engine}")
    _starting.planner = True
    try:
        process.start()
    finally:
        _starting.planner = False
    sender.close()
    started = time.monotonic()
    try:
        outcome = _await_outcome(receiver, request.safety_s)
        if outcome is None:
            return _result(request, PlannerVerdict.ERROR, time.monotonic() - started, _death_message(process))
        started = outcome.pop("clock_started", started)
    finally:
        _kill_group(process)
        receiver.close()
    return _result_from_outcome(request, outcome, time.monotonic() - started)


def _await_outcome(receiver: Connection, safety_s: float) -> dict[str, Any] | None:
    """The child's outcome dict, a TIMEOUT outcome (the safety net), or None if the child died."""
    try:
        if not receiver.poll(_STARTUP_LIMIT_S):
            return {"verdict": PlannerVerdict.ERROR.value, "message": "planner process did not start"}
        first = receiver.recv()  # normally "ready": the planner's clock starts now
        clock_started = time.monotonic()
        if isinstance(first, dict):  # the child failed before getting ready
            return {**first, "clock_started": clock_started}
        if not receiver.poll(safety_s + _GRACE_S):
            killed = {"verdict": PlannerVerdict.TIMEOUT.value, "message": "killed at the safety net"}
            return {**killed, "clock_started": clock_started}
        outcome: dict[str, Any] = receiver.recv()
        outcome["clock_started"] = clock_started
        return outcome
    except EOFError:
        return None


# -- starting a child without the caller's main module -----------------------------------

_starting = threading.local()  # .planner is True while this thread starts a planner child
_stdlib_preparation_data = multiprocessing.spawn.get_preparation_data


def _preparation_data(name: str) -> dict[str, Any]:
    """multiprocessing's start data for a child, without the caller's main module when the
    child is a planner child. Its target lives in this module, so it needs nothing of
    ``__main__``; re-importing a heavy one (``score`` loads datasets and every task kind)
    took about 1.5 s of each planner call (0.55 s against 2.0 s measured on a small
    problem). Other children are started exactly as multiprocessing starts them."""
    data = _stdlib_preparation_data(name)
    if getattr(_starting, "planner", False):
        data.pop("init_main_from_name", None)
        data.pop("init_main_from_path", None)
    return data


multiprocessing.spawn.get_preparation_data = _preparation_data


def _context() -> multiprocessing.context.ForkServerContext | multiprocessing.context.SpawnContext:
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["scorer.pddl._planner", *_PLANNING_MODULES])
    return context


def _kill_group(process: multiprocessing.process.BaseProcess) -> None:
    # The child leads its own process group, which holds the planner binaries.
    if process.pid is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
    process.kill()
    process.join()


def _death_message(process: multiprocessing.process.BaseProcess) -> str:
    process.join(timeout=5)
    return f"planner process ended without a result (exit code {process.exitcode})"


def _result(request: _Request, verdict: PlannerVerdict, seconds: float, message: str) -> PlannerResult:
    return PlannerResult(verdict, None, None, False, request.engine, round(seconds, 3), message)


def _result_from_outcome(request: _Request, outcome: dict[str, Any], seconds: float) -> PlannerResult:
    return PlannerResult(
        verdict=PlannerVerdict(outcome["verdict"]),
        plan=outcome.get("plan"),
        cost=outcome.get("cost"),
        optimal=bool(outcome.get("optimal", False)),
        engine=request.engine,
        seconds=round(seconds, 3),
        message=outcome.get("message", "")[:_MESSAGE_LIMIT],
    )


# -- child side -----------------------------------------------------------------


def _child_main(connection: Connection, request: _Request) -> None:
    os.setsid()
    try:
        os.chdir(request.workdir)
        _import_planning_modules()  # before the cap: imports are not the planner's memory
        limit = request.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        # CUDD (symk's BDDs) sizes itself from RLIMIT_DATA when it is set, else from a
        # constant: the same limit everywhere keeps symk's memory use machine-independent.
        resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))
        connection.send("ready")
        outcome = _solve(request)
    except BaseException as error:  # report everything; the parent only reads outcomes
        outcome = _failure_outcome(error, request.memory_mb)
    try:
        connection.send(outcome)
    finally:
        connection.close()


def _failure_outcome(error: BaseException, memory_mb: int) -> dict[str, Any]:
    described = f"{type(error).__name__}: {error}"
    # Under RLIMIT_AS an allocation failure surfaces as MemoryError or ENOMEM.
    if isinstance(error, MemoryError) or (isinstance(error, OSError) and error.errno == errno.ENOMEM):
        return {"verdict": PlannerVerdict.MEMOUT.value, "message": f"out of memory under {memory_mb} MB ({described})"}
    return {"verdict": PlannerVerdict.ERROR.value, "message": f"{described} (memory cap {memory_mb} MB)"}


# Imported once by the forkserver, so that every planner child starts with them: imported in
# each child instead (``scorer.pddl._planner`` imports none of them, to keep start-up light),
# they were 31% of a full build's samples, about 3 CPU s a call.
_PLANNING_MODULES = ("unified_planning.io", "unified_planning.shortcuts", "unified_planning.engines")


def _import_planning_modules() -> None:
    for module in _PLANNING_MODULES:
        importlib.import_module(module)


def _solve(request: _Request) -> dict[str, Any]:
    import warnings

    from unified_planning.engines import PlanGenerationResultStatus as Status
    from unified_planning.model.metrics import MinimizeSequentialPlanLength
    from unified_planning.shortcuts import OneshotPlanner, get_environment

    from ._reading import parse_model

    environment = get_environment()
    environment.credits_stream = None
    warnings.simplefilter("ignore")  # UP warns when an engine may not support a problem
    problem = parse_model(request.domain_pddl, request.problem_pddl)  # unified-planning's reader, made faster
    original_metrics = list(problem.quality_metrics)
    if request.engine == "symk-opt" and not original_metrics:
        # Without a metric symk labels its optimal plan SOLVED_SATISFICING.
        problem.add_quality_metric(MinimizeSequentialPlanLength())
    with OneshotPlanner(name=request.engine, params=ENGINE_PARAMS.get(request.engine, {})) as planner:
        try:
            answer = planner.solve(problem, timeout=request.safety_s)
        finally:
            _stop_planner_session(planner)
        unsupported = sorted(problem.kind.features - planner.supported_kind().features)
    status = answer.status
    logs = "\n".join(message.message for message in answer.log_messages or [])
    if status in (Status.SOLVED_SATISFICING, Status.SOLVED_OPTIMALLY):
        plan = [_action_name(instance) for instance in answer.plan.actions]
        cost = _plan_cost(problem, answer.plan, original_metrics)
        return {
            "verdict": PlannerVerdict.SOLVED.value,
            "plan": plan,
            "cost": cost,
            "optimal": status == Status.SOLVED_OPTIMALLY,
        }
    verdict, message = _verdict_of(status, request.engine, unsupported, logs)
    return {"verdict": verdict.value, "message": message}


def _stop_planner_session(planner: Any) -> None:
    """Kill what is left of the planner's processes once its answer is in (or its call failed).
    unified-planning starts the planner in a session of its own, out of reach of the kill of
    this child's group: seen in a full build, a lama-first search kept a core busy for 16
    minutes after the call that started it had ended."""
    process = getattr(planner, "_process", None)  # the Popen unified-planning keeps
    if process is not None and process.poll() is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)  # its own session: its group is its pid
        process.wait()


def _verdict_of(status: Any, engine: str, unsupported: list[str], logs: str) -> tuple[PlannerVerdict, str]:
    name = status.name
    if name == "UNSOLVABLE_PROVEN":
        return PlannerVerdict.UNSOLVABLE, "proven unsolvable"
    if name == "UNSOLVABLE_INCOMPLETELY":
        # symk-opt's search is complete; it just reports exhaustion this way.
        note = "search space exhausted" if engine.startswith("symk") else "no plan found (incomplete search)"
        return PlannerVerdict.UNSOLVABLE, note
    if name == "TIMEOUT":
        return PlannerVerdict.TIMEOUT, "planner stopped at the safety net"
    if name == "MEMOUT":
        return PlannerVerdict.MEMOUT, "planner ran out of memory"
    if name == "UNSUPPORTED_PROBLEM":
        return PlannerVerdict.UNSUPPORTED, f"{engine} does not support: {', '.join(unsupported) or 'this problem'}"
    if any(hint in logs.lower() for hint in _MEMORY_HINTS):
        # symk reports its out-of-memory exit code as an internal error.
        return PlannerVerdict.MEMOUT, f"planner ran out of memory: ...{logs[-300:]}"
    return PlannerVerdict.ERROR, f"{name}: {logs[-_MESSAGE_LIMIT:]}"


def _action_name(instance: Any) -> str:
    return call_name(instance.action.name, [param.object().name for param in instance.actual_parameters])


def _plan_cost(problem: Any, plan: Any, metrics: list[Any]) -> int | None:
    """Plan length, or the sum of action costs when the problem declares them."""
    from unified_planning.model.metrics import MinimizeActionCosts
    from unified_planning.model.walkers import Simplifier

    cost_metrics = [metric for metric in metrics if isinstance(metric, MinimizeActionCosts)]
    if not cost_metrics:
        return len(plan.actions)
    metric, environment = cost_metrics[0], problem.environment
    simplifier = Simplifier(environment, problem)  # replaces static fluents by their values
    total = 0
    for instance in plan.actions:
        expression = metric.get_action_cost(instance.action)
        if expression is None:
            continue
        parameters = [environment.expression_manager.ParameterExp(p) for p in instance.action.parameters]
        arguments = dict(zip(parameters, instance.actual_parameters, strict=True))
        bound = environment.substituter.substitute(expression, arguments)
        value = simplifier.simplify(bound)
        if not (value.is_int_constant() or value.is_real_constant()):
            return None
        total += value.constant_value()
    return int(total) if int(total) == total else None
