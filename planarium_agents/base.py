"""The agent interface: one call per round answers every active episode at once.

Batching across episodes is what lets the offline vLLM agent fill a GPU; HTTP agents
simply answer the batch one by one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from scorer.io.dataset import KeyRow


@dataclass
class Turn:
    """One active episode as an agent sees it: the row, the latest observation and info."""

    key: str  # the server's episode id
    row: KeyRow
    observation: dict[str, Any]  # {"text", "images": [base64 PNG]}
    info: dict[str, Any]
    memory: dict[str, Any] = field(default_factory=dict)  # the agent's own per-episode state


class Agent(Protocol):
    name: str

    def act(self, turns: list[Turn]) -> list[str] | list[str | None]:
        """One raw reply per turn, in order; None when the model could not be asked
        (the episode is then abandoned, not played on)."""
        ...
