"""How a build spends its executor: shared parts first, then the configs side by side.

Most configs do their work in one process. Built one after another, they would leave every
core but one idle, so each is one job on the executor, beside the others. Before that, what
several configs share (``ConfigSpec.prepare``: a problem set) is made once, on the executor,
and kept in this process; a local pool then forks its workers anew, so every config's worker
inherits it. A config whose build spreads its own work over the executor
(``ConfigSpec.spreads``) is driven from a thread of this process at the same time as the
jobs of the others, so that all their work is in the executor's queue together: no core
waits for one config's last job while another config's jobs are still to come.

A config's rows do not depend on where or beside what it was built (every build starts from
its seed), so the shards are the same on every executor, in every order of work.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from data_build.registry import select
from data_build.spec import BuildSettings, ConfigSpec, Rows

WholeJob = tuple[str, str, int]  # (config, size, seed)


def build_rows(specs: Sequence[ConfigSpec], settings: BuildSettings) -> dict[str, Rows]:
    """Every config's rows, by config name, in the order of ``specs``."""
    for prepare in _distinct([spec.prepare for spec in specs if spec.prepare is not None]):
        prepare(settings)
    settings.executor.fresh_workers()  # from here on, workers inherit what was prepared
    spreading = [spec for spec in specs if spec.spreads]
    whole = [spec.name for spec in specs if not spec.spreads]
    jobs: list[WholeJob] = [(name, settings.size, settings.seed) for name in whole]
    if settings.executor.workers == 1:  # nothing runs beside anything: one after another, in this thread
        rows = {spec.name: spec.build(settings) for spec in spreading}
        rows.update(zip(whole, settings.executor.map(build_whole, jobs, "configs", settings.show_progress)))
        return {spec.name: rows[spec.name] for spec in specs}
    with ThreadPoolExecutor(max(1, len(spreading)), thread_name_prefix="spreading-config") as driving:
        driven = {spec.name: driving.submit(spec.build, settings) for spec in spreading}
        rows = dict(zip(whole, settings.executor.map(build_whole, jobs, "configs", settings.show_progress)))
        rows.update({name: future.result() for name, future in driven.items()})
    return {spec.name: rows[spec.name] for spec in specs}


def build_whole(job: WholeJob) -> Rows:
    """One config's rows, built in the worker that runs this job."""
    name, size, seed = job
    (spec,) = select(name)
    return spec.build(BuildSettings(size=size, seed=seed, show_progress=False))


def _distinct(prepares: list[Callable[[BuildSettings], object]]) -> list[Callable[[BuildSettings], object]]:
    """Each preparation once, in first-seen order (configs sharing a problem set name the same one)."""
    return list(dict.fromkeys(prepares))
