"""The rollout client's cost per request: ``RolloutClient`` (one connection kept per thread)
against the naive way, a new ``urllib.request`` connection per request (what it did before),
in the same run, against one ``planarium serve`` subprocess on the mini build.

Two cases, one client thread, requests one after another: ``GET /health`` (the HTTP cost
alone) and a whole episode of unparsable replies (``POST /episodes``, then ``POST .../step``
to its step limit). Printed per case and way: the client's CPU, the server's CPU (from
``/proc``) and the wall per request, and the ratios; the load average at the start and the end.

    .venv/bin/python bench/bench_client.py [--requests 2000]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from bench_serve_load import Server, build_data, first_episode_row

from planarium_agents.client import RolloutClient

Call = Callable[[str, str, "dict | None"], dict]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=2000, help="requests per case and way")
    args = parser.parse_args()
    print(f"load average at the start: {_load()}")
    with tempfile.TemporaryDirectory() as folder:
        data = build_data(Path(folder))
        row_id = first_episode_row(data)
        with Server(data, Path(folder) / "episodes.jsonl", max_episodes=64) as server:
            ways: dict[str, Call] = {"urllib, a connection per request": _urllib(server.url)}
            kept = RolloutClient(server.url)
            ways["RolloutClient, a kept connection"] = kept._call
            for case, requests in (("GET /health", _health), ("episodes", _episodes(row_id))):
                costs = {
                    name: _measure(server.process.pid, call, requests, args.requests) for name, call in ways.items()
                }
                _print(case, costs)
            kept.close()
    print(f"load average at the end: {_load()}")


def _urllib(url: str) -> Call:
    def call(method: str, path: str, body: dict | None) -> dict:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url + path, data=data, method=method)
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())

    return call


def _health(call: Call, count: int) -> None:
    for _ in range(count):
        call("GET", "/health", None)


def _episodes(row_id: str) -> Callable[[Call, int], None]:
    def play(call: Call, count: int) -> None:
        sent = 0
        while sent < count:
            episode = call("POST", "/episodes", {"id": row_id, "settings": {"view": "text", "mode": "planner"}})
            sent += 1
            done = False
            while not done and sent < count:
                answer = call("POST", f"/episodes/{episode['episode_id']}/step", {"reply": "no plan"})
                done = answer["terminated"] or answer["truncated"]
                sent += 1

    return play


def _measure(pid: int, call: Call, requests: Callable[[Call, int], None], count: int) -> tuple[float, float, float]:
    """Client CPU, server CPU and wall, in ms per request."""
    client, server, wall = time.process_time(), _server_cpu(pid), time.perf_counter()
    requests(call, count)
    client, server, wall = time.process_time() - client, _server_cpu(pid) - server, time.perf_counter() - wall
    return 1000 * client / count, 1000 * server / count, 1000 * wall / count


def _server_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _print(case: str, costs: dict[str, tuple[float, float, float]]) -> None:
    print(f"\n{case}: ms per request        client CPU   server CPU   wall")
    for name, (client, server, wall) in costs.items():
        print(f"  {name:34s} {client:10.3f} {server:12.3f} {wall:8.3f}")
    (naive, kept) = costs.values()
    ratios = [a / b if b else float("inf") for a, b in zip(naive, kept)]
    print(f"  {'naive / kept':34s} {ratios[0]:9.2f}x {ratios[1]:11.2f}x {ratios[2]:7.2f}x")


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


if __name__ == "__main__":
    main()
