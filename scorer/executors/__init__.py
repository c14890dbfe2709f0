"""One interface for the per-row work of build, import, score and eval: ``Executor.map``.

``map(work, items)`` applies a picklable module-level function to every item and returns
the results in the order of the items, whichever worker ran which item; so a build, an
import or a score is byte-identical across executors and worker counts. Two engines:

- ``local[:N]``: a process pool over N workers (all cores by default); N = 1 runs in
  this process, with no pool.
- ``ray[:ADDRESS]``: Ray (``pip install 'planarium[ray]'``); ``ray`` starts a Ray
  instance on this machine, ``ray:auto`` joins the cluster that ``ray start --head``
  started, ``ray:HOST:PORT`` joins that cluster.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from scorer.io.errors import PlanariumError

Item = TypeVar("Item")
Result = TypeVar("Result")

EXECUTOR_HELP = (
    "Where per-row work runs: local (a process pool over all cores), local:N (N processes; 1 = this one), "
    "ray (a Ray instance on this machine), ray:auto (the running Ray cluster) or ray:HOST:PORT."
)
DEFAULT_EXECUTOR = "local"


class Executor(Protocol):
    spec: str  # how it was asked for, e.g. "local:2" or "ray:auto"

    @property
    def workers(self) -> int:
        """How many items can run at once."""
        ...

    def map(
        self, work: Callable[[Item], Result], items: Sequence[Item], desc: str = "", show_progress: bool = False
    ) -> list[Result]:
        """``[work(item) for item in items]``, spread over the workers, in the order of ``items``."""
        ...

    def fresh_workers(self) -> None:
        """Workers started from now on inherit what this process holds now (a local pool forks
        them again; Ray's workers never see the driver's memory, so Ray does nothing)."""
        ...

    def close(self) -> None:
        """Stop the workers this executor started (a joined cluster keeps running)."""
        ...


def make_executor(spec: str = DEFAULT_EXECUTOR) -> Executor:
    """The executor ``spec`` names (``local``, ``local:N``, ``ray``, ``ray:auto``, ``ray:HOST:PORT``)."""
    engine, _, argument = spec.strip().partition(":")
    if engine == "local":
        from scorer.executors.local import LocalExecutor

        return LocalExecutor(_workers(spec, argument) if argument else None)
    if engine == "ray":
        from scorer.executors.ray_cluster import RayExecutor

        return RayExecutor(argument or None)
    raise PlanariumError(f"--executor {spec!r}: expected local, local:N, ray, ray:auto or ray:HOST:PORT")


def _workers(spec: str, text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise PlanariumError(f"--executor {spec!r}: the number of local workers must be a positive integer")
    return int(text)


def in_process() -> Executor:
    """The executor of library calls that ask for none: this process alone."""
    from scorer.executors.local import LocalExecutor

    return LocalExecutor(1)
