"""``--executor ray[:ADDRESS]``: the per-row work as Ray tasks, on this machine or a cluster.

Every node must have the same ``planarium`` installed (the tasks import it by name);
the README's cluster recipe says how. Items go in chunks, one task per chunk, so a
cluster of many nodes pays Ray's per-task cost once per chunk, not once per row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tqdm import tqdm

from scorer.executors import Item, Result
from scorer.io.errors import PlanariumError

TASKS_PER_WORKER = 4  # enough chunks that a slow one does not leave the other workers idle


class RayExecutor:
    def __init__(self, address: str | None, cpus: int | None = None) -> None:
        """Join the cluster at ``address`` (``auto``: the one ``ray start`` started here), or with
        None start a Ray instance here with ``cpus`` CPUs (all of them by default)."""
        try:
            import ray
        except ImportError:
            raise PlanariumError(
                "--executor ray needs Ray: pip install 'planarium[ray]' (or choose --executor local)"
            ) from None
        self.spec = f"ray:{address}" if address else "ray"
        self._started_here = not ray.is_initialized()
        if self._started_here:
            cpus = None if address else cpus
            ray.init(address=address, num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        self._ray = ray
        self._run_chunk = ray.remote(_run_chunk)

    @property
    def workers(self) -> int:
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def map(
        self, work: Callable[[Item], Result], items: Sequence[Item], desc: str = "", show_progress: bool = False
    ) -> list[Result]:
        size = max(1, len(items) // (self.workers * TASKS_PER_WORKER))
        chunks = [list(items[start : start + size]) for start in range(0, len(items), size)]
        work_ref = self._ray.put(work)
        pending = [self._run_chunk.remote(work_ref, chunk) for chunk in chunks]
        results: list[Result] = []
        with tqdm(total=len(items), desc=desc, disable=not show_progress) as bar:
            for ref in pending:  # in order: the results of chunk k come before those of chunk k + 1
                done = self._ray.get(ref)
                results += done
                bar.update(len(done))
        return results

    def fresh_workers(self) -> None:
        pass  # Ray's workers never inherit the driver's memory

    def close(self) -> None:
        if self._started_here and self._ray.is_initialized():
            self._ray.shutdown()


def _run_chunk(work: Callable[[Any], Any], chunk: list[Any]) -> list[Any]:
    return [work(item) for item in chunk]
