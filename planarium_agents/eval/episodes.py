"""Episode rows, played through the episode engine: in this process (an ``EpisodeService``
with no HTTP in between) or through a running ``planarium serve`` (``--server URL``).

The model answers each turn through the same cached chat requests as a question; a turn
whose request fails after its retries ends the episode as an API failure (abandoned, not
scored), so a flaky endpoint never reads as a model that failed the task.
"""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Callable, Sequence
from http import HTTPStatus
from pathlib import Path
from typing import Any

from tqdm import tqdm

from planarium_agents.base import Turn
from planarium_agents.client import RolloutClient, ServerError
from planarium_agents.eval.cache import CachedModel
from planarium_agents.eval.models import ChatRequest, Draw
from planarium_agents.openai_agent import Completion
from planarium_agents.runner import RunReport, run_episodes
from scorer.io.dataset import KeyRow
from scorer.rollout.errors import ApiError
from scorer.rollout.log import EpisodeLog
from scorer.rollout.service import EpisodeService

IDLE_TIMEOUT_S = 3600.0  # nothing expires episodes in-process; the service still wants a bound


class LocalClient:
    """RolloutClient's interface over an in-process EpisodeService."""

    def __init__(self, rows: Sequence[KeyRow], log_path: Path, max_active: int) -> None:
        self.log = EpisodeLog(log_path)
        self.service = EpisodeService({row.id: row for row in rows}, self.log, max_active, IDLE_TIMEOUT_S)

    def _call(self, action: Any, *args: Any) -> dict[str, Any]:
        try:
            return action(*args)
        except ApiError as error:
            raise ServerError(f"{HTTPStatus(error.status).value} {error.message}") from None

    def start(self, row_id: str, settings: dict[str, Any], model: str | None) -> dict[str, Any]:
        return self._call(self.service.open, row_id, settings, model)

    def step(self, episode_id: str, reply: str) -> dict[str, Any]:
        return self._call(self.service.step, episode_id, reply)

    def show(self, episode_id: str) -> dict[str, Any]:
        return self._call(self.service.describe, episode_id)

    def abandon(self, episode_id: str) -> dict[str, Any]:
        return self._call(self.service.abandon, episode_id)

    def close(self) -> None:
        self.log.close()


class ModelAgent:
    """An Agent whose replies come from a (cached) chat model; None marks an API failure."""

    name = "model"

    def __init__(self, model: CachedModel) -> None:
        self.model = model
        self.failures: dict[str, str] = {}  # row id -> why its request failed
        self.sample = 0  # which sample of each row the episodes being played are (eval --samples)
        self.on_step: Callable[[], None] = lambda: None  # called as each turn's reply comes
        self._lock = threading.Lock()

    def act(self, turns: list[Turn]) -> list[str | None]:
        replies: list[str | None] = [None] * len(turns)

        def done(index: int, completion: Completion) -> None:
            replies[index] = completion.text
            self.on_step()
            if completion.text is None:
                with self._lock:
                    self.failures[turns[index].row.id] = completion.error or "no reply"

        self.model.complete([_request(turn, self.sample) for turn in turns], done)
        return replies


def _request(turn: Turn, sample: int = 0) -> ChatRequest:
    """The turn's request, drawn as its episode's next step: a sampled turn is asked afresh
    even when its prompt repeats an earlier one (a model stuck in a state)."""
    step = turn.memory.get("step", 0)
    turn.memory["step"] = step + 1
    return ChatRequest(turn.observation, draw=Draw(turn.row.id, step, sample))


def play_episodes(
    model: CachedModel,
    rows: Sequence[KeyRow],
    settings: dict[str, Any],
    server: str | None,
    concurrency: int,
    show_progress: bool = True,
    samples: int = 1,
    on_episode: Callable[[], None] = lambda: None,
    on_step: Callable[[], None] = lambda: None,
) -> tuple[RunReport, dict[str, str]]:
    """The episode logs (the prediction lines of these rows; with ``samples``, each row's in
    sample order) and the API failures by row id. The samples are played one round after
    another, so each episode knows its sample index from its first turn (its draws, and so
    a resumed run's cache, depend on it). ``on_episode`` and ``on_step`` are called as each
    episode ends and as each turn's reply comes (a part of an eval run reports them)."""
    agent = ModelAgent(model)
    report = RunReport()
    total = len(rows) * samples
    with tempfile.TemporaryDirectory() as folder:
        client: Any = RolloutClient(server) if server else LocalClient(rows, Path(folder) / "log.jsonl", concurrency)
        try:
            with tqdm(total=total, desc=f"{model.spec} episodes", unit="episode", disable=not show_progress) as bar:
                agent.on_step = _counting_steps(bar, on_step)

                def ended() -> None:
                    bar.update(1)
                    on_episode()

                for sample in range(samples):
                    agent.sample = sample
                    played = run_episodes(client, agent, rows, settings, str(model.spec), concurrency, on_done=ended)
                    report.logs += played.logs
                    report.errors += played.errors
        finally:
            client.close()
    report.logs = [line for line in report.logs if line["id"] not in agent.failures]
    return report, agent.failures


def _counting_steps(bar: tqdm, on_step: Callable[[], None]) -> Callable[[], None]:
    """A step callback that shows the steps taken on ``bar`` too (replies come on several threads)."""
    lock = threading.Lock()
    steps = 0

    def step() -> None:
        nonlocal steps
        with lock:
            steps += 1
            bar.set_postfix(steps=steps, refresh=False)
        on_step()

    return step
