"""What a trainer waits on: episodes and steps per second through every door, beside the
engine step alone (the floor), for a scripted agent (issue 42 item 8).

One mini build of an episode config; a random agent (the row's mode's own ``random``
policy, seeded per row) plays every test row once in-process, and its replies are then
sent, unchanged, through each door, so every door plays the very same episodes:

- floor: ``make_episode`` + ``step_on_reply`` alone (no observation decoded or encoded);
- gymnasium: ``PlanariumEnv`` (``scorer.training.gym_env``), reset and step, the text view and
  the default image view (each step decodes its PNG into an array, as a trainer receives it);
- HTTP: ``planarium serve`` in a subprocess, one keep-alive connection, ``POST /episodes``
  then ``POST /episodes/<id>/step`` per reply (text and image views);
- OpenEnv: openenv-core's own client (``tests/rollout/openenv_play.py``) in the interpreter
  that has it (this one, or ``$PLANARIUM_OPENENV_PYTHON``), every row's session at once; its
  wall includes the client's start; skipped with a line otherwise.

Every round of every door starts with empty image caches (in-process doors run in a child
forked before any image was drawn; each server door gets a server of its own), so an image
step costs what a state never seen costs, until the play itself revisits a state.
In-process doors count steps per CPU second of their process. Server doors count steps per
second of wall and per CPU second of client and server together (read from /proc), since
their work is split across two processes on the machine's cores. The load average is
printed beside the figures: on two cores, other jobs multiply every wall figure.

    .venv/bin/python bench/bench_rl_throughput.py [--config blocksworld-episodes] [--rounds 3]
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
from bench_serve_load import Server  # noqa: E402  (bench/ is a folder of scripts)

TEXT_TARGET = 2_000  # gymnasium text steps per second per core (issue 42 item 8)
IMAGE_TARGET = 200  # gymnasium image steps per second per core
OPENENV_PLAY = REPO / "tests" / "rollout" / "openenv_play.py"
MAX_STEPS_PLAYED = 200  # a random agent's episode is cut here (an unfinished episode is still steps)


@dataclass(frozen=True)
class Figure:
    door: str
    view: str
    episodes: int
    steps: int
    cpu_s: float
    wall_s: float

    @property
    def per_cpu_s(self) -> float:
        return self.steps / self.cpu_s if self.cpu_s else float("inf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="blocksworld-episodes", help="An episode config of the mini build.")
    parser.add_argument("--rounds", type=int, default=3, help="Times every door plays the rows (the best counts).")
    args = parser.parse_args()
    from data_build.build import build
    from data_build.spec import BuildSettings
    from scorer.io.dataset import load_keys

    print(f"load average at start: {_load()}")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        build(data, args.config, BuildSettings(size="mini", show_progress=False))
        rows = list(load_keys(data, "test").rows.values())
        text_view, image_view = _views(rows[0])
        plays = [(row, _random_replies(row)) for row in rows]
        print(f"{args.config}: {len(plays)} test rows, {sum(len(r) for _, r in plays)} random-agent steps in all")
        figures = [f for view in (text_view, image_view) for f in _doors(args, data, plays, view, Path(tmp))]
        _print(figures, text_view)
    print(f"load average at end: {_load()}")


Plays = list[tuple[Any, list[str]]]  # (row, the random agent's replies)


def _doors(args: argparse.Namespace, data: Path, plays: Plays, view: str, tmp: Path) -> list[Figure]:
    """Every door's best of ``args.rounds`` plays of ``plays`` in ``view`` (OpenEnv once)."""
    settings = {"view": view}
    figures = [
        _best(args.rounds, partial(_in_child, partial(_floor, plays, settings, view))),
        _best(args.rounds, partial(_in_child, partial(_images, plays, settings, view))),
        _best(args.rounds, partial(_in_child, partial(_gym, args.config, data, plays, settings, view))),
        _best(args.rounds, partial(_served, data, tmp, partial(_http, plays=plays, settings=settings, view=view))),
    ]
    openenv = _served(data, tmp, partial(_openenv, plays=plays, settings=settings, view=view))
    return figures + ([openenv] if openenv else [])


