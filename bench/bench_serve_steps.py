"""The rollout server's step rate and latency over keep-alive connections, per view and
client count, against the issue 19 targets and against the naive way in the same run.

Runs ``planarium serve`` in a subprocess on the mini blocksworld-episodes data. Each
client opens an episode (timed: the episode open latency), then sends replies that are
unparsable, so each step is cheap for the episode and it goes on to its step limit; every
observation carries the state in the view asked for (text, or a PNG image in 3D or 2D).
Two cases are measured for the image views:

- same state: the state never changes, so after the first step the image comes from the
  family's per-state PNG cache (an agent re-asking, or many agents on one start);
- new state: the same server with the per-state PNG caches emptied before every request,
  so every step draws its image and encodes it (the cost of a state never seen; the
  caches of what does not change between states stay warm). This runs at the server's
  PNG level (1) and, as the naive way, at the build's (6): ``--png-level 6``.

For text, the naive way is a new connection per request. Printed per case: steps/s,
p50/p99 step latency and p99 open latency, and at 32 clients the verdict against the
targets (>= 1,000 steps/s text, >= 200 with images, p99 step < 50 ms, p99 open < 200 ms;
not with a think time, which caps the steps/s).

``--think-ms`` makes each client wait that long after each answer before its next step,
as an agent waits for its model: the offered load is then at most clients / think time, and
the latencies show the service time rather than a queue of clients that never pause (with
no think time, the mean latency is the number of clients over the throughput).

The clients run in ``--client-processes`` processes (threads within each), so one
client process's GIL does not add its queueing to the latencies. Clients and server share
the machine's cores; the load average is printed at the start and the end.

    .venv/bin/python bench/bench_serve_steps.py [--steps 300] [--clients 1,32] [--views text,3d,2d]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import urlsplit

from bench_serve_load import SERVE, Server, build_data, first_episode_row

REPLY = json.dumps({"reply": "no action here"}).encode()
TARGET_STEPS = {"text": 1000.0, "image": 200.0}
TARGET_STEP_P99_MS, TARGET_OPEN_P99_MS = 50.0, 200.0
# Every step a state never seen: the per-state PNG caches of the served family emptied
# before each request (the caches of backgrounds, sprites and geometry stay).
SERVE_NEW_STATES = (
    """
from scorer.families.blocksworld import images, views
from scorer.rollout import asgi

act = asgi.HttpApi._act
def act_with_new_states(self, *args):
    images.state_png.cache_clear()
    views._png_2d.cache_clear()
    return act(self, *args)
