"""The rollout server under load: simultaneous opens, and memory after many finished episodes.

Runs ``planarium serve`` in a subprocess (so its RSS is its own) on the mini
blocksworld-episodes data and prints:

- for each burst size (32, 200 by default): how many simultaneous ``POST /episodes``
  got an HTTP answer (and which statuses), and how many saw a connection reset;
- the server's RSS before and after ``--episodes`` (default 1,000) episodes that each
  finish on one reply of ``--reply-kb`` (default 170) KB and are never deleted.

    python bench/bench_serve_load.py [--bursts 32,200] [--episodes 1000] [--reply-kb 170]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

SERVE = "from scorer.rollout.command import serve; serve()"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bursts", default="32,200")
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--reply-kb", type=int, default=170)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data = build_data(Path(folder))
        row_id = first_episode_row(data)
        for size in [int(s) for s in args.bursts.split(",")]:
            with Server(data, Path(folder) / f"burst{size}.jsonl", max_episodes=4 * size) as server:
                print(f"{size} simultaneous opens: {burst(server.url, row_id, size)}")
        with Server(data, Path(folder) / "memory.jsonl", max_episodes=256) as server:
            before = server.rss_mb()
            started = time.perf_counter()
            finish_episodes(server.url, row_id, args.episodes, args.reply_kb * 1000)
            after = server.rss_mb()
            print(
                f"{args.episodes} finished, undeleted episodes with {args.reply_kb} KB replies: RSS "
                f"{before:.0f} -> {after:.0f} MB (+{after - before:.0f} MB) in {time.perf_counter() - started:.1f} s"
            )


def build_data(folder: Path) -> Path:
    from data_build.build import build
    from data_build.spec import BuildSettings

    out = folder / "data"
    build(out, "blocksworld-episodes", BuildSettings(size="mini", show_progress=False))
    return out


def first_episode_row(data: Path) -> str:
    from scorer.io.dataset import load_keys

    return next(iter(load_keys(data, "test").rows))


class Server:
    """``planarium serve`` in a subprocess, on a free port, stopped with SIGTERM."""

    def __init__(
        self, data: Path, log: Path, max_episodes: int, code: str = SERVE, options: tuple[str, ...] = ()
    ) -> None:
        command = [
            sys.executable,
            "-c",
            code,
            "--data",
            str(data),
            "--port",
            "0",
            "--log",
            str(log),
            "--max-episodes",
            str(max_episodes),
            *options,
        ]
        self.process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        banner = self.process.stderr.readline()  # type: ignore[union-attr]
        self.url = banner.split(" at ")[1].split(";")[0]
        # Drain stderr so a chatty server never blocks on a full pipe.
        self._stderr: list[str] = []
        threading.Thread(target=lambda: self._stderr.extend(self.process.stderr), daemon=True).start()  # type: ignore[arg-type]

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")) / 1024

    def __enter__(self) -> Server:  # noqa: PYI034 (a plain class, never subclassed)
        return self

    def __exit__(self, *exc: object) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def burst(url: str, row_id: str, size: int) -> str:
    """``size`` threads released at once, each opening one episode on a fresh connection."""
    barrier = threading.Barrier(size)
    body = json.dumps({"id": row_id}).encode()

    def open_one(_: int) -> str:
        parts = urlsplit(url)
        # Generous: on a loaded 2-core machine the last of 200 opens (each renders its first image) waits long.
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600)
        barrier.wait()
        try:
            connection.request("POST", "/episodes", body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            return str(response.status)
        except (ConnectionResetError, BrokenPipeError, http.client.RemoteDisconnected):
            return "reset"
        except OSError as error:
            return type(error).__name__
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=size) as pool:
        outcomes = Counter(pool.map(open_one, range(size)))
    answered = sum(n for outcome, n in outcomes.items() if outcome.isdigit())
    return f"{answered} HTTP answers, {outcomes.get('reset', 0)} resets ({dict(sorted(outcomes.items()))})"


def finish_episodes(url: str, row_id: str, count: int, reply_bytes: int) -> None:
    """Episodes of one step (max_steps 1) whose one reply is ``reply_bytes`` of prose: each ends truncated."""
    reply = json.dumps({"reply": "x" * reply_bytes}).encode()
    settings = json.dumps({"id": row_id, "settings": {"output": "action", "max_steps": 1}}).encode()
    parts = urlsplit(url)

    def play(indices: range) -> None:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        for _ in indices:
            connection.request("POST", "/episodes", body=settings)
            response = connection.getresponse()
            episode_id = json.loads(response.read())["episode_id"]
            connection.request("POST", f"/episodes/{episode_id}/step", body=reply)
            response = connection.getresponse()
            assert json.loads(response.read())["truncated"], "the one-step episode did not end"
        connection.close()

    workers = 4
    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(play, [range(i, count, workers) for i in range(workers)]))


if __name__ == "__main__":
    print("load average at start: {:.2f} {:.2f} {:.2f}; {} cores".format(*os.getloadavg(), os.cpu_count()))
    main()