def _in_child(measure: Callable[[], Figure]) -> Figure:
    """``measure`` in a process forked from this one, which has drawn no image yet: every
    round starts with the families' per-state image caches empty, as a new state would."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
        return pool.submit(measure).result()


def _served(data: Path, tmp: Path, measure: Callable[[Server], Figure | None]) -> Figure | None:
    """``measure`` against a server started for it (its image caches empty)."""
    with Server(data, tmp / "log.jsonl", max_episodes=10_000) as server:
        return measure(server)


def _views(row: Any) -> tuple[str, str]:
    """The mode's text view and its default (image) view."""
    from scorer.episodes.engine import make_episode

    settings = make_episode(row, {}).settings
    default = settings["view"]
    return "text", default


def _random_replies(row: Any) -> list[str]:
    """The replies of the row's mode's random policy, played in-process to the episode's end."""
    from planarium_agents.base import Turn
    from scorer.episodes.engine import make_episode, step_on_reply
    from scorer.registry import mode_for

    mode, rng = mode_for(row.domain, None), random.Random(row.id)
    episode = make_episode(row, {"view": "text"})
    _, info = episode.reset()
    turn, replies = Turn(key=row.id, row=row, observation={}, info=info), []  # an agent's turn, in-process
    while not episode.done and len(replies) < MAX_STEPS_PLAYED:
        replies.append(mode.random(turn, rng))
        turn.info = step_on_reply(episode, replies[-1]).info
    return replies


def _floor(plays: Plays, settings: dict[str, Any], view: str) -> Figure:
    from scorer.episodes.engine import make_episode, step_on_reply

    with _clock() as clock:
        for row, replies in plays:
            episode = make_episode(row, settings)
            episode.reset()
            for reply in replies:
                step_on_reply(episode, reply)
    return Figure("engine step (floor)", view, len(plays), _steps(plays), *clock)


def _images(plays: Plays, settings: dict[str, Any], view: str) -> Figure:
    """The profile of an image step: the floor's steps plus what the gymnasium door adds to
    each, its observation's PNG drawn and encoded (``images_png``) and decoded into an array."""
    from scorer.episodes.engine import make_episode, step_on_reply
    from scorer.training.gym_env import PNG_LEVEL, pixels

    with _clock() as clock:
        for row, replies in plays:
            episode = make_episode(row, settings)
            episode.reset()
            for reply in replies:
                observation = step_on_reply(episode, reply).observation
                [pixels(png) for png in observation.images_png(PNG_LEVEL)]
    return Figure("floor + PNG out and in", view, len(plays), _steps(plays), *clock)


def _gym(config: str, data: Path, plays: Plays, settings: dict[str, Any], view: str) -> Figure:
    from scorer.training.gym_env import PlanariumEnv

    env = PlanariumEnv(config, data=data, settings=settings)
    with _clock() as clock:
        for index, (_, replies) in enumerate(plays):
            env.reset(options={"index": index})
            for reply in replies:
                env.step(reply)
    return Figure("gymnasium", view, len(plays), _steps(plays), *clock)


def _http(server: Server, *, plays: Plays, settings: dict[str, Any], view: str) -> Figure:
    address = urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=300)
    before = _process_cpu(server.process.pid)
    with _clock() as clock:
        for row, replies in plays:
            episode = _post(connection, "/episodes", {"id": row.id, "settings": settings})
            for reply in replies:
                _post(connection, f"/episodes/{episode['episode_id']}/step", {"reply": reply})
    server_cpu = _process_cpu(server.process.pid) - before
    connection.close()
    cpu, wall = clock
    return Figure("HTTP server", view, len(plays), _steps(plays), cpu + server_cpu, wall)


