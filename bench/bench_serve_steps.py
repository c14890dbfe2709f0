"""The rollout server's step rate and latency over keep-alive connections, per view, with
its caches against the uncached path, and against a new connection per request.

Runs ``planarium serve`` in a subprocess on the mini blocksworld-episodes data; each
client opens an episode (timed: the episode open latency) and sends replies that are
unparsable, so each step is cheap for the episode and it goes on to its step limit; the
observation of every step carries the state in the view asked for (text, or a PNG image
in 3D or 2D). Printed per view and client count: steps/s, p50/p99 step latency and p99
episode open latency, against the issue 19 targets (32 clients: >= 1,000 steps/s text,
>= 200 steps/s with images, p99 step < 50 ms, p99 open < 200 ms), for:

- ours: the server as shipped (images cached by state);
- uncached: the same server with every cache of its drawing modules (those that import
  Pillow) emptied before each request, so every step draws and encodes its image from
  scratch (no per-state PNG cache, no cached background or sprite);
- a connection per request (the naive client), for the text view.

The load generator shares the machine's cores with the server; the load average is
printed beside the figures.

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
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from bench_serve_load import SERVE, Server, build_data, first_episode_row

REPLY = json.dumps({"reply": "no action here"}).encode()
TARGET_STEPS = {"text": 1000.0, "image": 200.0}
TARGET_STEP_P99_MS, TARGET_OPEN_P99_MS = 50.0, 200.0
# The uncached path: every functools cache of a drawing module (one that imports Pillow, or
# scorer.render) emptied before each request is handled, so each image is drawn from scratch.
SERVE_UNCACHED = (
    """
import sys
from scorer.rollout import handler

def draws(module):
    return module.__name__.startswith("scorer.render") or any(
        getattr(value, "__module__", "").startswith("PIL") for value in vars(module).values()
    )

def clear_drawing_caches():
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("scorer") or not draws(module):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", "") == name:
                value.cache_clear()

answer = handler.RolloutHandler._answer
def uncached_answer(self):
    clear_drawing_caches()
    answer(self)
handler.RolloutHandler._answer = uncached_answer
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=300, help="steps per client")
    parser.add_argument("--clients", default="1,32")
    parser.add_argument("--views", default="text,3d,2d")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data = build_data(Path(folder))
        row_id = first_episode_row(data)
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (client and server share them)")
        with (
            Server(data, Path(folder) / "log.jsonl", max_episodes=256) as ours,
            Server(data, Path(folder) / "uncached.jsonl", max_episodes=256, code=SERVE_UNCACHED) as uncached,
        ):
            for server in (ours, uncached):
                measure(server.url, row_id, "text", 1, 5, keep_alive=True)  # warm up: the first open reads the shards
            for view in args.views.split(","):
                for clients in (int(n) for n in args.clients.split(",")):
                    report(ours.url, uncached.url, row_id, view, clients, args.steps)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")


def report(url: str, uncached_url: str, row_id: str, view: str, clients: int, steps: int) -> None:
    kept = measure(url, row_id, view, clients, steps, keep_alive=True)
    slow = measure(uncached_url, row_id, view, clients, steps, keep_alive=True)
    line = (
        f"{view}, {clients} client(s), keep-alive: ours {kept} [{kept.verdict(view) if clients == 32 else ''}]; "
        f"uncached {slow}; ratio {kept.steps_per_s / slow.steps_per_s:.1f}x"
    )
    if view == "text":
        fresh = measure(url, row_id, view, clients, steps, keep_alive=False)
        line += f"; a connection per request {fresh}"
    print(line.replace(" []", ""), flush=True)


def measure(url: str, row_id: str, view: str, clients: int, steps: int, keep_alive: bool) -> Figures:
    settings = {"view": view, "output": "action", "max_steps": 100_000}
    opens: list[float] = []
    latencies: list[float] = []
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        for open_s, found in pool.map(lambda _: play(url, row_id, settings, steps, keep_alive), range(clients)):
            opens.append(open_s)
            latencies += found
    elapsed = time.perf_counter() - started
    cuts = statistics.quantiles(latencies, n=100)
    open_p99 = statistics.quantiles(opens, n=100)[98] if len(opens) > 1 else opens[0]
    return Figures(len(latencies) / elapsed, cuts[49] * 1e3, cuts[98] * 1e3, open_p99 * 1e3)


def play(url: str, row_id: str, settings: dict, steps: int, keep_alive: bool) -> tuple[float, list[float]]:
    parts = urlsplit(url)
    connect: Callable[[], http.client.HTTPConnection] = lambda: http.client.HTTPConnection(  # noqa: E731
        parts.hostname, parts.port, timeout=120
    )
    connection = connect()
    began = time.perf_counter()
    episode = post(connection, "/episodes", json.dumps({"id": row_id, "settings": settings}).encode())
    open_s = time.perf_counter() - began
    latencies = []
    for _ in range(steps):
        if not keep_alive:
            connection.close()
            connection = connect()
        began = time.perf_counter()
        post(connection, f"/episodes/{episode['episode_id']}/step", REPLY)
        latencies.append(time.perf_counter() - began)
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
