"""Planarium's rewards as a TRL reward function (``GRPOTrainer(reward_funcs=[...])``).

TRL calls a reward function as ``fn(prompts=..., completions=..., completion_ids=...,
**columns)`` where ``columns`` holds every column of the training rows but ``prompt``
(one list per column, one item per completion) and ``trainer_state``; it takes a list of
floats back (None for a completion the function does not judge). The row is found by
the ``id`` column, and judged by ``scorer.training.rewards.reward``, so a reward is the verdict
``score`` gives the same reply. Completions come as strings (standard prompts) or as
conversational message lists (``[{"role": "assistant", "content": ...}]``); the last
assistant message is the reply. For an episode row the completion is the episode's first
reply, played in the row's default mode (a plan in one reply can reach the goal).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from scorer.io.dataset import KeyRow, load_keys
from scorer.training.rewards import EPISODE_TASK, reward

RewardFunction = Callable[..., list[float | None]]


def planarium_reward(
    config: str, data: Path | str = "parquet", split: str = "test", shaped: bool = False
) -> RewardFunction:
    """A TRL reward function for the rows of ``config`` in ``data`` (a built dataset folder)
    and ``split``: sparse (the benchmark's verdict) or ``shaped`` (``scorer.training.rewards``).
    A completion whose ``id`` is another config's row gets None (TRL's "not mine", for a
    mixed dataset with one reward function per config); an id of ``config`` the split does not
    hold, a None completion, or a count of completions other than of ids is an error."""
    rows = load_keys(Path(data), split, {config}).rows

    def planarium(
        prompts: Sequence[Any] | None = None, completions: Sequence[Any] = (), **columns: Any
    ) -> list[float | None]:
        ids = columns.get("id")
        if ids is None:
            raise KeyError("the training rows need their 'id' column: Planarium finds each row's answer key by it")
        if len(ids) != len(completions):  # zip would pair completions with the wrong rows
            raise ValueError(f"{len(completions)} completions for {len(ids)} ids: TRL passes one id per completion")
        return [
            _reward(_row(rows, config, str(row_id)), completion, shaped) for row_id, completion in zip(ids, completions)
        ]

    planarium.__name__ = f"planarium_{config.replace('-', '_')}"  # TRL logs each reward under its name
    return planarium


def _row(rows: Mapping[str, KeyRow], config: str, row_id: str) -> KeyRow | None:
    """The row of ``row_id``; None for another config's row (TRL's "not mine"), an error for
    an id of this config that the split does not hold."""
    if row_id in rows:
        return rows[row_id]
    if row_id.startswith(f"{config}/"):
        raise KeyError(f"no row {row_id!r} in config {config!r} of this split: is the data the one trained on?")
    return None


def _reward(row: KeyRow | None, completion: Any, shaped: bool) -> float | None:
    if row is None:
        return None
    if completion is None:
        raise TypeError(f"the completion for {row.id} is None: expected the reply text or its chat messages")
    reply = completion_text(completion)
    if row.task == EPISODE_TASK:
        return reward(row, {"settings": {}, "replies": [reply]}, shaped).value
    return reward(row, reply, shaped).value


def completion_text(completion: Any) -> str:
    """The reply in a completion as TRL passes it: a string, or a list of chat messages
    whose last assistant message holds it (its content a string or a list of text parts)."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Mapping):
        completion = [completion]
    assistant = [m for m in completion if isinstance(m, Mapping) and m.get("role", "assistant") == "assistant"]
    if not assistant:
        raise TypeError("a conversational completion needs an assistant message")
    content = assistant[-1].get("content", "")
    if isinstance(content, str):
        return content
    return "".join(part.get("text", "") for part in content if isinstance(part, Mapping) and part.get("type") == "text")
