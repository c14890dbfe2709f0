"""1,000 concurrent episodes on this machine: through the rollout server, and in process
through the gymnasium environments (``scorer.training.gym_env``), measured in the same run.

Both play the first mini ``blocksworld-episodes`` row in the text view, every episode open
at once: all are opened first, then stepped round-robin (each step a reply with no action,
so every episode goes on), ``--steps`` steps each. Printed for each way: steps per second,
p50 / p99 step latency, and memory per open episode (the server's resident memory, or this
process's, after the opens minus before, over the episodes). The server is driven by
``--clients`` threads over keep-alive connections, each with its share of the episodes;
the ratio is the in-process rate over the server's. The load average is printed beside.

    python bench/bench_episodes_scale.py [--episodes 1000] [--steps 5] [--clients 32]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_serve_load import Server, build_data, first_episode_row  # noqa: E402

CONFIG = "blocksworld-episodes"
SETTINGS = {"view": "text", "output": "action", "max_steps": 100_000}
REPLY = "no action here"


def rss_mb(pid: int | str = "self") -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")) / 1024


def post(connection: http.client.HTTPConnection, path: str, document: dict) -> dict:
    connection.request("POST", path, body=json.dumps(document).encode(), headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    answer = json.loads(response.read())
    assert response.status in (200, 201), answer
    return answer


def through_server(
    data: Path, row_id: str, episodes: int, steps: int, clients: int
) -> tuple[list[float], float, float]:
    """(step latencies, wall seconds of the steps, MB per open episode) through ``planarium serve``."""
    with Server(data, data.parent / "log.jsonl", max_episodes=episodes + 8) as server:
        parts = urlsplit(server.url)
        connections = [http.client.HTTPConnection(parts.hostname, parts.port, timeout=600) for _ in range(clients)]
        before = server.rss_mb()
        share = [list(range(c, episodes, clients)) for c in range(clients)]

        def open_share(client: int) -> list[str]:
            body = {"id": row_id, "settings": SETTINGS}
            return [post(connections[client], "/episodes", body)["episode_id"] for _ in share[client]]

        with ThreadPoolExecutor(clients) as pool:
            ids = list(pool.map(open_share, range(clients)))
        per_episode = (server.rss_mb() - before) / episodes

        def step_share(client: int) -> list[float]:
            latencies = []
            for _ in range(steps):
                for episode_id in ids[client]:
                    began = time.perf_counter()
                    post(connections[client], f"/episodes/{episode_id}/step", {"reply": REPLY})
                    latencies.append(time.perf_counter() - began)
            return latencies

        started = time.perf_counter()
        with ThreadPoolExecutor(clients) as pool:
            latencies = [latency for found in pool.map(step_share, range(clients)) for latency in found]
        return latencies, time.perf_counter() - started, per_episode


def in_process(data: Path, index: int, episodes: int, steps: int) -> tuple[list[float], float, float]:
    """The same through ``episodes`` gymnasium environments in this process."""
    import gymnasium

    before = rss_mb()
    envs = [
        gymnasium.make(f"scorer.training.gym_env:planarium/{CONFIG}-v0", data=str(data), index=index, settings=SETTINGS)
        for _ in range(episodes)
    ]
    for env in envs:
        env.reset()
    per_episode = (rss_mb() - before) / episodes
    latencies = []
    started = time.perf_counter()
    for _ in range(steps):
        for env in envs:
            began = time.perf_counter()
            env.step(REPLY)
            latencies.append(time.perf_counter() - began)
    return latencies, time.perf_counter() - started, per_episode


def line(way: str, latencies: list[float], wall: float, per_episode: float) -> tuple[str, float]:
    rate = len(latencies) / wall
    p50, p99 = statistics.median(latencies) * 1000, statistics.quantiles(latencies, n=100)[98] * 1000
    return f"{way:28} {rate:8,.0f} steps/s  p50 {p50:6.2f} ms  p99 {p99:7.2f} ms  {per_episode:6.3f} MB/episode", rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=5, help="steps per episode")
    parser.add_argument("--clients", type=int, default=32, help="server client threads")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}; {args.episodes:,} episodes open at once, {CONFIG}")
    with tempfile.TemporaryDirectory() as folder:
        data = build_data(Path(folder))
        row_id = first_episode_row(data)
        from scorer.io.dataset import load_keys

        index = list(load_keys(data, "test", {CONFIG}).rows).index(row_id)
        served, server_rate = line(
            "server (HTTP, keep-alive)", *through_server(data, row_id, args.episodes, args.steps, args.clients)
        )
        local, local_rate = line("gymnasium, in process", *in_process(data, index, args.episodes, args.steps))
    print(served)
    print(local)
    print(f"in process / server: x{local_rate / server_rate:.1f}; load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
