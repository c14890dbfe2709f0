"""Play episodes through the HTTP API in lockstep rounds.

Each round collects the latest observation of every active episode, asks the agent
for all replies at once (so a batched model fills its batch), then sends the steps
concurrently. An episode whose request fails is abandoned and reported; the run goes on.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from planarium_agents.base import Agent, Turn
from planarium_agents.client import RolloutClient, ServerError
from scorer.io.dataset import KeyRow


@dataclass
class RunReport:
    logs: list[dict[str, Any]] = field(default_factory=list)  # one log line per finished episode
    errors: list[str] = field(default_factory=list)


def run_episodes(
    client: RolloutClient,
    agent: Agent,
    rows: Sequence[KeyRow],
    settings: dict[str, Any],
    model: str | None,
    concurrency: int = 8,
    on_done: Callable[[], None] = lambda: None,
) -> RunReport:
    report = RunReport()
    with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        for start in range(0, len(rows), concurrency):
            chunk = rows[start : start + concurrency]
            turns = [t for t in pool.map(lambda r: _start(client, r, settings, model, report), chunk) if t]
            while turns:
                replies = agent.act(turns)
                stepped = list(pool.map(lambda turn, reply: _step(client, turn, reply, report), turns, replies))
                turns = [turn for turn, alive in zip(turns, stepped) if alive]
            for _ in chunk:
                on_done()
    report.logs.sort(key=lambda line: line["id"])
    return report


def _start(
    client: RolloutClient, row: KeyRow, settings: dict[str, Any], model: str | None, report: RunReport
) -> Turn | None:
    try:
        answer = client.start(row.id, settings, model)
    except (ServerError, OSError) as error:
        report.errors.append(f"{row.id}: {error}")
        return None
    return Turn(answer["episode_id"], row, answer["observation"], answer.get("info") or {})


def _step(client: RolloutClient, turn: Turn, reply: str | None, report: RunReport) -> bool:
    """Send one reply; True while the episode goes on. A finished episode's log is kept.
    No reply (the model's request failed) abandons the episode: nothing is played for it."""
    if reply is None:
        _abandon(client, turn)
        return False
    try:
        answer = client.step(turn.key, reply)
        if answer["terminated"] or answer["truncated"]:
            report.logs.append(client.show(turn.key)["log"])
            return False
    except (ServerError, OSError) as error:
        report.errors.append(f"{turn.row.id}: {error}")
        _abandon(client, turn)
        return False
    turn.observation, turn.info = answer["observation"], answer.get("info") or {}
    return True


def _abandon(client: RolloutClient, turn: Turn) -> None:
    with contextlib.suppress(ServerError, OSError):  # gone already, or the server is down: nothing to undo
        client.abandon(turn.key)
