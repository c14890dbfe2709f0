"""The generic task kinds: how a question is asked and how its answer is judged.

Families add kinds of their own; ``scorer.families.task_kinds()`` lists them all.
"""

from scorer.tasks.acp import ACP
from scorer.tasks.base import MISSING, Judgement, Reason, ScoredRow, TaskKind
from scorer.tasks.episode import EPISODE
from scorer.tasks.ground import GROUND

GENERIC_KINDS: tuple[TaskKind, ...] = (GROUND, EPISODE, ACP)

__all__ = ["GENERIC_KINDS", "MISSING", "Judgement", "Reason", "ScoredRow", "TaskKind"]