asgi.HttpApi._act = act_with_new_states
"""
    + SERVE
)


@dataclass(frozen=True)
class Figures:
    steps_per_s: float
    step_p50_ms: float
    step_p99_ms: float
    open_p99_ms: float

    def __str__(self) -> str:
        return (
            f"{self.steps_per_s:,.0f} steps/s (p50 {self.step_p50_ms:.1f} ms, p99 {self.step_p99_ms:.1f} ms; "
            f"open p99 {self.open_p99_ms:.0f} ms)"
        )

    def verdict(self, view: str) -> str:
        met = (
            self.steps_per_s >= TARGET_STEPS["text" if view == "text" else "image"]
            and self.step_p99_ms < TARGET_STEP_P99_MS
            and self.open_p99_ms < TARGET_OPEN_P99_MS
        )
        return "targets met" if met else "targets MISSED"


@dataclass(frozen=True)
class Run:
    url: str
    row_id: str
    view: str
    steps: int
    keep_alive: bool = True
    think_s: float = 0.0  # a pause after each answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=300, help="steps per client")
    parser.add_argument("--clients", default="1,32")
    parser.add_argument("--views", default="text,3d,2d")
    parser.add_argument("--client-processes", type=int, default=4, help="processes the clients are spread over")
    parser.add_argument("--think-ms", type=float, default=0.0, help="each client's pause after each answer")
    args = parser.parse_args()
    think_s = args.think_ms / 1000
    with tempfile.TemporaryDirectory() as folder:
        data = build_data(Path(folder))
        row_id = first_episode_row(data)
        print(
            f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (client and server share them); "
            f"think time {args.think_ms:g} ms"
        )
        log = Path(folder)
        with (
            Server(data, log / "ours.jsonl", max_episodes=256) as ours,
            Server(data, log / "new.jsonl", max_episodes=256, code=SERVE_NEW_STATES) as new_states,
            Server(data, log / "new6.jsonl", 256, SERVE_NEW_STATES, ("--png-level", "6")) as new_states_level6,
        ):
            servers = {"same state": ours.url, "new state": new_states.url, "new state, level 6": new_states_level6.url}
            with ProcessPoolExecutor(args.client_processes) as pool:
                for url in servers.values():  # warm up: the first open reads the shards
                    measure(pool, 1, Run(url, row_id, "text", 5))
                for view in args.views.split(","):
                    for clients in (int(n) for n in args.clients.split(",")):
                        report(pool, servers, Run(ours.url, row_id, view, args.steps, think_s=think_s), clients)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")


def report(pool: ProcessPoolExecutor, servers: dict[str, str], run: Run, clients: int) -> None:
    def line(case: str, figures: Figures, naive: Figures, naive_name: str) -> str:
        verdict = f" [{figures.verdict(run.view)}]" if clients == 32 and not run.think_s else ""
        return (
            f"{run.view}, {clients} client(s), {case}: ours {figures}{verdict}; {naive_name} {naive}; "
            f"ratio {figures.steps_per_s / naive.steps_per_s:.1f}x"
        )

    same = measure(pool, clients, run)
    if run.view == "text":
        fresh = measure(pool, clients, replace(run, keep_alive=False))
        print(line("keep-alive", same, fresh, "a connection per request"), flush=True)
        return
    print(
        f"{run.view}, {clients} client(s), same state: ours {same}"
        + (f" [{same.verdict(run.view)}]" if clients == 32 and not run.think_s else "")
    )
    new = measure(pool, clients, replace(run, url=servers["new state"]))
    new6 = measure(pool, clients, replace(run, url=servers["new state, level 6"]))
    print(line("new state", new, new6, "at the build's PNG level 6"), flush=True)


def measure(pool: ProcessPoolExecutor, clients: int, run: Run) -> Figures:
    """``clients`` clients spread over the pool's processes, all playing ``run`` at once."""
    processes = min(clients, pool._max_workers)  # noqa: SLF001 (the pool's size, as given)
    shares = [clients // processes + (index < clients % processes) for index in range(processes)]
    opens: list[float] = []
    latencies: list[float] = []
    started, ended = float("inf"), 0.0
    for found in pool.map(play_many, [run] * processes, shares):
        opens += found[0]
        latencies += found[1]
        started, ended = min(started, found[2]), max(ended, found[3])
    cuts = statistics.quantiles(latencies, n=100)
    open_p99 = statistics.quantiles(opens, n=100)[98] if len(opens) > 1 else opens[0]
    return Figures(len(latencies) / (ended - started), cuts[49] * 1e3, cuts[98] * 1e3, open_p99 * 1e3)


def play_many(run: Run, clients: int) -> tuple[list[float], list[float], float, float]:
    """In one client process: ``clients`` threads each play ``run``; their open and step
    latencies, and when the first began and the last ended (CLOCK_MONOTONIC, shared by processes)."""
    started = time.perf_counter()
    opens: list[float] = []
    latencies: list[float] = []
    with ThreadPoolExecutor(max_workers=clients) as threads:
        for open_s, found in threads.map(lambda _: play(run), range(clients)):
            opens.append(open_s)
            latencies += found
    return opens, latencies, started, time.perf_counter()


def play(run: Run) -> tuple[float, list[float]]:
    parts = urlsplit(run.url)
    connect: Callable[[], http.client.HTTPConnection] = lambda: http.client.HTTPConnection(  # noqa: E731
        parts.hostname, parts.port, timeout=120
    )
    connection = connect()
    settings = {"view": run.view, "output": "action", "max_steps": 100_000}
    began = time.perf_counter()
    episode = post(connection, "/episodes", json.dumps({"id": run.row_id, "settings": settings}).encode())
    open_s = time.perf_counter() - began
    latencies = []
    for _ in range(run.steps):
        if not run.keep_alive:
            connection.close()
            connection = connect()
        began = time.perf_counter()
        post(connection, f"/episodes/{episode['episode_id']}/step", REPLY)
        latencies.append(time.perf_counter() - began)
        time.sleep(run.think_s)
    connection.request("DELETE", f"/episodes/{episode['episode_id']}")
    connection.getresponse().read()
    connection.close()
    return open_s, latencies


def post(connection: http.client.HTTPConnection, path: str, body: bytes) -> dict:
    connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    document = json.loads(response.read())
    assert response.status in (200, 201), document
    return document


if __name__ == "__main__":
    main()
