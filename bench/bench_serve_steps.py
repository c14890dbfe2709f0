"""The rollout server's step rate over keep-alive connections, against a new connection
per request (the naive client), with text observations.

Runs ``planarium serve`` in a subprocess on the mini blocksworld-episodes data and plays
episodes whose every reply is unparsable (so each step is cheap and the episode goes on
to its step limit); prints steps/s and p50/p99 step latency for 1 and 32 clients.

    python bench/bench_serve_steps.py [--steps 400] [--clients 1,32]
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

from bench_serve_load import Server, build_data, first_episode_row

SETTINGS = {"view": "text", "output": "action", "max_steps": 100_000}
REPLY = json.dumps({"reply": "no action here"}).encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=400, help="steps per client")
    parser.add_argument("--clients", default="1,32")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data = build_data(Path(folder))
        row_id = first_episode_row(data)
        with Server(data, Path(folder) / "log.jsonl", max_episodes=256) as server:
            measure(server.url, row_id, 1, 5, keep_alive=True)  # warm up: the first open reads the shards
            for clients in (int(n) for n in args.clients.split(",")):
                kept = measure(server.url, row_id, clients, args.steps, keep_alive=True)
                fresh = measure(server.url, row_id, clients, args.steps, keep_alive=False)
                print(f"{clients} client(s): keep-alive {kept}; a connection per request {fresh}")


def measure(url: str, row_id: str, clients: int, steps: int, keep_alive: bool) -> str:
    latencies: list[float] = []
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        for found in pool.map(lambda _: play(url, row_id, steps, keep_alive), range(clients)):
            latencies += found
    elapsed = time.perf_counter() - started
    cuts = statistics.quantiles(latencies, n=100)
    return f"{len(latencies) / elapsed:,.0f} steps/s (p50 {cuts[49] * 1e3:.1f} ms, p99 {cuts[98] * 1e3:.1f} ms)"


def play(url: str, row_id: str, steps: int, keep_alive: bool) -> list[float]:
    parts = urlsplit(url)
    connect: Callable[[], http.client.HTTPConnection] = lambda: http.client.HTTPConnection(  # noqa: E731
        parts.hostname, parts.port, timeout=60
    )
    connection = connect()
    episode = post(connection, "/episodes", json.dumps({"id": row_id, "settings": SETTINGS}).encode())
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
    return latencies


def post(connection: http.client.HTTPConnection, path: str, body: bytes) -> dict:
    connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    document = json.loads(response.read())
    assert response.status in (200, 201), document
    return document


if __name__ == "__main__":
    main()
