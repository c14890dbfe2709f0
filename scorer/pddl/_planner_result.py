"""What an external planner run concluded."""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass
from typing import Any


class PlannerVerdict(enum.Enum):
    """How a planner run ended (a row's score is a ``scorer.tasks.Judgement``)."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    TIMEOUT = "timeout"
    MEMOUT = "memout"
    UNSUPPORTED = "unsupported"
    ERROR = "error"


@dataclass(frozen=True)
class PlannerResult:
    """`plan` uses our action names ("(moveblock r c1)"); `cost` is the plan's
    cost (its length unless the problem has action costs); `optimal` is True
    only when the engine guarantees the cost is minimal; `cached` marks a
    result served from a PlannerCache."""

    verdict: PlannerVerdict
    plan: list[str] | None
    cost: int | None
    optimal: bool
    engine: str
    seconds: float
    message: str = ""
    cached: bool = False

    def to_json(self) -> dict[str, Any]:
        record = asdict(self)
        record["verdict"] = self.verdict.value
        del record["cached"]
        return record

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> PlannerResult:
        return cls(**{**record, "verdict": PlannerVerdict(record["verdict"])})