def _openenv(server: Server, *, plays: Plays, settings: dict[str, Any], view: str) -> Figure | None:
    python = _openenv_python()
    if python is None:
        print("OpenEnv: skipped (openenv-core is not here; set PLANARIUM_OPENENV_PYTHON, see `make test-openenv`)")
        return None
    sessions = [
        [["reset", {"id": row.id, "settings": settings, "model": "bench"}], *(["step", r] for r in replies)]
        for row, replies in plays
    ]
    # The wall includes the client interpreter's start: subtracting a start timed apart is
    # noise of the same size as a text play (it went below zero), so it is left in and said.
    before = _process_cpu(server.process.pid)
    wall = _openenv_wall(python, server.url, sessions)
    server_cpu = _process_cpu(server.process.pid) - before
    door = f"OpenEnv ({len(sessions)} at once)*"
    return Figure(door, view, len(plays), _steps(plays), server_cpu, wall)


def _openenv_wall(python: str, url: str, sessions: list[list[Any]]) -> float:
    """Wall seconds of openenv-core's client playing ``sessions`` at once (one WebSocket each,
    one event loop), its interpreter's start included."""
    start = time.perf_counter()
    request = json.dumps({"url": url, "sessions": sessions})
    done = subprocess.run([python, str(OPENENV_PLAY)], input=request, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the OpenEnv client failed: {done.stderr.strip().splitlines()[-1:]}")
    return time.perf_counter() - start


def _openenv_python() -> str | None:
    import importlib.util

    if importlib.util.find_spec("openenv") is not None:
        return sys.executable
    python = os.environ.get("PLANARIUM_OPENENV_PYTHON") or str(REPO / ".venv-openenv" / "bin" / "python")
    return python if Path(python).exists() else None


def _post(connection: http.client.HTTPConnection, path: str, body: dict[str, Any]) -> dict[str, Any]:
    connection.request("POST", path, body=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    document: dict[str, Any] = json.loads(response.read())
    if response.status not in (200, 201):
        raise SystemExit(f"POST {path} answered {response.status}: {document}")
    return document


def _best(rounds: int, measure: Callable[[], Figure | None]) -> Figure:
    figures = [figure for _ in range(max(rounds, 1)) if (figure := measure()) is not None]
    return min(figures, key=lambda figure: figure.cpu_s or figure.wall_s)


@contextmanager
def _clock() -> Iterator[list[float]]:
    """[cpu seconds of this process, wall seconds], filled when the block ends."""
    times: list[float] = [0.0, 0.0]
    cpu, wall = time.process_time(), time.perf_counter()
    yield times
    times[0], times[1] = time.process_time() - cpu, time.perf_counter() - wall


def _process_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _steps(plays: Plays) -> int:
    return sum(len(replies) for _, replies in plays)


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def _print(figures: list[Figure], text_view: str) -> None:
    floors = {f.view: f for f in figures if f.door.startswith("engine")}
    print(f"\n{'door':22} {'view':5} {'episodes/s':>11} {'steps/s wall':>13} {'steps/CPU s':>12} {'floor x':>8}")
    for f in figures:
        slower = floors[f.view].per_cpu_s / f.per_cpu_s if f.per_cpu_s else float("inf")
        episodes_per_s = f.episodes / f.wall_s if f.wall_s else float("inf")
        print(
            f"{f.door:22} {f.view:5} {episodes_per_s:11.1f} {f.steps / f.wall_s:13.0f} "
            f"{f.per_cpu_s:12.0f} {slower:8.2f}"
        )
    for f in figures:
        if f.door == "gymnasium":
            target = TEXT_TARGET if f.view == text_view else IMAGE_TARGET
            verdict = "met" if f.per_cpu_s >= target else "NOT met"
            print(f"gymnasium {f.view}: {f.per_cpu_s:,.0f} steps per CPU second, goal {target:,}: {verdict}")
    if any(f.door.startswith("OpenEnv") for f in figures):
        print("* OpenEnv's wall includes its client interpreter's start; its CPU is the server's alone")


if __name__ == "__main__":
    main()
